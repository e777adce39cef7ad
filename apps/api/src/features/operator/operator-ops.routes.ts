import type { FastifyInstance } from 'fastify';
import { XLSX_CONTENT_TYPE } from '@togo/domain/fleet/fleet.constants';
import { agendaQuerySchema } from '@togo/domain/operator/operator-console.contract';
import {
  OPERATOR_OPS_PATHS,
  branchCreateSchema,
  closureDateParamSchema,
  priceUpdateSchema,
  type PriceKind,
} from '@togo/domain/operator/operator-ops.contract';
import { parse } from '../../http/validation.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import { agendaWorkbook } from './operator-agenda.workbook.ts';
import type { OperatorBookingsService } from './operator-bookings.service.ts';
import type { OperatorBranchesService } from './operator-branches.service.ts';
import type { OperatorPricesService } from './operator-prices.service.ts';

const param = (req: { params: unknown }, name: string) =>
  String((req.params as Record<string, string | undefined>)[name] ?? '');

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

  app.get(OPERATOR_OPS_PATHS.agendaXlsx, { preHandler: guard('agenda.leer') }, async (req, reply) => {
    const { sede, fecha } = parse(agendaQuerySchema, req.query);
    const bytes = await agendaWorkbook(sede, fecha, await bookings.agenda(sede, fecha));
    const name = `agenda-${sede.replace(/[^A-Za-z0-9-]/g, '')}-${fecha}.xlsx`;
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  app.post(OPERATOR_OPS_PATHS.branches, { preHandler: guard('sedes.editar') }, async (req, reply) => {
    const created = await branches.create(actorOf(req), parse(branchCreateSchema, req.body));
    return reply.code(201).send(created);
  });

  app.get('/api/operador/sedes/:id/cierres/', { preHandler: guard('sedes.leer') }, async (req) =>
    branches.closures(param(req, 'id')),
  );

  app.delete(
    '/api/operador/sedes/:id/cierres/:fecha/',
    { preHandler: guard('sedes.editar') },
    async (req, reply) => {
      const { fecha } = parse(closureDateParamSchema, { fecha: param(req, 'fecha') });
      await branches.reopen(actorOf(req), param(req, 'id'), fecha);
      return reply.code(204).send();
    },
  );

  app.get(OPERATOR_OPS_PATHS.prices, { preHandler: guard('precios.leer') }, async () => prices.list());

  const kinds: PriceKind[] = ['rtm', 'combos', 'tramites'];
  for (const kind of kinds) {
    app.put(`/api/operador/precios/${kind}/:key/`, { preHandler: guard('precios.editar') }, async (req) => {
      const { precio } = parse(priceUpdateSchema, req.body);
      return prices.setPrice(actorOf(req), kind, param(req, 'key'), precio);
    });
  }
}
