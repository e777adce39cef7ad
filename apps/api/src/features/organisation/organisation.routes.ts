import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ORGANISATION_PATHS,
  invitationAcceptSchema,
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationQuerySchema,
  memberInviteSchema,
  pendingInvitationListSchema,
} from '@togo/domain/organisation/organisation.contract';
import {
  COMPANY_DATA_MSG,
  COMPANY_DATA_PATH,
  companyDataInputSchema,
  companyDataSchema,
} from '@togo/domain/organisation/company-data.contract';
import { AppError } from '../../http/app-error.ts';
import { requireSession } from '../../http/auth.ts';
import { requireOrg, type OrgHandlers } from '../../http/org-access.ts';
import { pathId } from '../../http/validation.ts';
import type { OrganisationService } from './organisation.service.ts';

/** Members of the company's organisation (issue 16). Listing: every member; changes: administrador only. */
export function organisationRoutes(
  app: FastifyInstance,
  deps: { organisation: OrganisationService; access: OrgHandlers; auth: preHandlerAsyncHookHandler },
) {
  const { organisation, access, auth } = deps;
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

  // The company's razón social and NIT (issue 37): every member reads them; an administrador changes them,
  // checked before the body is validated (401/403 before 400).
  typed.get(
    COMPANY_DATA_PATH,
    {
      schema: { summary: 'Empresa: razón social y NIT', response: { 200: companyDataSchema } },
      preHandler: access.read,
    },
    async (req) => organisation.company(requireOrg(req)),
  );

  typed.put(
    COMPANY_DATA_PATH,
    {
      preValidation: [
        ...access.read,
        async (req) => {
          if (requireOrg(req).role !== 'administrador') throw AppError.forbidden(COMPANY_DATA_MSG.adminOnly);
        },
      ],
      schema: {
        summary: 'Empresa: cambiar la razón social y el NIT',
        body: companyDataInputSchema,
        response: { 200: companyDataSchema },
      },
    },
    async (req) => organisation.setCompany(requireOrg(req), req.body),
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

  // The link's page reads the invitation before anything is typed (decision 105); no session either.
  typed.get(
    ORGANISATION_PATHS.invitation,
    {
      schema: {
        summary: 'Empresa: ver una invitación por su enlace',
        querystring: invitationQuerySchema,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (req) => organisation.preview(req.query.token, req.ip),
  );

  // Any signed-in person: the invitations sent to their verified e-mail, and accepting one with the session.
  typed.get(
    ORGANISATION_PATHS.pending,
    {
      schema: {
        summary: 'Empresa: mis invitaciones pendientes',
        response: { 200: pendingInvitationListSchema },
      },
      preHandler: auth,
    },
    async (req) => organisation.pending(requireSession(req).user.id),
  );

  typed.post(
    '/api/togo/empresa/invitaciones/:id/aceptar/',
    {
      schema: {
        summary: 'Empresa: aceptar una invitación pendiente',
        response: { 200: invitationAcceptedSchema },
      },
      preHandler: auth,
    },
    async (req) => organisation.acceptPending(requireSession(req).user.id, pathId(req)),
  );
}
