import { z } from 'zod';

/**
 * The Colombian NIT (Número de Identificación Tributaria) and its dígito de verificación (DV), as DIAN computes
 * it: each digit of the base, from the rightmost, times 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71;
 * r = sum mod 11; DV = r when r is 0 or 1, else 11 − r. Stored as "900123456-7".
 */
const DIAN_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** Shortest base accepted (a natural person's cédula can be short); the longest is DIAN's 15 weights. */
const NIT_BASE_MIN = 5;
const NIT_BASE_MAX = DIAN_WEIGHTS.length;

export const NIT_MSG = {
  invalid: 'El NIT no es válido: revisa el dígito de verificación.',
} as const;

/** The DV of a base of digits only ('900123456' → 8); undefined when the base is not 1–15 digits. */
export function nitCheckDigit(base: string): number | undefined {
  if (!/^\d+$/.test(base) || base.length > NIT_BASE_MAX) return undefined;
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    sum += Number(base[base.length - 1 - i]) * (DIAN_WEIGHTS[i] as number);
  }
  const r = sum % 11;
  return r <= 1 ? r : 11 - r;
}

/**
 * A typed NIT in its stored form "900123456-7", or undefined when it is malformed, too short or long, or its DV
 * is wrong. Accepts "900123456-7", "900.123.456-7", "900 123 456 - 7" and "9001234567" (the last digit is the DV).
 */
export function normaliseNit(input: string): string | undefined {
  const text = input.trim();
  if (text.length > 40) return undefined;
  const compact = text.replace(/[.\s]/g, '');
  const match = /^(\d+)-(\d)$/.exec(compact) ?? /^(\d+)(\d)$/.exec(compact);
  if (!match) return undefined;
  const base = (match[1] as string).replace(/^0+(?=\d)/, '');
  if (base.length < NIT_BASE_MIN || base.length > NIT_BASE_MAX) return undefined;
  return nitCheckDigit(base) === Number(match[2]) ? `${base}-${match[2]}` : undefined;
}

/** A NIT field: valid input is turned into its stored form; anything else answers NIT_MSG.invalid. */
export const nitSchema = z
  .string({ error: NIT_MSG.invalid })
  .max(40, { error: NIT_MSG.invalid })
  .transform((value, ctx) => {
    const nit = normaliseNit(value);
    if (nit === undefined) {
      ctx.addIssue({ code: 'custom', message: NIT_MSG.invalid });
      return z.NEVER;
    }
    return nit;
  });
