import { apiRequest } from '../../../lib/api-client.ts';
import type { AnswerSchema } from '../../../lib/api-client.ts';

/** POST to a booking call (BOOKING_PATHS) with the user's token; `headers` for Idempotency-Key. */
export function whPost<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', body, headers });
}

/**
 * The answer parsed with the domain's schema. Where a malformed answer used to read as an empty list (SPPF §8:
 * the list is emptied and the failure logged), a schema failure still does, logged under `what`.
 */
export function parseOr<T>(schema: AnswerSchema<T>, answer: unknown, fallback: T, what: string): T {
  try {
    return schema.parse(answer);
  } catch (error) {
    console.error(what, error);
    return fallback;
  }
}

/** `{ sessionInfo: { parameters } }`, the envelope of the "parameters" calls (SPPF §7). */
export const envelope = <P extends object>(parameters: P) => ({ sessionInfo: { parameters } });
