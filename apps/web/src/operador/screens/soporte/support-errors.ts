import { errorDetail, fieldErrors, isApiError } from '../../../lib/api-client.ts';

/** The server's message of a failed support call: its detail, else the first field error, else fallback. */
export function supportError(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 0)
    return 'No hay conexión. Revisa tu internet e intenta de nuevo.';
  const detail = errorDetail(error);
  if (detail) return detail;
  if (isApiError(error) && error.body && typeof error.body === 'object') {
    for (const field of Object.keys(error.body)) {
      const first = fieldErrors(error, field)[0];
      if (first) return first;
    }
  }
  return fallback;
}
