import { describe, expect, it } from 'vitest';
import { percentDown } from './fleet-reports.service.ts';

describe('percentDown (issue 37: never 100 % before all)', () => {
  it('rounds down to one decimal', () => {
    expect(percentDown(5_200, 5_205)).toBe(99.9);
    expect(percentDown(9_999, 10_000)).toBe(99.9);
    expect(percentDown(2, 3)).toBe(66.6);
    expect(percentDown(5_205, 5_205)).toBe(100);
  });

  it('is exact on whole percentages and 100 for an empty fleet', () => {
    expect(percentDown(57, 100)).toBe(57);
    expect(percentDown(29, 100)).toBe(29);
    expect(percentDown(0, 7)).toBe(0);
    expect(percentDown(0, 0)).toBe(100);
  });
});
