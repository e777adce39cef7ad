import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { citiesQuerySchema, departmentsQuerySchema } from '@togo/domain/reference/reference.contract';
import { parse } from '../../http/validation.ts';
import type { ReferenceService } from './reference.service.ts';

/** DIVIPOLA changes about once a year: let the browser keep it for an hour. */
const CACHE = 'private, max-age=3600';

/** Reference data (AHGA §7). Token required like every non-access path (ARCHITECTURE 'The wire contract'). */
export function referenceRoutes(
  app: FastifyInstance,
  deps: { reference: ReferenceService; auth: preHandlerAsyncHookHandler },
) {
  const { reference } = deps;
  const auth = { preHandler: deps.auth };

  app.get('/api/automas-param-departaments/', auth, async (req, reply) => {
    const query = parse(departmentsQuerySchema, req.query);
    reply.header('cache-control', CACHE);
    return reference.departments(query.country_id);
  });

  app.get('/api/automas-param-cities/', auth, async (req, reply) => {
    const query = parse(citiesQuerySchema, req.query);
    reply.header('cache-control', CACHE);
    return reference.cities(query.departament);
  });

  app.get('/api/automas-param-type-document/', auth, async (_req, reply) => {
    reply.header('cache-control', CACHE);
    return reference.documentTypes();
  });
}
