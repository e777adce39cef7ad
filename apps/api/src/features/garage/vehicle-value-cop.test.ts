import { describe, expect, it } from 'vitest';
import { usdCopRateFrom, VALUE_SOURCE, withCop } from './vehicle-value-cop.ts';

describe('vehicle value in COP (decision 074)', () => {
  it('keeps USD only when neither the provider nor a rate gives pesos, with the source and date', () => {
    expect(usdCopRateFrom({})).toBeUndefined();
    expect(withCop({ valor_vehiculo: 18_250 }, false, undefined, '2026-11-25')).toEqual({
      valor_vehiculo: 18_250,
      demo: false,
      fuente: VALUE_SOURCE.other,
      fecha: '2026-11-25',
    });
  });

  it('converts at the configured rate, rounded to the thousand, with the rate and its date', () => {
    const rate = usdCopRateFrom({ USD_COP_RATE: 4012.5, USD_COP_RATE_DATE: '2026-11-01' });
    expect(withCop({ valor_vehiculo: 18_250 }, true, rate, '2026-11-25')).toEqual({
      valor_vehiculo: 18_250,
      demo: true,
      valor_cop: 73_228_000,
      tasa_usd_cop: 4012.5,
      tasa_fecha: '2026-11-01',
      fuente: VALUE_SOURCE.demo,
      fecha: '2026-11-25',
    });
  });

  it("takes the provider's own pesos and source over any rate", () => {
    const rate = usdCopRateFrom({ USD_COP_RATE: 4012.5, USD_COP_RATE_DATE: '2026-11-01' });
    expect(
      withCop(
        { valor_vehiculo: 11_250, valor_cop: 45_000_000, fuente: 'Valor de demostración' },
        true,
        rate,
        '2026-11-25',
      ),
    ).toEqual({
      valor_vehiculo: 11_250,
      demo: true,
      valor_cop: 45_000_000,
      fuente: 'Valor de demostración',
      fecha: '2026-11-25',
    });
  });
});
