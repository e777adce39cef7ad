import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session, TokenService } from './session-tokens.ts';
import { AppError } from './app-error.ts';
import { tokenSecured } from './route-security.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** 'Authorization: Token <token>' → the session, or null. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Token\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** preHandler for routes that need a signed-in user. */
export function authenticate(tokens: TokenService) {
  return tokenSecured(async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = readToken(request);
    if (!token) throw AppError.unauthorized();
    const session = await tokens.resolve(token);
    if (!session) throw AppError.unauthorized('Token inválido o expirado.');
    request.session = session;
  });
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw AppError.unauthorized();
  return request.session;
}
