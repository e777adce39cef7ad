import { describe, expect, it } from 'vitest';
import { benchCpuMultiplier, calibratedCpuMultiplier } from './cpu-calibration.ts';

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

describe('benchCpuMultiplier', () => {
  it("is Lighthouse's default 4× on a host at least as fast as the default's, and never more", () => {
    for (const index of [1533, 1600, 2700, 3500, 9000]) expect(benchCpuMultiplier(index)).toBe(4);
    expect(benchCpuMultiplier(Number.NaN)).toBe(4);
  });

  it("is the calibration's, to one decimal, on a slower host; 1× on one too slow to calibrate", () => {
    expect(benchCpuMultiplier(1532)).toBe(4);
    expect(benchCpuMultiplier(1500)).toBe(3.9);
    expect(benchCpuMultiplier(1300)).toBe(3);
    expect(benchCpuMultiplier(1100)).toBe(2.6);
    expect(benchCpuMultiplier(800)).toBe(2);
    expect(benchCpuMultiplier(149)).toBe(1);
    expect(benchCpuMultiplier(0)).toBe(1);
  });
});
