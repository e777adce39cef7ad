import { describe, expect, it } from 'vitest';
import { kmDriven } from './costs.ts';
import { mileageAfter, odometerConflict, type OdometerReading } from './odometer.ts';

const r = (fecha: string, kilometraje: number, correccion = false): OdometerReading => ({
  fecha,
  kilometraje,
  correccion,
});

describe('odometer rule', () => {
  const history = [r('2026-09-01', 40_000), r('2026-10-01', 45_000), r('2026-11-01', 50_000)];

  it('accepts a reading that fits between the earlier and later ones', () => {
    expect(odometerConflict(history, r('2026-10-15', 47_000))).toBeNull();
    expect(odometerConflict(history, r('2026-11-20', 50_000))).toBeNull();
    expect(odometerConflict([], r('2026-11-20', 1))).toBeNull();
  });

  it('refuses a reading lower than an earlier one on a later date, naming the highest earlier reading', () => {
    expect(odometerConflict(history, r('2026-11-20', 44_000))).toEqual({
      kind: 'lower',
      reading: history[2],
    });
  });

  it('refuses a reading higher than a later one (a late entry that contradicts the log)', () => {
    expect(odometerConflict(history, r('2026-09-15', 46_000))).toEqual({
      kind: 'higher',
      reading: history[1],
    });
  });

  it('accepts readings of the same day in any order', () => {
    expect(odometerConflict(history, r('2026-11-01', 49_990))).toBeNull();
  });

  it('accepts anything sent as a correction, which starts a new series', () => {
    const corrected = r('2026-11-10', 100, true);
    expect(odometerConflict(history, corrected)).toBeNull();
    const after = [...history, corrected];
    expect(odometerConflict(after, r('2026-11-20', 500))).toBeNull();
    expect(odometerConflict(after, r('2026-11-20', 50))).toEqual({ kind: 'lower', reading: corrected });
    // A late entry before the correction is checked against its own series only.
    expect(odometerConflict(after, r('2026-10-20', 47_000))).toBeNull();
    expect(odometerConflict(after, r('2026-10-20', 51_000))).toEqual({ kind: 'higher', reading: history[2] });
  });

  it('moves the mileage: up with any reading, down only with the latest correction', () => {
    expect(mileageAfter(50_000, history, r('2026-11-20', 52_000))).toBe(52_000);
    expect(mileageAfter(50_000, history, r('2026-09-02', 41_000))).toBe(50_000);
    expect(mileageAfter(50_000, history, r('2026-11-20', 10, true))).toBe(10);
    expect(mileageAfter(50_000, history, r('2026-10-20', 10, true))).toBe(50_000);
    const corrected = [...history, r('2026-11-10', 100, true)];
    expect(mileageAfter(100, corrected, r('2026-10-20', 48_000))).toBe(100);
  });

  it('counts the kilometres driven in a period per odometer series', () => {
    expect(kmDriven(history, '2026-10-01', '2026-10-31')).toBe(5_000);
    expect(kmDriven(history, '2026-08-01', '2026-11-30')).toBe(10_000);
    expect(kmDriven(history, '2026-12-01', '2026-12-31')).toBe(0);
    const corrected = [...history, r('2026-11-10', 100, true), r('2026-11-20', 600)];
    // 45,000 → 50,000 on the old odometer, 100 → 600 on the new one.
    expect(kmDriven(corrected, '2026-10-15', '2026-11-30')).toBe(5_500);
  });
});
