/**
 * A percentage change applied to several prices at once (issue 38). The rule: the new price is the old one times
 * (1 + p/100), rounded to the nearest whole peso, a half peso rounding up (378.400 + 5 % = 397.320; 1.010 − 5 % =
 * 959,5 → 960). Percentages have at most one decimal and lie between −90 % and +200 %. Integer arithmetic in tenths
 * of a percent, so no binary fraction can tip a rounding.
 */

export const PERCENT_MIN = -90;
export const PERCENT_MAX = 200;

/** '5', '+5', '−3', '-2,5', '2.5 %' → the percentage; null when it is not one (or out of range, or 0). */
export function parsePercent(input: string): number | null {
  const cleaned = input.replace(/\s|%/g, '').replace('−', '-').replace(',', '.');
  if (!/^[+-]?\d{1,3}(\.\d)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  if (value === 0 || value < PERCENT_MIN || value > PERCENT_MAX) return null;
  return value;
}

/** The price after a change of `percent` %, in whole pesos (rule above). */
export function applyPercent(price: number, percent: number): number {
  const tenths = Math.round(percent * 10);
  const numerator = price * (1000 + tenths);
  // Halves up: floor((2n + 1000) / 2000) for a non-negative numerator.
  return Math.floor((2 * numerator + 1000) / 2000);
}
