import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertQuerySchema, saveAlertSchema } from '@togo/domain/alerts/alerts.contract';
import { savedAlertSchema } from '@togo/domain/alerts/alerts-answers.contract';
import { requireSession } from '../../http/auth.ts';
import type { AlertsService } from './alerts.service.ts';

/** Alerts API (AHGA §7). Routes parse and shape HTTP only. */
export function alertsRoutes(
  app: FastifyInstance,
  deps: { alerts: AlertsService; auth: preHandlerAsyncHookHandler },
) {
  const { alerts } = deps;
  // The session is checked before the request is validated (401 before 400).
  const authFirst = { preValidation: deps.auth };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/togo/alerta/get_alerta/',
    {
      ...authFirst,
      schema: { summary: 'Alerta de un documento del vehículo', querystring: alertQuerySchema },
    },
    async (req) => alerts.getAlert(requireSession(req).user, req.query),
  );

  typed.post(
    '/api/togo/alerta/',
    {
      ...authFirst,
      schema: {
        summary: 'Guardar la fecha de un documento del vehículo',
        body: saveAlertSchema,
        response: { 201: savedAlertSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await alerts.create(requireSession(req).user, req.body)),
  );

  typed.put(
    '/api/togo/alerta/update_alerta/',
    {
      ...authFirst,
      schema: {
        summary: 'Actualizar la fecha de un documento del vehículo',
        body: saveAlertSchema,
        response: { 200: savedAlertSchema },
      },
    },
    async (req) => alerts.update(requireSession(req).user, req.body),
  );
}
