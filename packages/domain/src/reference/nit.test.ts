import { describe, expect, it } from 'vitest';
import { NIT_MSG, nitCheckDigit, nitSchema, normaliseNit } from './nit.ts';

describe('nitCheckDigit (DIAN weights)', () => {
  it('gives the DV of real public NITs', () => {
    expect(nitCheckDigit('800197268')).toBe(4); // DIAN
    expect(nitCheckDigit('899999068')).toBe(1); // Ecopetrol
    expect(nitCheckDigit('890903938')).toBe(8); // Bancolombia
    expect(nitCheckDigit('860034313')).toBe(7); // Davivienda
    expect(nitCheckDigit('900123456')).toBe(8);
  });

  it('answers r itself when r is 0 or 1, else 11 − r', () => {
    expect(nitCheckDigit('0')).toBe(0); // r = 0
    expect(nitCheckDigit('4')).toBe(1); // 4 × 3 = 12, r = 1
    expect(nitCheckDigit('7')).toBe(1); // 7 × 3 = 21, r = 10 → 11 − 10
    expect(nitCheckDigit('5')).toBe(7); // 5 × 3 = 15, r = 4 → 11 − 4
  });

  it('has no DV for a base that is not 1–15 digits', () => {
    expect(nitCheckDigit('')).toBeUndefined();
    expect(nitCheckDigit('90012345a')).toBeUndefined();
    expect(nitCheckDigit('1234567890123456')).toBeUndefined();
  });
});

describe('normaliseNit', () => {
  it('accepts the usual ways of writing a NIT and stores "base-DV"', () => {
    expect(normaliseNit('800197268-4')).toBe('800197268-4');
    expect(normaliseNit('899.999.068-1')).toBe('899999068-1');
    expect(normaliseNit('8909039388')).toBe('890903938-8');
    expect(normaliseNit(' 900 123 456 - 8 ')).toBe('900123456-8');
    expect(normaliseNit('0800197268-4')).toBe('800197268-4');
  });

  it('refuses a wrong DV', () => {
    expect(normaliseNit('800197268-5')).toBeUndefined();
    expect(normaliseNit('899999068-0')).toBeUndefined();
    expect(normaliseNit('8909039381')).toBeUndefined();
    expect(normaliseNit('900123456-7')).toBeUndefined();
  });

  it('refuses malformed, short and oversized input', () => {
    for (const bad of [
      '',
      'NIT',
      '800197268-',
      '800197268-44',
      '800-197-268-4',
      '800197268/4',
      'abc197268-4',
      '=800197268-4',
      '1234-5',
      '1234567890123456-1',
      `${'9'.repeat(41)}`,
    ]) {
      expect(normaliseNit(bad), bad).toBeUndefined();
    }
  });
});

describe('nitSchema', () => {
  it('parses to the stored form', () => {
    expect(nitSchema.parse('890.903.938-8')).toBe('890903938-8');
  });

  it('answers the Spanish message on a bad NIT', () => {
    const res = nitSchema.safeParse('890903938-1');
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(NIT_MSG.invalid);
    expect(NIT_MSG.invalid).toBe('El NIT no es válido: revisa el dígito de verificación.');
    expect(nitSchema.safeParse(12345).error?.issues[0]?.message).toBe(NIT_MSG.invalid);
  });
});
