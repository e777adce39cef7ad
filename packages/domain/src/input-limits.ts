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

/** A value still to visit, with the way to it kept as a link to its parent (no path copied per level). */
interface NulVisit {
  value: unknown;
  key: string | number | null;
  parent: NulVisit | null;
}

function pathOf(visit: NulVisit | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let v = visit; v && v.key !== null; v = v.parent) path.push(v.key);
  return path.reverse();
}

/**
 * Every place in a parsed JSON value, query string or params object whose text (or key) carries a NUL. A key
 * with a NUL is reported at its parent, under 'non_field_errors' when it is at the top. Iterative (an explicit
 * stack, depth-first in document order), so no nesting can overflow the call stack (issue 35, finding 3).
 */
export function findNul(value: unknown, path: (string | number)[] = [], out: NulIssue[] = []): NulIssue[] {
  const base = path.reduce<NulVisit | null>((parent, key) => ({ value: undefined, key, parent }), null);
  const stack: NulVisit[] = [{ value, key: null, parent: base }];
  while (stack.length > 0 && out.length < 50) {
    const visit = stack.pop() as NulVisit;
    const item = visit.value;
    if (typeof item === 'string') {
      if (hasNul(item)) out.push({ path: pathOf(visit), message: INPUT_MSG.invalidCharacters });
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], key: i, parent: visit });
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item as Record<string, unknown>);
      const children: NulVisit[] = [];
      for (const [key, child] of entries) {
        if (hasNul(key)) {
          const at = pathOf(visit);
          out.push({ path: at.length ? at : ['non_field_errors'], message: INPUT_MSG.invalidCharacters });
          continue;
        }
        children.push({ value: child, key, parent: visit });
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as NulVisit);
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
