import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRICE_SCHEDULE_PATHS,
  priceScheduleInputSchema,
} from '@togo/domain/operator/price-schedule.contract';
import { pathId } from '../../http/validation.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import type { OperatorPriceSchedulesService } from './operator-price-schedules.service.ts';

/** Prices scheduled from a date (/api/operador/precios/programados/…): read every role, write admin. */
export function operatorPriceSchedulesRoutes(
  app: FastifyInstance,
  deps: { guard: ReturnType<typeof requireStaff>; schedules: OperatorPriceSchedulesService },
) {
  const { guard, schedules } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  app.get(
    PRICE_SCHEDULE_PATHS.list,
    { preHandler: guard('precios.leer'), schema: { summary: 'Consola: precios programados pendientes' } },
    async () => schedules.list(),
  );

  typed.post(
    PRICE_SCHEDULE_PATHS.list,
    {
      preValidation: guard('precios.editar'),
      schema: { summary: 'Consola: programar un precio desde una fecha', body: priceScheduleInputSchema },
    },
    async (req, reply) => reply.code(201).send(await schedules.schedule(actorOf(req), req.body)),
  );

  app.delete(
    '/api/operador/precios/programados/:id/',
    { preHandler: guard('precios.editar'), schema: { summary: 'Consola: cancelar un precio programado' } },
    async (req, reply) => {
      await schedules.cancel(actorOf(req), pathId(req));
      return reply.code(204).send();
    },
  );
}
