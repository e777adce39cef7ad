import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BOOKING_PATHS,
  SLOTS_ACTION,
  brandingRequestSchema,
  citiesRequestSchema,
  combosQuerySchema,
  combosRequestSchema,
  peritajeBookRequestSchema,
  peritajeBranchDetailRequestSchema,
  rtmBookRequestSchema,
  rtmBranchDetailRequestSchema,
  slotsRequestSchema,
  tramitesBookRequestSchema,
  tramitesBranchDetailRequestSchema,
  tramitesRequestSchema,
  branchesRequestSchema,
} from '@togo/domain/booking/booking.contract';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { readToken } from '../../http/auth.ts';
import { tokenSecured } from '../../http/route-security.ts';
import type { BookingRepository } from './booking.repository.ts';
import type { BookResult, BookService } from './book.service.ts';
import type { BookingService } from './booking.service.ts';

const IDEMPOTENCY_KEY_RE = /^[\x21-\x7E]{1,255}$/;
/** ?accion= of the /wh/ action call: only the slots action exists. */
const actionQuerySchema = z.object({
  accion: z.literal(SLOTS_ACTION, { error: 'Acción desconocida.' }),
});

/** The user a /wh/ call acts for: the signed-in user, or the one a server-to-server caller names. */
const actingUser = new WeakMap<FastifyRequest, number>();

function userIdOf(req: FastifyRequest): number {
  const id = req.session?.user.id ?? actingUser.get(req);
  if (id === undefined) throw AppError.unauthorized();
  return id;
}

function sameSecret(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * /wh/ authentication: the user's 'Authorization: Token …' like every other route; or, when CHATBOT_TOKEN is
 * configured, that token plus 'X-Togo-Usuario: <user id>' for an outside caller acting for a user.
 */
function whAuthenticate(
  auth: preHandlerAsyncHookHandler,
  chatbotToken: string | undefined,
  repo: BookingRepository,
): preHandlerAsyncHookHandler {
  return tokenSecured(async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
    const token = readToken(req);
    if (chatbotToken && token && sameSecret(token, chatbotToken)) {
      const raw = req.headers['x-togo-usuario'];
      const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(id) || id <= 0 || !(await repo.userContact(id))) {
        throw AppError.unauthorized('Usuario inválido para el token de servicio.');
      }
      actingUser.set(req, id);
      return;
    }
    await auth.call(this, req, reply);
  } as preHandlerAsyncHookHandler);
}

function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_RE.test(raw)) {
    throw AppError.badRequest('Idempotency-Key inválida: de 1 a 255 caracteres visibles.');
  }
  return raw;
}

function sendBooked(reply: FastifyReply, result: BookResult) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(result.statusCode).send(result.body);
}

/**
 * The booking calls of SPPF §7 (all POST under /wh/, trailing slash included); the user's bookings are in
 * my-bookings.routes.ts. Routes parse and shape HTTP only.
 */
export function bookingRoutes(
  app: FastifyInstance,
  deps: {
    booking: BookingService;
    book: BookService;
    repo: BookingRepository;
    auth: preHandlerAsyncHookHandler;
    chatbotToken?: string | undefined;
  },
) {
  const { booking, book } = deps;
  // The caller is identified before the body is validated (401 before 400, as when the handlers parsed).
  const wh = { preValidation: whAuthenticate(deps.auth, deps.chatbotToken, deps.repo) };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    BOOKING_PATHS.branding,
    { ...wh, schema: { summary: 'Marca del cliente (llave de branding)', body: brandingRequestSchema } },
    async (req) => booking.branding(req.body.sessionInfo.parameters.cliente),
  );

  typed.post(
    BOOKING_PATHS.cities,
    { ...wh, schema: { summary: 'Ciudades con sedes para un servicio', body: citiesRequestSchema } },
    async (req) => booking.cities(req.body.sessionInfo.parameters.from_flow),
  );

  typed.post(
    BOOKING_PATHS.branchesByCity,
    { ...wh, schema: { summary: 'Sedes de una ciudad para un servicio', body: branchesRequestSchema } },
    async (req) => booking.branches(req.body.ciudad, req.body.from_flow),
  );

  typed.post(
    BOOKING_PATHS.rtmBranchDetail,
    {
      ...wh,
      schema: {
        summary: 'RTM: precio y datos de la sede para un vehículo',
        body: rtmBranchDetailRequestSchema,
      },
    },
    async (req) => booking.rtmDetail(userIdOf(req), req.body.sessionInfo.parameters),
  );

  typed.post(
    BOOKING_PATHS.peritajeBranchDetail,
    {
      ...wh,
      schema: {
        summary: 'Peritaje: precio y datos de la sede para un combo',
        body: peritajeBranchDetailRequestSchema,
      },
    },
    async (req) => {
      userIdOf(req);
      return booking.peritajeDetail(req.body.sessionInfo.parameters);
    },
  );

  typed.post(
    BOOKING_PATHS.tramitesBranchDetail,
    {
      ...wh,
      schema: { summary: 'Trámites: precio y datos de la sede', body: tramitesBranchDetailRequestSchema },
    },
    async (req) => {
      const body = req.body;
      if (body.llave && body.cliente && body.llave !== booking.brandingKey(body.cliente)) {
        throw AppError.field('llave', 'Llave inválida para este cliente.');
      }
      return booking.tramitesDetail(userIdOf(req), body);
    },
  );

  typed.post(
    BOOKING_PATHS.action,
    {
      ...wh,
      schema: {
        summary: 'Horarios libres de una sede por fecha',
        querystring: actionQuerySchema,
        body: slotsRequestSchema,
      },
    },
    async (req) => booking.slots(req.body),
  );

  // The Idempotency-Key header is checked after the body (a request with both wrong is told about the body).
  typed.post(
    BOOKING_PATHS.rtmBook,
    { ...wh, schema: { summary: 'Agendar una RTM', body: rtmBookRequestSchema } },
    async (req, reply) => {
      const key = idempotencyKey(req);
      return sendBooked(reply, await book.rtm(userIdOf(req), req.body.sessionInfo.parameters, key));
    },
  );

  typed.post(
    BOOKING_PATHS.tramitesBook,
    { ...wh, schema: { summary: 'Agendar trámites', body: tramitesBookRequestSchema } },
    async (req, reply) => {
      const key = idempotencyKey(req);
      return sendBooked(reply, await book.tramites(userIdOf(req), req.body.sessionInfo.parameters, key));
    },
  );

  typed.post(
    BOOKING_PATHS.peritajeBook,
    { ...wh, schema: { summary: 'Agendar un peritaje', body: peritajeBookRequestSchema } },
    async (req, reply) => {
      const key = idempotencyKey(req);
      return sendBooked(reply, await book.peritaje(userIdOf(req), req.body.sessionInfo.parameters, key));
    },
  );

  typed.post(
    BOOKING_PATHS.combos,
    {
      ...wh,
      schema: { summary: 'Combos de peritaje', querystring: combosQuerySchema, body: combosRequestSchema },
    },
    async (req) => {
      const filter = req.body?.sessionInfo?.parameters ?? {};
      return booking.combos({
        nombreContains: req.query.nombre__contains,
        ...(filter.grupo ? { grupo: filter.grupo } : {}),
        ...(filter.combustible ? { combustible: filter.combustible } : {}),
      });
    },
  );

  typed.post(
    BOOKING_PATHS.tramites,
    { ...wh, schema: { summary: 'Trámites disponibles', body: tramitesRequestSchema } },
    async () => booking.tramitesOptions(),
  );
}
