import type { FastifyInstance } from 'fastify';
import {
  agendaQuerySchema,
  bookingStateChangeSchema,
  branchClosureSchema,
  branchPatchSchema,
  picoPlacaRevertSchema,
} from '@togo/domain/operator/operator-console.contract';
import { branchListQuerySchema } from '@togo/domain/operator/operator-ops.contract';
import { parse } from '../../http/validation.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import type { OperatorBookingsService } from './operator-bookings.service.ts';
import type { OperatorBranchesService } from './operator-branches.service.ts';
import type { OperatorPicoPlacaService } from './operator-pico-placa.service.ts';

const param = (req: { params: unknown }, name: string) =>
  String((req.params as Record<string, string | undefined>)[name] ?? '');

/** Every console data route (issue 13 'Contract'); each names its permission. */
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

  app.get('/api/operador/pico-placa/', { preHandler: guard('pico-placa.leer') }, async () =>
    picoPlaca.list(),
  );

  app.get('/api/operador/pico-placa/:dane/', { preHandler: guard('pico-placa.leer') }, async (req) =>
    picoPlaca.get(param(req, 'dane')),
  );

  app.put('/api/operador/pico-placa/:dane/', { preHandler: guard('pico-placa.editar') }, async (req) =>
    picoPlaca.replace(actorOf(req), param(req, 'dane'), req.body),
  );

  app.get(
    '/api/operador/pico-placa/:dane/historial/',
    { preHandler: guard('pico-placa.leer') },
    async (req) => picoPlaca.history(param(req, 'dane')),
  );

  app.post(
    '/api/operador/pico-placa/:dane/revertir/',
    { preHandler: guard('pico-placa.editar') },
    async (req) => {
      const { version } = parse(picoPlacaRevertSchema, req.body);
      return picoPlaca.revert(actorOf(req), param(req, 'dane'), version);
    },
  );

  app.get('/api/operador/agenda/', { preHandler: guard('agenda.leer') }, async (req, reply) => {
    const query = parse(agendaQuerySchema, req.query);
    // The JSON is built by the database (decision 037): sent as it is, not parsed and serialised again.
    const body = await bookings.agendaJson(query.sede, query.fecha);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post(
    '/api/operador/agendamientos/:id/estado/',
    { preHandler: guard('agendamientos.editar') },
    async (req) =>
      bookings.changeState(actorOf(req), param(req, 'id'), parse(bookingStateChangeSchema, req.body)),
  );

  app.get('/api/operador/sedes/', { preHandler: guard('sedes.leer') }, async (req) =>
    branches.search(parse(branchListQuerySchema, req.query)),
  );

  app.patch('/api/operador/sedes/:id/', { preHandler: guard('sedes.editar') }, async (req) =>
    branches.patch(actorOf(req), param(req, 'id'), parse(branchPatchSchema, req.body)),
  );

  app.post('/api/operador/sedes/:id/cierres/', { preHandler: guard('sedes.editar') }, async (req, reply) => {
    const body = parse(branchClosureSchema, req.body);
    return reply
      .code(201)
      .send(await branches.close(actorOf(req), param(req, 'id'), body.fecha, body.motivo));
  });
}
