import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { preferencesUpdateSchema } from '@togo/domain/reminders/reminders.contract';
import { requireSession } from '../../http/auth.ts';
import { parse } from '../../http/validation.ts';
import type { DeliveryHistoryService } from './delivery-history.service.ts';
import type { OptOutService } from './opt-out.service.ts';
import type { PreferencesService } from './preferences.service.ts';

const pageNumber = (max: number, fallback: number) =>
  z.preprocess(
    (v) =>
      v === undefined || v === '' ? fallback : typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v,
    z
      .number({ error: 'Número de página inválido.' })
      .int()
      .min(1, 'Debe ser 1 o más.')
      .max(max, `Máximo ${max}.`),
  );
const historyQuerySchema = z.object({ page: pageNumber(100_000, 1), page_size: pageNumber(100, 20) });

/** Notification preferences (issue 15 contract) and "Historial de avisos". Routes parse and shape HTTP only. */
export function preferencesRoutes(
  app: FastifyInstance,
  deps: {
    preferences: PreferencesService;
    history: DeliveryHistoryService;
    consents: OptOutService;
    auth: preHandlerAsyncHookHandler;
  },
) {
  const auth = { preHandler: deps.auth };

  app.get('/api/togo/notificacion/preferencias/', auth, async (req) =>
    deps.preferences.get(requireSession(req).user.id),
  );

  app.put('/api/togo/notificacion/preferencias/', auth, async (req) =>
    deps.preferences.update(requireSession(req).user.id, parse(preferencesUpdateSchema, req.body)),
  );

  // Ley 1581: the user's consent records (what, when, from which screen), downloadable as JSON.
  app.get('/api/togo/notificacion/consentimientos/', auth, async (req, reply) => {
    const body = await deps.consents.export(requireSession(req).user.id);
    return reply.header('content-disposition', 'attachment; filename="togo-consentimientos.json"').send(body);
  });

  app.get('/api/togo/notificacion/historial/', auth, async (req) => {
    const { page, page_size } = parse(historyQuerySchema, req.query);
    return deps.history.list(requireSession(req).user.id, page, page_size);
  });
}
