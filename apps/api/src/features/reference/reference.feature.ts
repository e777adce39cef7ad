import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import { ReferenceRepository } from './reference.repository.ts';
import { referenceRoutes } from './reference.routes.ts';
import { ReferenceService } from './reference.service.ts';

/** Reference data: departments and cities (DIVIPOLA). */
export function registerReference(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'db'> & { auth: preHandlerAsyncHookHandler },
): void {
  referenceRoutes(app, {
    reference: new ReferenceService(new ReferenceRepository(deps.db)),
    auth: deps.auth,
  });
}
