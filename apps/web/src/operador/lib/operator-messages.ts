import { errorDetail, fieldErrors, isApiError } from '../../lib/api-client.ts';

/** The server's message of a failed console call: its detail, else the first field error, else fallback. */
export function operatorErrorMessage(error: unknown, fallback: string): string {
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

/** "15 minutos" / "1 minuto" / "40 segundos" from a Retry-After in seconds. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/** The lock-out message of a 429, with how long to wait and the time it ends (Bogotá). */
export function lockedMessage(error: unknown, now: Date = new Date()): string {
  const base = errorDetail(error) ?? 'Cuenta bloqueada por demasiados intentos fallidos.';
  const seconds = isApiError(error) ? error.retryAfter : null;
  if (!seconds) return base;
  const until = new Date(now.getTime() + seconds * 1000).toLocaleTimeString('es-CO', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Bogota',
  });
  return `Cuenta bloqueada por demasiados intentos fallidos. Intenta de nuevo en ${waitText(seconds)} (a las ${until}).`;
}
