import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PicoPlacaCitySchema } from '@togo/domain/pico-placa/pico-placa.rules';
import {
  agendaQuerySchema,
  bookingStateChangeSchema,
  branchClosureSchema,
  branchPatchSchema,
  picoPlacaRevertSchema,
} from '@togo/domain/operator/operator-console.contract';
import { branchListQuerySchema } from '@togo/domain/operator/operator-ops.contract';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import type { OperatorBookingsService } from './operator-bookings.service.ts';
import type { OperatorBranchesService } from './operator-branches.service.ts';
import type { OperatorPicoPlacaService } from './operator-pico-placa.service.ts';

const param = (req: { params: unknown }, name: string) =>
  String((req.params as Record<string, string | undefined>)[name] ?? '');

/**
 * Every console data route (issue 13 'Contract'); each names its permission. Routes with a schema check the staff
 * session and permission as `preValidation`, before the schema (401/403 before 400, as when handlers parsed).
 */
export function operatorConsoleRoutes(
  app: FastifyInstance,
  deps: {
    guard: ReturnType<typeof requireStaff>;
    picoPlaca: OperatorPicoPlacaService;
    bookings: OperatorBookingsService;
    branches: OperatorBranchesService;
  },
) {
  const { guard, picoPlaca, bookings, branches } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  app.get('/api/operador/pico-placa/', { preHandler: guard('pico-placa.leer') }, async () =>
    picoPlaca.list(),
  );

  app.get('/api/operador/pico-placa/:dane/', { preHandler: guard('pico-placa.leer') }, async (req) =>
    picoPlaca.get(param(req, 'dane')),
  );

  typed.put(
    '/api/operador/pico-placa/:dane/',
    { preValidation: guard('pico-placa.editar'), schema: { body: PicoPlacaCitySchema } },
    async (req) => picoPlaca.replace(actorOf(req), param(req, 'dane'), req.body),
  );

  app.get(
    '/api/operador/pico-placa/:dane/historial/',
    { preHandler: guard('pico-placa.leer') },
    async (req) => picoPlaca.history(param(req, 'dane')),
  );

  typed.post(
    '/api/operador/pico-placa/:dane/revertir/',
    { preValidation: guard('pico-placa.editar'), schema: { body: picoPlacaRevertSchema } },
    async (req) => picoPlaca.revert(actorOf(req), param(req, 'dane'), req.body.version),
  );

  typed.get(
    '/api/operador/agenda/',
    { preValidation: guard('agenda.leer'), schema: { querystring: agendaQuerySchema } },
    async (req, reply) => {
      const query = req.query;
      // The JSON is built by the database (decision 037): sent as it is, not parsed and serialised again.
      const body = await bookings.agendaJson(query.sede, query.fecha);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  typed.post(
    '/api/operador/agendamientos/:id/estado/',
    { preValidation: guard('agendamientos.editar'), schema: { body: bookingStateChangeSchema } },
    async (req) => bookings.changeState(actorOf(req), param(req, 'id'), req.body),
  );

  typed.get(
    '/api/operador/sedes/',
    { preValidation: guard('sedes.leer'), schema: { querystring: branchListQuerySchema } },
    async (req) => branches.search(req.query),
  );

  typed.patch(
    '/api/operador/sedes/:id/',
    { preValidation: guard('sedes.editar'), schema: { body: branchPatchSchema } },
    async (req) => branches.patch(actorOf(req), param(req, 'id'), req.body),
  );

  typed.post(
    '/api/operador/sedes/:id/cierres/',
    { preValidation: guard('sedes.editar'), schema: { body: branchClosureSchema } },
    async (req, reply) =>
      reply
        .code(201)
        .send(await branches.close(actorOf(req), param(req, 'id'), req.body.fecha, req.body.motivo)),
  );
}
