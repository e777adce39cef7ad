import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import { errorDetail, fieldErrors, isApiError } from '../../lib/api-client.ts';

/**
 * How a group of screens words a failed call. The console's one error helper takes it; the texts differ per
 * group (the shell and support, the loaders of content and pico y placa, the operations screens) and are kept.
 */
export interface ErrorWording {
  /** When nothing else applies (and for anything thrown that is not an API error). */
  fallback: string;
  /** No answer from the server (status 0). */
  offline?: string;
  /** Fixed texts by status, chosen before the server's detail; each receives the detail, if any. */
  byStatus?: Readonly<Record<number, (detail: string | null) => string>>;
  /** A 400's first field error: its message (default), 'field: message', or left out ('none'). */
  fields?: 'message' | 'named' | 'none';
}

const OFFLINE = 'No hay conexión. Revisa tu internet e intenta de nuevo.';

/**
 * The Spanish message of a failed console call: no connection, a fixed text for the status, the server's detail,
 * the first field error, else the fallback. A plain string is the fallback with the default wording.
 */
export function operatorErrorMessage(error: unknown, wording: string | ErrorWording): string {
  const w = typeof wording === 'string' ? { fallback: wording } : wording;
  if (!isApiError(error)) return w.fallback;
  if (error.status === 0) return w.offline ?? OFFLINE;
  const detail = errorDetail(error);
  const fixed = w.byStatus?.[error.status];
  if (fixed) return fixed(detail);
  if (detail) return detail;
  const fields = w.fields ?? 'message';
  if (fields !== 'none' && error.body && typeof error.body === 'object') {
    for (const field of Object.keys(error.body)) {
      const first = fieldErrors(error, field)[0];
      if (first) return fields === 'named' ? `${field}: ${first}` : first;
    }
  }
  return w.fallback;
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

const LOAD_WORDING: ErrorWording = {
  fallback: 'Algo salió mal. Intenta de nuevo.',
  offline: 'No hay conexión con el servidor. Revisa tu red e intenta de nuevo.',
  byStatus: {
    401: () => 'Tu sesión terminó. Ingresa de nuevo.',
    403: (detail) => detail ?? 'Tu rol no permite esta acción.',
    404: () => 'No encontrado.',
  },
  fields: 'none',
};

/** A Spanish sentence for a failed console call (content and pico y placa screens' wording). */
export function errorText(error: unknown): string {
  return operatorErrorMessage(error, LOAD_WORDING);
}

/**
 * A write refused because someone saved the object after it was read (409 with the stale-version text, or the
 * 428 of a write sent without a version): the screen offers to reload the current version (decision 096).
 */
export function isStaleVersion(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 428) return true;
  return error.status === 409 && errorDetail(error) === OPERATOR_MSG.staleVersion;
}
