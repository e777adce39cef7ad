import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  operatorPicoPlacaReportQuerySchema,
  operatorPicoPlacaReportSchema,
  picoPlacaReportParamsSchema,
  picoPlacaReportResolveSchema,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { notFoundParams } from '../../http/typed-routes.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import type { OperatorPicoPlacaReportsService } from './operator-pico-placa-reports.service.ts';

/** A report id that is not a number names nothing: 404. */
const reportParams = notFoundParams(picoPlacaReportParamsSchema);

/**
 * The drivers' reports of a wrong pico y placa answer in the console (decision 104): listed with the pico y placa
 * read permission, resolved with the edit permission. The guard runs as preValidation (401/403 before 400).
 */
export function operatorPicoPlacaReportsRoutes(
  app: FastifyInstance,
  deps: { guard: ReturnType<typeof requireStaff>; reports: OperatorPicoPlacaReportsService },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/operador/pico-placa/reportes/',
    {
      preValidation: deps.guard('pico-placa.leer'),
      schema: {
        summary: 'Consola: reportes de conductores sobre respuestas de pico y placa',
        querystring: operatorPicoPlacaReportQuerySchema,
        response: { 200: operatorPicoPlacaReportSchema.array() },
      },
    },
    async (req) => deps.reports.list(req.query.estado),
  );
  typed.post(
    '/api/operador/pico-placa/reportes/:id/resolver/',
    {
      preValidation: deps.guard('pico-placa.editar'),
      schema: {
        summary: 'Consola: marcar resuelto un reporte de pico y placa',
        params: reportParams,
        body: picoPlacaReportResolveSchema,
        response: { 200: operatorPicoPlacaReportSchema },
      },
    },
    async (req) => deps.reports.resolve(actorOf(req), req.params.id, req.body.respuesta),
  );
}
