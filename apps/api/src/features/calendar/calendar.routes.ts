import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { requireSession } from '../../http/auth.ts';
import type { CalendarService } from './calendar.service.ts';

/** Calendar feed (issue 15): the secret address, its revocation, and the feed itself (no token header). */
export function calendarRoutes(
  app: FastifyInstance,
  deps: { calendar: CalendarService; auth: preHandlerAsyncHookHandler },
) {
  const auth = { preHandler: deps.auth };

  app.get('/api/togo/calendario/', { ...auth, schema: { summary: 'Enlace de mi calendario' } }, async (req) =>
    deps.calendar.link(requireSession(req).user.id),
  );

  app.post(
    '/api/togo/calendario/revocar/',
    { ...auth, schema: { summary: 'Revocar el enlace de mi calendario' } },
    async (req) => deps.calendar.revoke(requireSession(req).user.id),
  );

  // Public by design: the unguessable address is the credential (calendar apps cannot send headers).
  app.get(
    '/api/togo/calendario/feed/:token',
    { schema: { summary: 'Calendario (iCalendar) de vencimientos y agendamientos' } },
    async (req, reply) => {
      const { token } = req.params as { token: string };
      const body = await deps.calendar.feed(token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="togo.ics"')
        .send(body);
    },
  );
}
