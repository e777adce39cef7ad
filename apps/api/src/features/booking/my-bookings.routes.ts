import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MY_BOOKINGS_MSG,
  MY_BOOKINGS_PATHS,
  rescheduleRequestSchema,
} from '@togo/domain/booking/my-bookings.contract';
import { AppError } from '../../http/app-error.ts';
import type { MyBookingsService } from './my-bookings.service.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function userIdOf(req: FastifyRequest): number {
  const id = req.session?.user.id;
  if (id === undefined) throw AppError.unauthorized();
  return id;
}

/** A segment that names nothing of the user's is a 404, like another user's booking. */
function bookingId(req: FastifyRequest): string {
  const id = (req.params as { id?: string }).id ?? '';
  if (!UUID_RE.test(id)) throw AppError.notFound(MY_BOOKINGS_MSG.notFound);
  return id.toLowerCase();
}

/** 'Mis agendamientos' (beyond the spec): GET list, DELETE cancel, reschedule, pay again, calendar file. */
export function myBookingsRoutes(
  app: FastifyInstance,
  deps: { myBookings: MyBookingsService; auth: preHandlerAsyncHookHandler },
) {
  const { myBookings } = deps;
  const auth = { preHandler: deps.auth };

  app.get(MY_BOOKINGS_PATHS.list, auth, async (req) => myBookings.list(userIdOf(req)));

  app.delete('/api/togo/agendamientos/:id/', auth, async (req, reply) => {
    const id = bookingId(req);
    await myBookings.cancel(userIdOf(req), id);
    return reply.code(204).send();
  });

  // The session is checked before the body is validated (401 before 400).
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/togo/agendamientos/:id/reprogramar/',
      { preValidation: deps.auth, schema: { body: rescheduleRequestSchema } },
      async (req) => myBookings.reschedule(userIdOf(req), bookingId(req), req.body),
    );

  app.post('/api/togo/agendamientos/:id/pagar/', auth, async (req) => {
    const id = bookingId(req);
    return myBookings.pay(userIdOf(req), id);
  });

  app.get('/api/togo/agendamientos/:id/calendario.ics', auth, async (req, reply) => {
    const id = bookingId(req);
    const ics = await myBookings.calendar(userIdOf(req), id);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="agendamiento-togo.ics"')
      .header('cache-control', 'no-store')
      .send(ics);
  });
}
