import { describe, expect, it } from 'vitest';
import { insideColombia, parseCoordinate, roundCoordinate } from './branch-position.ts';

describe('branch position helpers', () => {
  it('keeps points inside the box the server accepts', () => {
    expect(insideColombia(4.69, -74.08)).toBe(true);
    expect(insideColombia(-5, -82)).toBe(true);
    expect(insideColombia(14.01, -74)).toBe(false);
    expect(insideColombia(4.6, -65.9)).toBe(false);
    expect(insideColombia(Number.NaN, -74)).toBe(false);
  });

  it('rounds to six decimals and reads typed coordinates', () => {
    expect(roundCoordinate(4.123456789)).toBe(4.123457);
    expect(roundCoordinate(-74.0000004)).toBe(-74);
    expect(parseCoordinate(' 4.69 ')).toBe(4.69);
    expect(parseCoordinate('4,69')).toBeNull();
    expect(parseCoordinate('-74.08')).toBe(-74.08);
    expect(parseCoordinate('')).toBeNull();
    expect(parseCoordinate('norte')).toBeNull();
    expect(parseCoordinate('4.6.9')).toBeNull();
  });
});
