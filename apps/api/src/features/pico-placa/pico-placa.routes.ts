import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { picoPlacaQuerySchema } from '@togo/domain/pico-placa/pico-placa.contract';
import { requireSession } from '../../http/auth.ts';
import { parse } from '../../http/validation.ts';
import type { PicoPlacaService } from './pico-placa.service.ts';

/** GET /api/togo/pico-placa/?id_garaje=&fecha= (AHGA §2 'pico-placa'). */
export function picoPlacaRoutes(
  app: FastifyInstance,
  deps: { picoPlaca: PicoPlacaService; auth: preHandlerAsyncHookHandler },
) {
  app.get('/api/togo/pico-placa/', { preHandler: deps.auth }, async (req, reply) => {
    const query = parse(picoPlacaQuerySchema, req.query);
    const result = await deps.picoPlaca.forVehicle(requireSession(req).user.id, query);
    reply.header('cache-control', 'private, no-cache');
    return result;
  });
}
