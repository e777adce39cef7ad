import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookingIdParamsSchema } from '@togo/domain/booking/booking.contract';
import {
  MY_BOOKINGS_PATHS,
  myBookingItemSchema,
  myBookingItemsResponseSchema,
  payAgainResponseSchema,
  rescheduleRequestSchema,
} from '@togo/domain/booking/my-bookings.contract';
import { AppError } from '../../http/app-error.ts';
import { notFoundParams } from '../../http/typed-routes.ts';
import type { MyBookingsService } from './my-bookings.service.ts';

/** A segment that is not a booking id is a 404, like another user's booking. */
const params = notFoundParams(bookingIdParamsSchema);

function userIdOf(req: FastifyRequest): number {
  const id = req.session?.user.id;
  if (id === undefined) throw AppError.unauthorized();
  return id;
}

/** 'Mis agendamientos' (beyond the spec): GET list, DELETE cancel, reschedule, pay again, calendar file. */
export function myBookingsRoutes(
  app: FastifyInstance,
  deps: { myBookings: MyBookingsService; auth: preHandlerAsyncHookHandler },
) {
  const { myBookings } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The session is checked before the path and the body are validated (401 before 404 or 400).
  const auth = { preValidation: deps.auth };

  typed.get(
    MY_BOOKINGS_PATHS.list,
    { ...auth, schema: { summary: 'Mis agendamientos', response: { 200: myBookingItemsResponseSchema } } },
    async (req) => myBookings.list(userIdOf(req)),
  );

  typed.delete(
    '/api/togo/agendamientos/:id/',
    { ...auth, schema: { summary: 'Cancelar un agendamiento', params } },
    async (req, reply) => {
      await myBookings.cancel(userIdOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  typed.post(
    '/api/togo/agendamientos/:id/reprogramar/',
    {
      ...auth,
      schema: {
        summary: 'Reprogramar un agendamiento',
        params,
        body: rescheduleRequestSchema,
        response: { 200: myBookingItemSchema },
      },
    },
    async (req) => myBookings.reschedule(userIdOf(req), req.params.id, req.body),
  );

  typed.post(
    '/api/togo/agendamientos/:id/pagar/',
    {
      ...auth,
      schema: {
        summary: 'Nuevo enlace de pago de un agendamiento pendiente',
        params,
        response: { 200: payAgainResponseSchema },
      },
    },
    async (req) => myBookings.pay(userIdOf(req), req.params.id),
  );

  typed.post(
    '/api/togo/agendamientos/:id/pagar-en-sitio/',
    {
      ...auth,
      schema: {
        summary: 'Pagar en sitio un agendamiento pendiente de pago',
        params,
        response: { 200: myBookingItemSchema },
      },
    },
    async (req) => myBookings.payOnSite(userIdOf(req), req.params.id),
  );

  typed.get(
    '/api/togo/agendamientos/:id/calendario.ics',
    { ...auth, schema: { summary: 'Agendamiento en formato iCalendar', params } },
    async (req, reply) => {
      const ics = await myBookings.calendar(userIdOf(req), req.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="agendamiento-togo.ics"')
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );
}
