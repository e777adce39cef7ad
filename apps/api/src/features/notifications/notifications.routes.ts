import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@togo/domain/alerts/alerts.contract';
import { requireSession } from '../../http/auth.ts';
import { parse } from '../../http/validation.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The absolute URL of the request, as DRF builds next/previous links. */
function requestUrl(req: FastifyRequest): URL {
  return new URL(req.url, `${req.protocol}://${req.host}`);
}

/** Notifications API (AHGA §7) and Web Push subscriptions. Routes parse and shape HTTP only. */
export function notificationsRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService; auth: preHandlerAsyncHookHandler },
) {
  const { notifications } = deps;
  const auth = { preHandler: deps.auth };
  // Signed-in routes with a schema: the session is checked before the request is validated (401 before 400).
  const authFirst = { preValidation: deps.auth };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/togo/notificacion/list_notificaciones_by_garaje/',
    {
      ...authFirst,
      schema: {
        summary: 'Notificaciones de un vehículo del garaje',
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (req) => notifications.list(requireSession(req).user, req.query, requestUrl(req)),
  );

  // Public: the VAPID public key is public configuration (null = push not configured).
  typed.get(
    '/api/togo/notificacion/push/public-key/',
    { schema: { summary: 'Clave pública de Web Push', response: { 200: pushPublicKeySchema } } },
    async () => notifications.publicKey(),
  );

  typed.post(
    '/api/togo/notificacion/push/subscribe/',
    {
      ...authFirst,
      schema: { summary: 'Suscribir este navegador a las notificaciones push', body: pushSubscriptionSchema },
    },
    async (req, reply) =>
      reply.code(201).send(await notifications.subscribe(requireSession(req).user, req.body)),
  );

  // The endpoint comes in the body or, for clients that cannot send a DELETE body, in the query string: one
  // schema cannot say "either", so this route still parses by hand.
  app.delete(
    '/api/togo/notificacion/push/unsubscribe/',
    { ...auth, schema: { summary: 'Quitar la suscripción push de este navegador' } },
    async (req, reply) => {
      const body = req.body && typeof req.body === 'object' ? req.body : req.query;
      const { endpoint } = parse(pushUnsubscribeSchema, body);
      await notifications.unsubscribe(requireSession(req).user, endpoint);
      return reply.code(204).send();
    },
  );
}
