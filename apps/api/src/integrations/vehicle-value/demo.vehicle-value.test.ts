import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { DEMO_COP_PER_USD, DemoVehicleValueProvider } from './demo.vehicle-value.ts';
import type { ValueQuery } from './vehicle-value-provider.ts';

const demo = new DemoVehicleValueProvider(new ManualClock('2026-11-22T15:00:00Z'));
const picanto: ValueQuery = {
  placa: 'KMN482',
  marca: 'KIA',
  linea: 'PICANTO',
  modelo: 2024,
  clase: 'AUTOMOVIL',
  combustible: 'GASOLINA',
  cilindraje: 1250,
};

describe('DemoVehicleValueProvider', () => {
  it('is deterministic and answers whole US dollars in a plausible range', async () => {
    const a = await demo.valueOf(picanto);
    expect(await demo.valueOf({ ...picanto })).toEqual(a);
    expect(Number.isInteger(a.valor_vehiculo)).toBe(true);
    expect(a.valor_vehiculo).toBeGreaterThan(10_000);
    expect(a.valor_vehiculo).toBeLessThan(40_000);
    // Its own peso figure, to the hundred thousand, labelled as demo data (decision 074).
    expect(a.valor_cop).toBe(Math.round((a.valor_vehiculo * DEMO_COP_PER_USD) / 100_000) * 100_000);
    expect(a.fuente).toBe('Valor de demostración');
  });

  it('depreciates with age, values premium brands and SUVs higher, motorcycles lower', async () => {
    const v = async (q: Partial<ValueQuery>) => (await demo.valueOf({ ...picanto, ...q })).valor_vehiculo;
    expect(await v({ modelo: 2012 })).toBeLessThan(await v({ modelo: 2020 }));
    expect(await v({ modelo: 2020 })).toBeLessThan(await v({ modelo: 2026 }));
    expect(await v({ marca: 'BMW', linea: 'X1', clase: 'CAMIONETA', cilindraje: 2000 })).toBeGreaterThan(
      await v({}),
    );
    const moto = await v({ marca: 'BAJAJ', linea: 'BOXER CT100', clase: 'MOTOCICLETA', cilindraje: 100 });
    expect(moto).toBeGreaterThan(500);
    expect(moto).toBeLessThan(3_000);
  });
});
