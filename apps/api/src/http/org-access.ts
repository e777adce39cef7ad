import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { OrganisationRole } from '@togo/domain/organisation/organisation.contract';
import { ORGANISATION_MSG } from '@togo/domain/organisation/organisation.contract';
import { GROUP_COMPANY } from '@togo/domain/roles';
import { AppError } from './app-error.ts';
import { requireSession } from './auth.ts';

/** The organisation a request acts for and the caller's role in it (decision 026). */
export interface OrgAccess {
  organisationId: number;
  role: OrganisationRole;
  userId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    org: OrgAccess | null;
  }
}

/** Resolves the caller's live membership (read from the database on every request: removal is immediate). */
export type OrgResolver = (user: { id: number; groupId: number }) => Promise<OrgAccess | null>;

/** read: every member; write: administrador and operador; admin: administrador only. */
export type OrgLevel = 'read' | 'write' | 'admin';

const ALLOWED: Record<OrgLevel, readonly OrganisationRole[]> = {
  read: ['administrador', 'operador', 'consulta'],
  write: ['administrador', 'operador'],
  admin: ['administrador'],
};

/** preHandler (after authentication): 403 unless the caller is a member with a role allowed at `level`. */
export function orgGuard(resolve: OrgResolver, level: OrgLevel): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const { user } = requireSession(request);
    const access = await resolve(user);
    if (!access) throw AppError.forbidden(ORGANISATION_MSG.notMember);
    if (!ALLOWED[level].includes(access.role)) {
      throw AppError.forbidden(level === 'admin' ? ORGANISATION_MSG.adminOnly : ORGANISATION_MSG.readOnly);
    }
    request.org = access;
  };
}

export function requireOrg(request: FastifyRequest): OrgAccess {
  if (!request.org) throw AppError.forbidden(ORGANISATION_MSG.notMember);
  return request.org;
}

/** The organisation as the fleet services know it: the company account that owns the fleet rows. */
export function orgCompany(request: FastifyRequest): { id: number; groupId: number } {
  return { id: requireOrg(request).organisationId, groupId: GROUP_COMPANY };
}

/** The preHandlers of an organisation route: authenticate, then check the membership at each level. */
export interface OrgHandlers {
  read: preHandlerAsyncHookHandler[];
  write: preHandlerAsyncHookHandler[];
  admin: preHandlerAsyncHookHandler[];
  /** The caller's live membership, for routes whose object decides the organisation (a company's vehicle). */
  resolve: OrgResolver;
}

export function orgHandlers(auth: preHandlerAsyncHookHandler, resolve: OrgResolver): OrgHandlers {
  return {
    read: [auth, orgGuard(resolve, 'read')],
    write: [auth, orgGuard(resolve, 'write')],
    admin: [auth, orgGuard(resolve, 'admin')],
    resolve,
  };
}
