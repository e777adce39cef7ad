import { apiRequest } from '../../../lib/api-client.ts';

/** POST to a booking call (BOOKING_PATHS) with the user's token; `headers` for Idempotency-Key. */
export function whPost<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', body, headers });
}

/** `{ sessionInfo: { parameters } }`, the envelope of the "parameters" calls (SPPF §7). */
export const envelope = <P extends object>(parameters: P) => ({ sessionInfo: { parameters } });
