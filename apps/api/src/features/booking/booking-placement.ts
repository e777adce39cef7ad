import { randomBytes, randomUUID } from 'node:crypto';
import {
  BOOKING_MSG,
  HOLD_MINUTES,
  type BookingAnswer,
  type BookingAnswerParameters,
  type FromFlow,
  type PaymentMethod,
} from '@togo/domain/booking/booking.contract';
import { slotLabel } from '@togo/domain/booking/booking.rules';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { both, SERVICE_TITLES, type BookResult } from './booking-answers.ts';
import { sendConfirmation } from './booking-confirmation.ts';
import type { BookingDeps } from './booking.deps.ts';
import type { BranchRow, NewBooking } from './booking.repository.ts';

/**
 * Placing a booking, whatever the service flow: a seat taken atomically, a payment link and a hold for
 * "pagar ahora" (released by a job at its end), or a confirmed booking and its email; replays by idempotency key.
 */

export const BOOKING_HOLD_RELEASE_JOB = 'booking-hold-release';

export interface PlaceBookingInput {
  userId: number;
  path: string;
  request: unknown;
  idempotencyKey: string | null;
  branch: BranchRow;
  hour: number;
  fecha: string;
  placa: string;
  tipoVehiculo: string;
  tipoAtencion: 'presencial' | 'a_domicilio';
  metodoPago: PaymentMethod;
  precio: number;
  detalle: string[];
  datos: Record<string, unknown>;
  direccionServicio: string | null;
  correo: string | null;
  servicio: FromFlow;
}

function newReference(): string {
  // 10 characters of Crockford base32: ~50 bits, unguessable enough to act as the sandbox page's capability.
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(10);
  return `TG${Array.from(bytes, (b) => alphabet[b % 32]).join('')}`;
}

function answerParameters(
  b: {
    id: string;
    referencia: string;
    estado: string;
    fecha: string;
    hora: number;
    precio: number;
    expiraEn: Date | null;
  },
  link: string | null,
): BookingAnswerParameters {
  return {
    linkPago: link,
    id_agendamiento: b.id,
    referencia: b.referencia,
    estado: b.estado as BookingAnswerParameters['estado'],
    fecha_agenda: b.fecha,
    franja: slotLabel(b.hora),
    price: b.precio,
    expira_en: b.expiraEn ? b.expiraEn.toISOString() : null,
  };
}

export async function placeBooking(deps: BookingDeps, input: PlaceBookingInput): Promise<BookResult> {
  const { repo } = deps;
  // A day the console closed offers no slots (decision 022).
  if ((await repo.closedDates(input.branch.id, input.fecha, input.fecha)).length > 0) {
    throw AppError.badRequest(BOOKING_MSG.slotUnavailable);
  }
  const now = deps.clock.now();
  const payNow = input.metodoPago === 'pagar_ahora';
  const expiraEn = payNow ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null;
  const id = randomUUID();
  const referencia = newReference();
  const link = payNow
    ? await deps.payments.createPaymentLink({
        reference: referencia,
        amountInCents: input.precio * 100,
        description: `${SERVICE_TITLES[input.servicio]} - ${input.branch.nombre}`,
        customerEmail: (await repo.userContact(input.userId))?.email ?? null,
        expiresAt: expiraEn ?? now,
        redirectUrl: deps.paymentRedirectUrl,
      })
    : null;
  const booking: NewBooking = {
    id,
    userId: input.userId,
    referencia,
    servicio: input.servicio,
    branchId: input.branch.id,
    fecha: input.fecha,
    hora: input.hour,
    placa: input.placa,
    tipoVehiculo: input.tipoVehiculo,
    tipoAtencion: input.tipoAtencion,
    metodoPago: input.metodoPago,
    estado: payNow ? 'pendiente_pago' : 'confirmada',
    precio: input.precio,
    detalle: input.detalle,
    datos: input.datos,
    direccionServicio: input.direccionServicio,
    correo: input.correo,
    expiraEn,
  };
  const parameters = answerParameters(booking, link);
  const answer: BookingAnswer = both(parameters);
  const idempotency = input.idempotencyKey
    ? {
        key: input.idempotencyKey,
        requestHash: sha256Hex(`${input.path}\n${JSON.stringify(input.request)}`),
      }
    : null;
  const outcome = await repo.book({
    booking,
    payment: {
      id: randomUUID(),
      provider: payNow ? deps.payments.name : 'en_sitio',
      reference: referencia,
      amountInCents: input.precio * 100,
      status: payNow ? 'PENDING' : 'EN_SITIO',
      link,
    },
    capacity: input.branch.capacidad,
    now,
    idempotency,
    answer: () => answer,
  });
  if (outcome.kind === 'full') throw AppError.conflict(BOOKING_MSG.slotTaken);
  if (outcome.kind === 'replay') {
    if (outcome.requestHash !== idempotency?.requestHash)
      throw new AppError(422, BOOKING_MSG.idempotencyMismatch);
    return { statusCode: outcome.statusCode, body: outcome.response, replayed: true };
  }
  if (expiraEn) {
    await deps.jobs
      .send(BOOKING_HOLD_RELEASE_JOB, { bookingId: id }, { startAfter: expiraEn, retryLimit: 5 })
      .catch((err: unknown) => deps.log.error({ err, bookingId: id }, 'hold release job not queued'));
  } else {
    await sendConfirmation(deps, id);
  }
  return { statusCode: 200, body: answer, replayed: false };
}
