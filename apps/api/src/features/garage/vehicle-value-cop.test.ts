import { describe, expect, it } from 'vitest';
import { usdCopRateFrom, withCop } from './vehicle-value-cop.ts';

describe('vehicle value in COP', () => {
  it('keeps USD only when no rate is configured', () => {
    expect(usdCopRateFrom({})).toBeUndefined();
    expect(withCop(18_250, false, undefined)).toEqual({ valor_vehiculo: 18_250, demo: false });
  });

  it('converts at the configured rate, rounded to the thousand, with the rate and its date', () => {
    const rate = usdCopRateFrom({ USD_COP_RATE: 4012.5, USD_COP_RATE_DATE: '2026-11-01' });
    expect(withCop(18_250, true, rate)).toEqual({
      valor_vehiculo: 18_250,
      demo: true,
      valor_cop: 73_228_000,
      tasa_usd_cop: 4012.5,
      tasa_fecha: '2026-11-01',
    });
  });
});
