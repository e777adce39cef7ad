/**
 * Errors that mean "PostgreSQL is not reachable now" (decision 113): a connection refused, reset or timed out, a
 * connection closed under a query (server restart), or the server's own shutdown and start-up refusals. Drizzle
 * wraps the driver's error in `cause`, so the chain is walked.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin/crash shutdown, cannot connect now). */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3])$/;
/** node-postgres's own messages for a connection lost or never made (they carry no code). */
const DRIVER_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed and is not queryable/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (current instanceof Error && DRIVER_MESSAGES.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The 503 body a request gets while the database is away. */
export const DATABASE_UNAVAILABLE_DETAIL =
  'El servicio no está disponible en este momento. Intenta de nuevo en unos minutos.';
