import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { picoPlacaQuerySchema, picoPlacaResponseSchema } from '@togo/domain/pico-placa/pico-placa.contract';
import {
  picoPlacaReportBodySchema,
  picoPlacaReportCreatedSchema,
  picoPlacaReportListQuerySchema,
  picoPlacaReportSchema,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { requireSession } from '../../http/auth.ts';
import type { PicoPlacaReportsService } from './pico-placa-reports.service.ts';
import type { PicoPlacaService } from './pico-placa.service.ts';

/**
 * GET /api/togo/pico-placa/?id_garaje=&fecha= (AHGA §2 'pico-placa'), and the drivers' reports of a wrong answer
 * (POST/GET /api/togo/pico-placa/reportes/, decision 104).
 */
export function picoPlacaRoutes(
  app: FastifyInstance,
  deps: { picoPlaca: PicoPlacaService; reports: PicoPlacaReportsService; auth: preHandlerAsyncHookHandler },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/togo/pico-placa/',
    // The session is checked before the query is validated (401 before 400).
    {
      preValidation: deps.auth,
      schema: {
        summary: 'Pico y placa de un vehículo en su ciudad',
        querystring: picoPlacaQuerySchema,
        response: { 200: picoPlacaResponseSchema },
      },
    },
    async (req, reply) => {
      const result = await deps.picoPlaca.forVehicle(requireSession(req).user.id, req.query);
      reply.header('cache-control', 'private, no-cache');
      return result;
    },
  );

  typed.post(
    '/api/togo/pico-placa/reportes/',
    {
      preValidation: deps.auth,
      schema: {
        summary: 'Reportar una respuesta de pico y placa equivocada',
        body: picoPlacaReportBodySchema,
        response: { 200: picoPlacaReportCreatedSchema, 201: picoPlacaReportCreatedSchema },
      },
    },
    async (req, reply) => {
      const report = await deps.reports.create(requireSession(req).user.id, req.body);
      reply.code(report.duplicado ? 200 : 201);
      return report;
    },
  );
  typed.get(
    '/api/togo/pico-placa/reportes/',
    {
      preValidation: deps.auth,
      schema: {
        summary: 'Mis reportes de pico y placa de un vehículo',
        querystring: picoPlacaReportListQuerySchema,
        response: { 200: picoPlacaReportSchema.array() },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return deps.reports.mine(requireSession(req).user.id, req.query.id_garaje);
    },
  );
}
