import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
import { AppError } from '../../http/app-error.ts';
import { readToken } from '../../http/auth.ts';
import { parse } from '../../http/validation.ts';
import type { BookingRepository } from './booking.repository.ts';
import type { BookResult, BookingService } from './booking.service.ts';

const IDEMPOTENCY_KEY_RE = /^[\x21-\x7E]{1,255}$/;

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
  return async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
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
  } as preHandlerAsyncHookHandler;
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
    repo: BookingRepository;
    auth: preHandlerAsyncHookHandler;
    chatbotToken?: string | undefined;
  },
) {
  const { booking } = deps;
  const wh = { preHandler: whAuthenticate(deps.auth, deps.chatbotToken, deps.repo) };

  app.post(BOOKING_PATHS.branding, wh, async (req) => {
    const { sessionInfo } = parse(brandingRequestSchema, req.body);
    return booking.branding(sessionInfo.parameters.cliente);
  });

  app.post(BOOKING_PATHS.cities, wh, async (req) => {
    const { sessionInfo } = parse(citiesRequestSchema, req.body);
    return booking.cities(sessionInfo.parameters.from_flow);
  });

  app.post(BOOKING_PATHS.branchesByCity, wh, async (req) => {
    const body = parse(branchesRequestSchema, req.body);
    return booking.branches(body.ciudad, body.from_flow);
  });

  app.post(BOOKING_PATHS.rtmBranchDetail, wh, async (req) => {
    const { sessionInfo } = parse(rtmBranchDetailRequestSchema, req.body);
    return booking.rtmDetail(userIdOf(req), sessionInfo.parameters);
  });

  app.post(BOOKING_PATHS.peritajeBranchDetail, wh, async (req) => {
    const { sessionInfo } = parse(peritajeBranchDetailRequestSchema, req.body);
    return booking.peritajeDetail(userIdOf(req), sessionInfo.parameters);
  });

  app.post(BOOKING_PATHS.tramitesBranchDetail, wh, async (req) => {
    const body = parse(tramitesBranchDetailRequestSchema, req.body);
    if (body.llave && body.cliente && body.llave !== booking.brandingKey(body.cliente)) {
      throw AppError.field('llave', 'Llave inválida para este cliente.');
    }
    return booking.tramitesDetail(userIdOf(req), body);
  });

  app.post(BOOKING_PATHS.action, wh, async (req) => {
    const accion = (req.query as { accion?: unknown }).accion;
    if (accion !== SLOTS_ACTION) throw AppError.field('accion', 'Acción desconocida.');
    return booking.slots(parse(slotsRequestSchema, req.body));
  });

  app.post(BOOKING_PATHS.rtmBook, wh, async (req, reply) => {
    const key = idempotencyKey(req);
    const { sessionInfo } = parse(rtmBookRequestSchema, req.body);
    return sendBooked(reply, await booking.bookRtm(userIdOf(req), sessionInfo.parameters, key));
  });

  app.post(BOOKING_PATHS.tramitesBook, wh, async (req, reply) => {
    const key = idempotencyKey(req);
    const { sessionInfo } = parse(tramitesBookRequestSchema, req.body);
    return sendBooked(reply, await booking.bookTramites(userIdOf(req), sessionInfo.parameters, key));
  });

  app.post(BOOKING_PATHS.peritajeBook, wh, async (req, reply) => {
    const key = idempotencyKey(req);
    const { sessionInfo } = parse(peritajeBookRequestSchema, req.body);
    return sendBooked(reply, await booking.bookPeritaje(userIdOf(req), sessionInfo.parameters, key));
  });

  app.post(BOOKING_PATHS.combos, wh, async (req) => {
    const query = parse(combosQuerySchema, req.query);
    const body = parse(combosRequestSchema, req.body ?? undefined);
    const filter = body?.sessionInfo?.parameters ?? {};
    return booking.combos({
      nombreContains: query.nombre__contains,
      ...(filter.grupo ? { grupo: filter.grupo } : {}),
      ...(filter.combustible ? { combustible: filter.combustible } : {}),
    });
  });

  app.post(BOOKING_PATHS.tramites, wh, async (req) => {
    parse(tramitesRequestSchema, req.body ?? undefined);
    return booking.tramitesOptions();
  });
}
