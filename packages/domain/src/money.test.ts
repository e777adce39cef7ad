import { describe, expect, it } from 'vitest';
import { formatCop, groupThousands } from './money.ts';

describe('formatCop', () => {
  it("prints pesos without decimals in es-CO's pattern", () => {
    expect(formatCop(1266100)).toBe('$ 1.266.100');
    expect(formatCop(633200.6)).toBe('$ 633.201');
    expect(formatCop('42400')).toBe('$ 42.400');
    expect(formatCop(999)).toBe('$ 999');
    expect(formatCop(-5000)).toBe('-$ 5.000');
    expect(formatCop(-0.4)).toBe('$ 0');
  });

  it('prints $ 0 for what is not a number', () => {
    expect(formatCop(0)).toBe('$ 0');
    expect(formatCop(null)).toBe('$ 0');
    expect(formatCop(undefined)).toBe('$ 0');
    expect(formatCop('abc')).toBe('$ 0');
    expect(formatCop('  ')).toBe('$ 0');
    expect(formatCop(Number.NaN)).toBe('$ 0');
  });

  it("matches Intl's es-CO currency format but for the ordinary space", () => {
    const intl = new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency: 'COP',
      maximumFractionDigits: 0,
    });
    for (const value of [0, 7, 85_000, 378_400, 1_234_567, 98_765_432_100, -5_000]) {
      expect(formatCop(value)).toBe(intl.format(value).replace(/\u00a0/g, ' '));
    }
  });

  it('groups thousands with dots', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(1000)).toBe('1.000');
    expect(groupThousands(12345678)).toBe('12.345.678');
  });
});
