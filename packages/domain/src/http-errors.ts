/** DRF-style error bodies (ARCHITECTURE.md "The wire contract"). */
export interface FieldErrors {
  [field: string]: string[] | FieldErrors;
}
export type DetailError = { detail: string };

/** Joins every message of a DRF field-error body, e.g. for 'messages joined by commas'. */
export function flattenErrorMessages(body: unknown): string[] {
  if (body == null) return [];
  if (typeof body === 'string') return [body];
  if (Array.isArray(body)) return body.flatMap(flattenErrorMessages);
  if (typeof body === 'object')
    return Object.values(body as Record<string, unknown>).flatMap(flattenErrorMessages);
  return [];
}
