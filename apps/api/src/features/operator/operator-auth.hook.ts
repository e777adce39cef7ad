import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { OPERATOR_MSG, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { roleMay, type Permission } from '@togo/domain/operator/operator-permissions';
import { AppError } from '../../http/app-error.ts';
import { readToken } from '../../http/auth.ts';
import type { StaffAuthService, StaffSession } from './staff-auth.service.ts';
import type { AuditActor } from './audit.repository.ts';
import { tokenSecured } from '../../http/route-security.ts';

const sessions = new WeakMap<FastifyRequest, StaffSession>();

/**
 * preHandler of every /api/operador/ route but sign-in and invitation acceptance: a staff token ('Authorization:
 * Token …', looked up in staff_tokens only, so a driver's token is a 401), then the route's permission (403).
 * A session opened while TOTP is required but not enrolled may only use 'sesion.propia'.
 */
export function requireStaff(auth: StaffAuthService) {
  return (permission: Permission): preHandlerAsyncHookHandler =>
    tokenSecured(async (request: FastifyRequest) => {
      const token = readToken(request);
      if (!token) throw AppError.unauthorized();
      const session = await auth.resolve(token);
      if (!session) throw AppError.unauthorized(OPERATOR_MSG.notStaff);
      if (session.totpPending && permission !== 'sesion.propia') {
        throw AppError.forbidden(OPERATOR_MSG.totpEnrolFirst);
      }
      if (!roleMay(session.staff.rol as StaffRole, permission)) throw AppError.forbidden();
      sessions.set(request, session);
    });
}

export function staffSession(request: FastifyRequest): StaffSession {
  const session = sessions.get(request);
  if (!session) throw AppError.unauthorized();
  return session;
}

export function actorOf(request: FastifyRequest): AuditActor {
  const { staff } = staffSession(request);
  return { staffId: staff.id, email: staff.email };
}
