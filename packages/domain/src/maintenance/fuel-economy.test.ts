import { describe, expect, it } from 'vitest';
import { averageEconomy, fuelEconomy, type FuelFill } from './fuel-economy.ts';

let seq = 0;
const fill = (
  fecha: string,
  kilometraje: number,
  galones: number,
  tanque_lleno = true,
  correccion = false,
): FuelFill => ({
  id: ++seq,
  fecha,
  kilometraje,
  galones,
  tanque_lleno,
  correccion,
});

describe('fuel economy between full tanks', () => {
  it('is null for the first full tank and km ÷ gallons for the next one', () => {
    const a = fill('2026-10-01', 10_000, 10);
    const b = fill('2026-10-10', 10_400, 10);
    const result = fuelEconomy([b, a]);
    expect(result.get(a.id)).toBeNull();
    expect(result.get(b.id)).toBe(40);
  });

  it('counts the gallons of the partial fill-ups in between, and gives the partial ones no figure', () => {
    const a = fill('2026-10-01', 10_000, 12);
    const p = fill('2026-10-05', 10_200, 4, false);
    const b = fill('2026-10-09', 10_500, 6);
    const result = fuelEconomy([a, p, b]);
    expect(result.get(p.id)).toBeNull();
    // 500 km on 4 + 6 gallons.
    expect(result.get(b.id)).toBe(50);
  });

  it('is null when the tank before was not full, and rounds to two decimals', () => {
    const p = fill('2026-10-01', 10_000, 5, false);
    const a = fill('2026-10-03', 10_100, 8);
    const b = fill('2026-10-07', 10_430, 9);
    const result = fuelEconomy([p, a, b]);
    expect(result.get(a.id)).toBeNull();
    expect(result.get(b.id)).toBe(36.67);
  });

  it('orders by date and odometer, not by the order they were recorded', () => {
    const late = fill('2026-10-20', 11_000, 10);
    const early = fill('2026-10-01', 10_500, 10);
    expect(fuelEconomy([late, early]).get(late.id)).toBe(50);
  });

  it('measures nothing across an odometer correction', () => {
    const a = fill('2026-10-01', 90_000, 10);
    const c = fill('2026-10-05', 100, 10, true, true);
    const b = fill('2026-10-09', 500, 10);
    const result = fuelEconomy([a, c, b]);
    expect(result.get(c.id)).toBeNull();
    expect(result.get(b.id)).toBe(40);
  });

  it('gives no figure when the odometer did not move', () => {
    const a = fill('2026-10-01', 10_000, 10);
    const b = fill('2026-10-01', 10_000, 3);
    expect(fuelEconomy([a, b]).get(b.id)).toBeNull();
  });

  it('averages by total kilometres ÷ total gallons of the measured stretches', () => {
    const fills = [
      fill('2026-10-01', 10_000, 10),
      fill('2026-10-02', 10_100, 10), // 100 km / 10 gal
      fill('2026-10-03', 10_900, 20), // 800 km / 20 gal
    ];
    expect(averageEconomy(fills)).toBe(30);
    expect(averageEconomy([fill('2026-10-01', 1, 1)])).toBeNull();
  });
});
