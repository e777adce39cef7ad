import { describe, expect, it } from 'vitest';
import { monthsEnding, monthBounds, costPerKm } from './costs.ts';
import { fuelCreateSchema, maintenanceCreateSchema, reminderCreateSchema } from './maintenance.contract.ts';

const service = { fecha: '2026-11-01', kilometraje: 45_000, tipo: 'cambio_aceite', costo: 180_000 };

describe('maintenance contract', () => {
  it('accepts a record and fills the optional fields', () => {
    expect(maintenanceCreateSchema.parse(service)).toEqual({
      ...service,
      descripcion: null,
      taller: null,
      correccion: false,
    });
  });

  it('refuses text in numbers, negatives, decimals, unknown types and bad dates', () => {
    for (const bad of [
      { kilometraje: '45000' },
      { kilometraje: 'doce mil' },
      { costo: -1 },
      { costo: 10.5 },
      { tipo: 'lavado' },
      { fecha: '2026-02-30' },
      { fecha: '01-11-2026' },
      { fecha: '1949-12-31' },
      { descripcion: 'a'.repeat(501) },
      { taller: 'Taller\u0000' },
      { correccion: 'si' },
    ]) {
      expect(maintenanceCreateSchema.safeParse({ ...service, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
  });

  it('refuses gallons over 100, zero gallons and more than three decimals', () => {
    const fuel = {
      fecha: '2026-11-01',
      kilometraje: 45_000,
      galones: 10.5,
      costo: 160_000,
      tanque_lleno: true,
    };
    expect(fuelCreateSchema.parse(fuel).galones).toBe(10.5);
    expect(fuelCreateSchema.safeParse({ ...fuel, galones: 100 }).success).toBe(true);
    expect(fuelCreateSchema.safeParse({ ...fuel, galones: 100.001 }).success).toBe(false);
    expect(fuelCreateSchema.safeParse({ ...fuel, galones: 0 }).success).toBe(false);
    expect(fuelCreateSchema.safeParse({ ...fuel, galones: 1.2345 }).success).toBe(false);
    expect(fuelCreateSchema.safeParse({ ...fuel, tanque_lleno: undefined }).success).toBe(false);
  });

  it('asks a reminder for at least one of every km and every months', () => {
    expect(reminderCreateSchema.safeParse({ tipo: 'frenos' }).success).toBe(false);
    expect(reminderCreateSchema.safeParse({ tipo: 'frenos', cada_km: 0 }).success).toBe(false);
    expect(reminderCreateSchema.parse({ tipo: 'frenos', cada_meses: 12 })).toEqual({
      tipo: 'frenos',
      cada_km: null,
      cada_meses: 12,
      ultimo_km: null,
      ultima_fecha: null,
    });
  });

  it('lists twelve months, bounds a month and rounds the cost per km', () => {
    expect(monthsEnding('2026-03')).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(monthBounds('2028-02')).toEqual({ desde: '2028-02-01', hasta: '2028-02-29' });
    expect(costPerKm(100_000, 0)).toBeNull();
    expect(costPerKm(100_000, 300)).toBe(333);
  });
});
