import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preferencesUpdateSchema } from '@togo/domain/reminders/reminders.contract';
import { requireSession } from '../../http/auth.ts';
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
const unsubscribeQuerySchema = z.object({
  u: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number({ error: 'Enlace inválido.' }).int().positive().max(2_147_483_647),
  ),
  s: z.string({ error: 'Enlace inválido.' }).max(64),
});
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
  // Signed-in routes with a schema: the session is checked before the request is validated (401 before 400).
  const authFirst = { preValidation: deps.auth };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/togo/notificacion/preferencias/',
    { ...auth, schema: { summary: 'Preferencias de notificación' } },
    async (req) => deps.preferences.get(requireSession(req).user.id),
  );

  typed.put(
    '/api/togo/notificacion/preferencias/',
    {
      ...authFirst,
      schema: { summary: 'Cambiar las preferencias de notificación', body: preferencesUpdateSchema },
    },
    async (req) => deps.preferences.update(requireSession(req).user.id, req.body),
  );

  // The unsubscribe link of every reminder email: signed, no sign-in, takes effect at once.
  typed.get(
    '/api/togo/notificacion/baja/',
    {
      schema: {
        summary: 'Darse de baja de un canal desde el enlace del mensaje',
        querystring: unsubscribeQuerySchema,
      },
    },
    async (req, reply) => {
      const { u, s } = req.query;
      const done = await deps.consents.optOutByLink(u, s);
      if (!done) return reply.code(404).send({ detail: 'Enlace inválido.' });
      return reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="es"><meta charset="utf-8"><title>TOGO</title><p>Listo: ya no te enviaremos avisos por correo. Puedes volver a activarlos en tu perfil de TOGO.</p></html>',
        );
    },
  );

  // Ley 1581: the user's consent records (what, when, from which screen), downloadable as JSON.
  app.get(
    '/api/togo/notificacion/consentimientos/',
    { ...auth, schema: { summary: 'Consentimientos de comunicaciones' } },
    async (req, reply) => {
      const body = await deps.consents.export(requireSession(req).user.id);
      return reply
        .header('content-disposition', 'attachment; filename="togo-consentimientos.json"')
        .send(body);
    },
  );

  typed.get(
    '/api/togo/notificacion/historial/',
    { ...authFirst, schema: { summary: 'Historial de avisos enviados', querystring: historyQuerySchema } },
    async (req) => deps.history.list(requireSession(req).user.id, req.query.page, req.query.page_size),
  );
}
