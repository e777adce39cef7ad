import { isApiError } from '../../lib/api-client.ts';

/** Today's date in Bogotá (YYYY-MM-DD), the day the agenda opens on. */
export function bogotaToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * A Spanish message for a failed console call: the server's `detail` (409, 404…), the first message of a field
 * error (400), or a generic one.
 */
export function errorMessage(err: unknown): string {
  if (!isApiError(err)) return 'Ocurrió un error inesperado. Inténtalo de nuevo.';
  if (err.status === 0) return 'Sin conexión con el servidor. Revisa tu red e inténtalo de nuevo.';
  if (err.status === 403) return 'No tienes permiso para realizar esta acción.';
  const body = err.body as Record<string, unknown> | null;
  if (body && typeof body.detail === 'string') return body.detail;
  if (body && typeof body === 'object') {
    for (const [field, value] of Object.entries(body)) {
      if (Array.isArray(value) && typeof value[0] === 'string') return `${field}: ${value[0]}`;
    }
  }
  return 'Ocurrió un error inesperado. Inténtalo de nuevo.';
}

export function formatPesos(value: number): string {
  return `$ ${value.toLocaleString('es-CO')}`;
}
