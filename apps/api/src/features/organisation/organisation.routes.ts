import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ORGANISATION_PATHS,
  invitationAcceptSchema,
  memberInviteSchema,
} from '@togo/domain/organisation/organisation.contract';
import { requireOrg, type OrgHandlers } from '../../http/org-access.ts';
import { pathId } from '../../http/validation.ts';
import type { OrganisationService } from './organisation.service.ts';

/** Members of the company's organisation (issue 16). Listing: every member; changes: administrador only. */
export function organisationRoutes(
  app: FastifyInstance,
  deps: { organisation: OrganisationService; access: OrgHandlers },
) {
  const { organisation, access } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  app.get(
    ORGANISATION_PATHS.members,
    { schema: { summary: 'Empresa: miembros e invitaciones' }, preHandler: access.read },
    async (req) => organisation.list(requireOrg(req)),
  );

  app.get(
    ORGANISATION_PATHS.mine,
    { schema: { summary: 'Empresa: mi membresía' }, preHandler: access.read },
    async (req) => organisation.mine(requireOrg(req)),
  );

  // Membership (administrador) is checked before the body is validated (401/403 before 400).
  typed.post(
    ORGANISATION_PATHS.members,
    {
      preValidation: access.admin,
      schema: { summary: 'Empresa: invitar a un miembro', body: memberInviteSchema },
    },
    async (req, reply) => reply.code(201).send(await organisation.invite(requireOrg(req), req.body)),
  );

  app.delete(
    '/api/togo/empresa/miembros/:id/',
    { schema: { summary: 'Empresa: quitar a un miembro' }, preHandler: access.admin },
    async (req, reply) => {
      await organisation.remove(requireOrg(req), pathId(req));
      return reply.code(204).send();
    },
  );

  // No session: the one-time token from the emailed link is the credential.
  typed.post(
    ORGANISATION_PATHS.accept,
    { schema: { summary: 'Empresa: aceptar una invitación', body: invitationAcceptSchema } },
    async (req) => organisation.accept(req.body),
  );
}
