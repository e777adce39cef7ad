import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { citiesQuerySchema, departmentsQuerySchema } from '@togo/domain/reference/reference.contract';
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
  // The session is checked before the query is validated (401 before 400).
  const authFirst = { preValidation: deps.auth };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/automas-param-departaments/',
    {
      ...authFirst,
      schema: { summary: 'Departamentos de Colombia (DIVIPOLA)', querystring: departmentsQuerySchema },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return reference.departments(req.query.country_id);
    },
  );

  typed.get(
    '/api/automas-param-cities/',
    {
      ...authFirst,
      schema: { summary: 'Municipios de un departamento (DIVIPOLA)', querystring: citiesQuerySchema },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return reference.cities(req.query.departament);
    },
  );

  app.get(
    '/api/automas-param-type-document/',
    { ...auth, schema: { summary: 'Tipos de documento de identidad' } },
    async (_req, reply) => {
      reply.header('cache-control', CACHE);
      return reference.documentTypes();
    },
  );
}
