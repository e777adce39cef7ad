import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import { orgHandlers, type OrgHandlers } from '../../http/org-access.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import { hashPassword } from '../../lib/password.ts';
import { OrganisationRepository } from './organisation.repository.ts';
import { organisationRoutes } from './organisation.routes.ts';
import { OrganisationService, type OrganisationServiceDeps } from './organisation.service.ts';

/**
 * A company's organisation: members, invitations and roles; their routes. Answers the access guards (read,
 * write, admin) every company route runs (http/org-access.ts).
 */
export function registerOrganisation(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'config' | 'db' | 'clock' | 'log'> & {
    messenger: Messenger;
    auth: preHandlerAsyncHookHandler;
    /** The accounts feature's request limiter (OrganisationServiceDeps.limit). */
    limit: OrganisationServiceDeps['limit'];
  },
): OrgHandlers {
  const organisation = new OrganisationService({
    repo: new OrganisationRepository(deps.db),
    messenger: deps.messenger,
    clock: deps.clock,
    webUrl: deps.config.WEB_URL,
    hashPassword,
    limit: deps.limit,
    log: deps.log,
  });
  const access = orgHandlers(deps.auth, organisation.access);
  organisationRoutes(app, { organisation, access, auth: deps.auth });
  return access;
}
