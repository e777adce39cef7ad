import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { picoPlacaQuerySchema } from '@togo/domain/pico-placa/pico-placa.contract';
import { requireSession } from '../../http/auth.ts';
import type { PicoPlacaService } from './pico-placa.service.ts';

/** GET /api/togo/pico-placa/?id_garaje=&fecha= (AHGA §2 'pico-placa'). */
export function picoPlacaRoutes(
  app: FastifyInstance,
  deps: { picoPlaca: PicoPlacaService; auth: preHandlerAsyncHookHandler },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/togo/pico-placa/',
    // The session is checked before the query is validated (401 before 400).
    { preValidation: deps.auth, schema: { querystring: picoPlacaQuerySchema } },
    async (req, reply) => {
      const result = await deps.picoPlaca.forVehicle(requireSession(req).user.id, req.query);
      reply.header('cache-control', 'private, no-cache');
      return result;
    },
  );
}
