import { describe, expect, it } from 'vitest';
import { applyPercent, parsePercent } from './price-change.rules.ts';

describe('percentage price change', () => {
  it('rounds to the nearest whole peso, halves up', () => {
    expect(applyPercent(378_400, 5)).toBe(397_320);
    expect(applyPercent(378_400, -3)).toBe(367_048);
    expect(applyPercent(1_010, -5)).toBe(960); // 959,5
    expect(applyPercent(1_001, 2.5)).toBe(1_026); // 1.026,025
    expect(applyPercent(99_999, 0.1)).toBe(100_099); // 100.098,999
  });

  it('reads percentages as staff type them', () => {
    expect(parsePercent('5')).toBe(5);
    expect(parsePercent('+5 %')).toBe(5);
    expect(parsePercent('−3')).toBe(-3);
    expect(parsePercent('-2,5')).toBe(-2.5);
    expect(parsePercent('0')).toBeNull();
    expect(parsePercent('2,55')).toBeNull();
    expect(parsePercent('abc')).toBeNull();
    expect(parsePercent('-95')).toBeNull();
    expect(parsePercent('250')).toBeNull();
  });
});
