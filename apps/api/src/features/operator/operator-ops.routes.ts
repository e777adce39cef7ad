import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { XLSX_CONTENT_TYPE } from '@togo/domain/fleet/fleet.constants';
import { bookingIdParamsSchema } from '@togo/domain/booking/booking-mine.contract';
import {
  AGENDA_PATHS,
  bulkCancelSchema,
  bulkCheckInSchema,
} from '@togo/domain/operator/operator-agenda.contract';
import { agendaQuerySchema, branchParamsSchema } from '@togo/domain/operator/operator-console.contract';
import {
  OPERATOR_OPS_PATHS,
  branchCreateSchema,
  branchClosureParamsSchema,
  divipolaDepartmentParamsSchema,
  divipolaListSchema,
  priceKeyParamsSchema,
  priceUpdateSchema,
  type PriceKind,
} from '@togo/domain/operator/operator-ops.contract';
import { IF_MATCH_ROUTE, ifMatchVersion } from '../../http/if-match.ts';
import { notFoundParams } from '../../http/typed-routes.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import { agendaWorkbook } from './operator-agenda.workbook.ts';
import type { OperatorBookingsService } from './operator-bookings.service.ts';
import type { OperatorBranchesService } from './operator-branches.service.ts';
import type { OperatorPricesService } from './operator-prices.service.ts';

/**
 * The console's operations routes (decision 037): agenda export, branch creation and closures, prices. Each
 * names its permission; bodies are parsed with the domain's zod schemas (400 naming the field).
 */
export function operatorOpsRoutes(
  app: FastifyInstance,
  deps: {
    guard: ReturnType<typeof requireStaff>;
    bookings: OperatorBookingsService;
    branches: OperatorBranchesService;
    prices: OperatorPricesService;
  },
) {
  const { guard, bookings, branches, prices } = deps;
  // Routes with a schema check the staff session and permission first (401/403 before 400).
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    OPERATOR_OPS_PATHS.agendaXlsx,
    {
      preValidation: guard('agenda.leer'),
      schema: { summary: 'Consola: exportar la agenda (Excel)', querystring: agendaQuerySchema },
    },
    async (req, reply) => {
      const { sede, fecha } = req.query;
      const bytes = await agendaWorkbook(sede, fecha, await bookings.agenda(sede, fecha));
      const name = `agenda-${sede.replace(/[^A-Za-z0-9-]/g, '')}-${fecha}.xlsx`;
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  // The agenda's undo and bulk actions (issue 38, decision 114).
  typed.post(
    '/api/operador/agendamientos/:id/deshacer/',
    {
      preValidation: guard('agendamientos.editar'),
      ...IF_MATCH_ROUTE,
      schema: {
        summary: 'Consola: deshacer la llegada o la inasistencia de una cita (el mismo día)',
        params: notFoundParams(bookingIdParamsSchema),
      },
    },
    async (req) => bookings.undo(actorOf(req), req.params.id, ifMatchVersion(req)),
  );

  typed.post(
    AGENDA_PATHS.bulkCheckIn,
    {
      preValidation: guard('agendamientos.editar'),
      schema: { summary: 'Consola: registrar la llegada de varias citas', body: bulkCheckInSchema },
    },
    async (req) => bookings.bulk(actorOf(req), req.body.items, { estado: 'atendido' }),
  );

  typed.post(
    AGENDA_PATHS.bulkCancel,
    {
      preValidation: guard('agendamientos.editar'),
      schema: {
        summary: 'Consola: cancelar varias citas y avisar a cada conductor (reembolsa las pagadas)',
        body: bulkCancelSchema,
      },
    },
    async (req) =>
      bookings.bulk(actorOf(req), req.body.items, { estado: 'cancelado', motivo: req.body.motivo }),
  );

  typed.post(
    OPERATOR_OPS_PATHS.branches,
    {
      preValidation: guard('sedes.editar'),
      schema: { summary: 'Consola: crear una sede', body: branchCreateSchema },
    },
    async (req, reply) => reply.code(201).send(await branches.create(actorOf(req), req.body)),
  );

  typed.get(
    OPERATOR_OPS_PATHS.departments,
    {
      preValidation: guard('sedes.leer'),
      schema: { summary: 'Consola: departamentos (DIVIPOLA)', response: { 200: divipolaListSchema } },
    },
    async () => branches.departments(),
  );

  typed.get(
    '/api/operador/divipola/departamentos/:id/municipios/',
    {
      preValidation: guard('sedes.leer'),
      schema: {
        summary: 'Consola: municipios de un departamento (DIVIPOLA)',
        params: divipolaDepartmentParamsSchema,
        response: { 200: divipolaListSchema },
      },
    },
    async (req) => branches.municipalities(req.params.id),
  );

  typed.get(
    '/api/operador/sedes/:id/cierres/',
    {
      preValidation: guard('sedes.leer'),
      schema: { summary: 'Consola: días cerrados de una sede', params: branchParamsSchema },
    },
    async (req) => branches.closures(req.params.id),
  );

  typed.delete(
    '/api/operador/sedes/:id/cierres/:fecha/',
    {
      preValidation: guard('sedes.editar'),
      schema: { summary: 'Consola: reabrir un día cerrado de una sede', params: branchClosureParamsSchema },
    },
    async (req, reply) => {
      await branches.reopen(actorOf(req), req.params.id, req.params.fecha);
      return reply.code(204).send();
    },
  );

  app.get(
    OPERATOR_OPS_PATHS.prices,
    { schema: { summary: 'Consola: precios de los servicios' }, preHandler: guard('precios.leer') },
    async () => prices.list(),
  );

  const kinds: PriceKind[] = ['rtm', 'combos', 'tramites'];
  for (const kind of kinds) {
    typed.put(
      `/api/operador/precios/${kind}/:key/`,
      {
        preValidation: guard('precios.editar'),
        ...IF_MATCH_ROUTE,
        schema: {
          summary: 'Consola: cambiar un precio',
          params: priceKeyParamsSchema,
          body: priceUpdateSchema,
        },
      },
      async (req) =>
        prices.setPrice(actorOf(req), kind, req.params.key, req.body.precio, ifMatchVersion(req)),
    );
  }
}
