import type { FastifyInstance } from 'fastify';
import {
  ORGANISATION_PATHS,
  invitationAcceptSchema,
  memberInviteSchema,
} from '@togo/domain/organisation/organisation.contract';
import { requireOrg, type OrgHandlers } from '../../http/org-access.ts';
import { parse, pathId } from '../../http/validation.ts';
import type { OrganisationService } from './organisation.service.ts';

/** Members of the company's organisation (issue 16). Listing: every member; changes: administrador only. */
export function organisationRoutes(
  app: FastifyInstance,
  deps: { organisation: OrganisationService; access: OrgHandlers },
) {
  const { organisation, access } = deps;

  app.get(ORGANISATION_PATHS.members, { preHandler: access.read }, async (req) =>
    organisation.list(requireOrg(req)),
  );

  app.get(ORGANISATION_PATHS.mine, { preHandler: access.read }, async (req) =>
    organisation.mine(requireOrg(req)),
  );

  app.post(ORGANISATION_PATHS.members, { preHandler: access.admin }, async (req, reply) => {
    const member = await organisation.invite(requireOrg(req), parse(memberInviteSchema, req.body));
    return reply.code(201).send(member);
  });

  app.delete('/api/togo/empresa/miembros/:id/', { preHandler: access.admin }, async (req, reply) => {
    await organisation.remove(requireOrg(req), pathId(req));
    return reply.code(204).send();
  });

  // No session: the one-time token from the emailed link is the credential.
  app.post(ORGANISATION_PATHS.accept, async (req) =>
    organisation.accept(parse(invitationAcceptSchema, req.body)),
  );
}
