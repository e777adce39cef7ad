import { z } from 'zod';

/**
 * Limits every input obeys whatever its contract (decision 018): no NUL character in any text, and every integer
 * inside the range of the PostgreSQL column it is stored in or compared with.
 */

export const INPUT_MSG = {
  invalidCharacters: 'Este campo contiene caracteres no válidos.',
  integer: 'Debe ser un número entero.',
  required: 'Este campo es obligatorio',
} as const;

/** PostgreSQL's integer column types. bigint is capped at JavaScript's safe integers (its ids are `mode: 'number'`). */
export const INT_RANGES = {
  smallint: { min: -32_768, max: 32_767 },
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
  bigint: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;
export type IntColumn = keyof typeof INT_RANGES;

export const maxValueMessage = (max: number) => `Asegúrese de que este valor es menor o igual a ${max}.`;
export const minValueMessage = (min: number) => `Asegúrese de que este valor es mayor o igual a ${min}.`;

/** True when a text carries a NUL character, which PostgreSQL cannot store in text and rejects in queries. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

export interface NulIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Every place in a parsed JSON value, query string or params object whose text (or key) carries a NUL. A key
 * with a NUL is reported at its parent, under 'non_field_errors' when it is at the top.
 */
export function findNul(value: unknown, path: (string | number)[] = [], out: NulIssue[] = []): NulIssue[] {
  if (out.length >= 50) return out;
  if (typeof value === 'string') {
    if (hasNul(value)) out.push({ path, message: INPUT_MSG.invalidCharacters });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => findNul(item, [...path, i], out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (hasNul(key)) {
        out.push({ path: path.length ? path : ['non_field_errors'], message: INPUT_MSG.invalidCharacters });
        continue;
      }
      findNul(item, [...path, key], out);
    }
  }
  return out;
}

/**
 * An integer that fits its column, given as a number or as a numeric string (forms, query strings): a value out of
 * range is a 400 with DRF's Spanish 'Asegúrese de que este valor es menor o igual a N.' message.
 */
export function boundedInt(column: IntColumn, opts: { min?: number; max?: number; message?: string } = {}) {
  const range = INT_RANGES[column];
  const min = Math.max(opts.min ?? range.min, range.min);
  const max = Math.min(opts.max ?? range.max, range.max);
  const message = opts.message ?? INPUT_MSG.integer;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: minValueMessage(min) })
    .max(max, { error: maxValueMessage(max) });
}

/** A positive id of a `column` primary key (serial/integer by default). */
export const boundedId = (column: IntColumn = 'integer', message?: string) =>
  boundedInt(column, { min: 1, message });
