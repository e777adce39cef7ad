import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import { AppError } from './app-error.ts';

/**
 * Optimistic concurrency of the console's writes (issue 35, finding 10; decision 096): a read answers the
 * object's version in its body and as `ETag: "<version>"`; a write sends it back as `If-Match: "<version>"`
 * (a weak `W/"…"` is accepted) and is refused with 409 when the object moved on meanwhile.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The write needs If-Match (decision 096): the OpenAPI document lists the header, the 409 and the 428. */
    ifMatch?: boolean;
  }
}

/** Spread into the options of a write that reads `ifMatchVersion`, so the OpenAPI document says so. */
export const IF_MATCH_ROUTE = { config: { ifMatch: true } };

/** True for a route marked with IF_MATCH_ROUTE. */
export function needsIfMatch(route: { config?: unknown }): boolean {
  return (route.config as { ifMatch?: unknown } | undefined)?.ifMatch === true;
}

/** The version a write was read at: 428 without If-Match, 400 when it is not one version number. */
export function ifMatchVersion(req: FastifyRequest): number {
  const raw = req.headers['if-match'];
  if (raw === undefined || raw === '') {
    throw new AppError(428, { detail: OPERATOR_MSG.versionRequired });
  }
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(Array.isArray(raw) ? (raw[0] ?? '') : raw);
  if (!match?.[1]) throw AppError.badRequest('If-Match debe ser la versión leída, p. ej. "3".');
  return Number(match[1]);
}

/** Sets the ETag of a versioned read. */
export function withVersionTag(reply: FastifyReply, version: number): void {
  void reply.header('etag', `"${version}"`);
}

/** The 409 of a stale write. */
export function staleVersion(): AppError {
  return AppError.conflict(OPERATOR_MSG.staleVersion);
}
