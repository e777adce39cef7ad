import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { alertQuerySchema, saveAlertSchema } from '@togo/domain/alerts/alerts.contract';
import { requireSession } from '../../http/auth.ts';
import { parse } from '../../http/validation.ts';
import type { AlertsService } from './alerts.service.ts';

/** Alerts API (AHGA §7). Routes parse and shape HTTP only. */
export function alertsRoutes(
  app: FastifyInstance,
  deps: { alerts: AlertsService; auth: preHandlerAsyncHookHandler },
) {
  const { alerts } = deps;
  const auth = { preHandler: deps.auth };

  app.get('/api/togo/alerta/get_alerta/', auth, async (req) =>
    alerts.getAlert(requireSession(req).user, parse(alertQuerySchema, req.query)),
  );

  app.post('/api/togo/alerta/', auth, async (req, reply) => {
    const saved = await alerts.create(requireSession(req).user, parse(saveAlertSchema, req.body));
    return reply.code(201).send(saved);
  });

  app.put('/api/togo/alerta/update_alerta/', auth, async (req) =>
    alerts.update(requireSession(req).user, parse(saveAlertSchema, req.body)),
  );
}
