import { describe, expect, it } from 'vitest';
import { calibratedCpuMultiplier } from './cpu-calibration.ts';

describe('calibratedCpuMultiplier', () => {
  it("passes through the calibration's points, and Lighthouse's default 4× at about 1,533", () => {
    expect(calibratedCpuMultiplier(150)).toBe(1);
    expect(calibratedCpuMultiplier(800)).toBe(2);
    expect(calibratedCpuMultiplier(1300)).toBe(3);
    expect(calibratedCpuMultiplier(1533)).toBeCloseTo(4, 2);
    expect(calibratedCpuMultiplier(2000)).toBeCloseTo(6, 2);
  });

  it('grows with the host: a host twice as fast is slowed down more', () => {
    const indexes = [150, 400, 799, 800, 1299, 1300, 1700, 3500];
    const multipliers = indexes.map((i) => calibratedCpuMultiplier(i) ?? 0);
    for (let i = 1; i < multipliers.length; i++)
      expect(multipliers[i]).toBeGreaterThan(multipliers[i - 1] ?? 0);
    expect(calibratedCpuMultiplier(3500)).toBeCloseTo(12.44, 2);
  });

  it('has no answer for a host too slow, or no benchmark', () => {
    expect(calibratedCpuMultiplier(149)).toBeNull();
    expect(calibratedCpuMultiplier(Number.NaN)).toBeNull();
    expect(calibratedCpuMultiplier(-1)).toBeNull();
  });
});
