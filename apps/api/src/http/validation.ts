import type { z } from 'zod';
import type { FieldErrors } from '@togo/domain/http-errors';
import { findNul } from '@togo/domain/input-limits';
import { AppError } from './app-error.ts';

type Issue = { path: readonly PropertyKey[]; message: string };

/** zod issues → DRF field errors: {"campo": ["mensaje"]}, nested objects as nested bodies. */
export function toFieldErrors(error: z.ZodError | { issues: readonly Issue[] }): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const keys = issue.path.length ? issue.path.map(String) : ['non_field_errors'];
    let node: FieldErrors = out;
    for (let i = 0; i < keys.length - 1; i++) {
      const k = keys[i] as string;
      const next = node[k];
      if (!next || Array.isArray(next)) node[k] = {};
      node = node[k] as FieldErrors;
    }
    const last = keys[keys.length - 1] as string;
    const list = node[last];
    const messages = Array.isArray(list) ? list : [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    node[last] = messages;
  }
  return out;
}

/** A 400 naming every field of `value` (body, query string, params) whose text carries a NUL character. */
export function rejectNul(value: unknown): void {
  const issues = findNul(value);
  if (issues.length) throw new AppError(400, toFieldErrors({ issues }) as Record<string, unknown>);
}

/**
 * Parses a request part with a zod schema or throws a 400 in the DRF shape. Text with a NUL character is refused
 * before the schema runs, whatever the schema says (decision 018).
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  rejectNul(value);
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError(400, toFieldErrors(result.error) as Record<string, unknown>);
  return result.data;
}

const MAX_INT4 = 2_147_483_647;

/** The {id} path segment as a positive int4, or 404: a segment that names nothing is not found, not a 400. */
export function pathId(req: { params: unknown }): number {
  const raw = (req.params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id <= 0 || id > MAX_INT4) throw AppError.notFound();
  return id;
}
