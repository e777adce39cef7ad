import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  BOOKING_MSG,
  HOLD_MINUTES,
  type BookingAnswer,
  type BookingAnswerParameters,
  type FromFlow,
  type PaymentMethod,
  type peritajeBookRequestSchema,
  type rtmBookRequestSchema,
  type tramitesBookRequestSchema,
} from '@togo/domain/booking/booking.contract';
import { slotLabel } from '@togo/domain/booking/booking.rules';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { sendConfirmation } from './booking-confirmation.ts';
import type { BookingPlaceRepository } from './booking-place.repository.ts';
import {
  both,
  branchFor,
  checkSlot,
  peritajeQuote,
  rtmQuote,
  SERVICE_TITLES,
  tramitesQuote,
  vehicleClass,
} from './booking-quotes.ts';
import type { BookingDeps } from './booking.deps.ts';
import type { BranchRow, NewBooking } from './booking.repository.ts';

type RtmBookParams = z.output<typeof rtmBookRequestSchema>['sessionInfo']['parameters'];
type PeritajeBookParams = z.output<typeof peritajeBookRequestSchema>['sessionInfo']['parameters'];
type TramitesBookParams = z.output<typeof tramitesBookRequestSchema>['sessionInfo']['parameters'];

export const BOOKING_HOLD_RELEASE_JOB = 'booking-hold-release';

export interface BookResult {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

/** A booking request whose checks passed: the branch serves the flow, the slot is offered and not closed. */
interface CheckedRequest {
  userId: number;
  servicio: FromFlow;
  branch: BranchRow;
  hour: number;
  fecha: string;
  placa: string;
  metodoPago: PaymentMethod;
  idempotency: { key: string; requestHash: string } | null;
}

/** What each flow prices and records of its own. */
interface Priced {
  tipoVehiculo: string;
  tipoAtencion: 'presencial' | 'a_domicilio';
  precio: number;
  detalle: string[];
  datos: Record<string, unknown>;
  direccionServicio: string | null;
  correo: string | null;
}

export function newReference(): string {
  // 10 characters of Crockford base32: ~50 bits, unguessable enough to act as the sandbox page's capability.
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(10);
  return `TG${Array.from(bytes, (b) => alphabet[b % 32]).join('')}`;
}

/**
 * Booking an RTM, a peritaje or trámites (POST /wh/agendar-…/, SPPF §7): one method per flow, each the straight
 * path route → checks → one repository transaction. Every check comes before the first side effect: a stored
 * Idempotency-Key answer is replayed (a different request under the same key is a 422), the branch, the slot, the
 * closed days and the flow's own quote are validated (400/404), and a full slot is refused (409); only then is a
 * payment link created ("pagar ahora"), the seat taken, the booking, its payment and the key's answer stored in
 * one transaction (which re-checks the key and the capacity under its locks), and the hold's release job queued
 * or the confirmation sent. Replays by idempotency key answer the stored body with `Idempotent-Replayed: true`.
 */
export class BookService {
  constructor(private readonly deps: BookingDeps & { places: BookingPlaceRepository }) {}

  async rtm(userId: number, p: RtmBookParams, idempotencyKey: string | null): Promise<BookResult> {
    const checked = await this.check('rtm', userId, p, idempotencyKey);
    if ('replay' in checked) return checked.replay;
    const quote = await rtmQuote(this.deps.repo, userId, checked.branch, p.placa);
    if ('message' in quote) throw AppError.badRequest(quote.message);
    return this.place(checked, {
      tipoVehiculo: quote.clase,
      tipoAtencion: 'presencial',
      precio: quote.price,
      detalle: [SERVICE_TITLES.rtm],
      datos: { ciudad: p.ciudad ?? null, cliente: p.cliente ?? null, promocion: p.promocion },
      direccionServicio: null,
      correo: null,
    });
  }

  async peritaje(userId: number, p: PeritajeBookParams, idempotencyKey: string | null): Promise<BookResult> {
    const checked = await this.check('peritaje', userId, p, idempotencyKey);
    if ('replay' in checked) return checked.replay;
    const quote = await peritajeQuote(this.deps.repo, p, checked.branch);
    if ('message' in quote) throw AppError.badRequest(quote.message);
    return this.place(checked, {
      tipoVehiculo: quote.clase,
      tipoAtencion: p.tipo_atencion,
      precio: quote.combo.price,
      detalle: [`Combo ${quote.combo.short_name}`],
      datos: {
        combo: quote.combo.id,
        clase: quote.clase,
        combustible: quote.combustible,
        recibir_resultado: p.recibir_resultado,
        correo_resultado: p.correo_resultado,
        nombre_resultado: p.nombre_resultado,
        cliente: p.cliente ?? null,
        promocion: p.promocion,
      },
      direccionServicio: p.tipo_atencion === 'a_domicilio' ? p.direccion_servicio : null,
      correo: p.correo_resultado,
    });
  }

  async tramites(userId: number, p: TramitesBookParams, idempotencyKey: string | null): Promise<BookResult> {
    const checked = await this.check('tramites', userId, p, idempotencyKey);
    if ('replay' in checked) return checked.replay;
    const { lines, total } = await tramitesQuote(this.deps.repo, p.tramite);
    const { clase } = await vehicleClass(this.deps.repo, userId, p.placa);
    return this.place(checked, {
      tipoVehiculo: clase,
      tipoAtencion: 'presencial',
      precio: total,
      detalle: lines.map((l) => l.text),
      datos: {
        tramites: lines,
        celular: p.celular ?? null,
        tipo_identificacion: p.tipo_identificacion ?? null,
        numero_identificacion: p.numero_identificacion ?? null,
        nombre: p.nombre ?? null,
        cliente: p.cliente ?? null,
        promocion: p.promocion,
      },
      direccionServicio: null,
      correo: p.correo ?? null,
    });
  }

  /**
   * The checks every flow starts with, before anything is written or asked of the gateway: the stored answer of
   * the Idempotency-Key (replayed; a different request under the key is a 422), then the branch serves the flow
   * (404), the slot is offered that day (400) and the console did not close the day (400, decision 022).
   */
  private async check(
    servicio: FromFlow,
    userId: number,
    p: { sede: string; fecha_agenda: string; franja: string; placa: string; metodo_pago: PaymentMethod },
    key: string | null,
  ): Promise<CheckedRequest | { replay: BookResult }> {
    const { repo, places, clock } = this.deps;
    const idempotency = key ? { key, requestHash: sha256Hex(`${servicio}\n${JSON.stringify(p)}`) } : null;
    if (idempotency) {
      const stored = await places.storedAnswer(userId, idempotency.key);
      if (stored) {
        if (stored.requestHash !== idempotency.requestHash)
          throw new AppError(422, BOOKING_MSG.idempotencyMismatch);
        return { replay: { statusCode: stored.statusCode, body: stored.response, replayed: true } };
      }
    }
    // The price is the one in effect now, the day the booking is made (decision 118).
    await this.deps.prices.apply();
    const branch = await branchFor(repo, p.sede, servicio);
    const hour = checkSlot(clock, branch, p.fecha_agenda, p.franja);
    if ((await repo.closedDates(branch.id, p.fecha_agenda, p.fecha_agenda)).length > 0) {
      throw AppError.badRequest(BOOKING_MSG.slotUnavailable);
    }
    return {
      userId,
      servicio,
      branch,
      hour,
      fecha: p.fecha_agenda,
      placa: p.placa,
      metodoPago: p.metodo_pago,
      idempotency,
    };
  }

  /**
   * A full slot is refused first (409); then the payment link ("pagar ahora"), the one transaction, and after it
   * the hold's release job or the confirmation email. A request that loses a race inside the transaction (the
   * same key stored meanwhile, the last seat taken) is answered as the transaction says; its unused link expires
   * with the hold it would have had.
   */
  private async place(req: CheckedRequest, priced: Priced): Promise<BookResult> {
    const { deps } = this;
    const now = deps.clock.now();
    if (await deps.places.slotIsFull(req.branch.id, req.fecha, req.hour, now)) {
      throw AppError.conflict(BOOKING_MSG.slotTaken);
    }
    const payNow = req.metodoPago === 'pagar_ahora';
    const expiraEn = payNow ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null;
    const id = randomUUID();
    const referencia = newReference();
    const link = payNow
      ? await deps.payments.createPaymentLink({
          reference: referencia,
          amountInCents: priced.precio * 100,
          description: `${SERVICE_TITLES[req.servicio]} - ${req.branch.nombre}`,
          customerEmail: (await deps.repo.userContact(req.userId))?.email ?? null,
          expiresAt: expiraEn ?? now,
          redirectUrl: deps.paymentRedirectUrl,
        })
      : null;
    const booking: NewBooking = {
      id,
      userId: req.userId,
      referencia,
      servicio: req.servicio,
      branchId: req.branch.id,
      fecha: req.fecha,
      hora: req.hour,
      placa: req.placa,
      tipoVehiculo: priced.tipoVehiculo,
      tipoAtencion: priced.tipoAtencion,
      metodoPago: req.metodoPago,
      estado: payNow ? 'pendiente_pago' : 'confirmada',
      precio: priced.precio,
      detalle: priced.detalle,
      datos: priced.datos,
      direccionServicio: priced.direccionServicio,
      correo: priced.correo,
      expiraEn,
    };
    const answer: BookingAnswer = both({
      linkPago: link,
      id_agendamiento: id,
      referencia,
      estado: booking.estado as BookingAnswerParameters['estado'],
      fecha_agenda: req.fecha,
      franja: slotLabel(req.hour),
      price: priced.precio,
      expira_en: expiraEn ? expiraEn.toISOString() : null,
    });
    const outcome = await deps.places.book({
      booking,
      payment: {
        id: randomUUID(),
        provider: payNow ? deps.payments.name : 'en_sitio',
        reference: referencia,
        amountInCents: priced.precio * 100,
        status: payNow ? 'PENDING' : 'EN_SITIO',
        link,
      },
      capacity: req.branch.capacidad,
      now,
      idempotency: req.idempotency,
      answer,
    });
    if (outcome.kind === 'full') throw AppError.conflict(BOOKING_MSG.slotTaken);
    if (outcome.kind === 'replay') {
      if (outcome.requestHash !== req.idempotency?.requestHash) {
        throw new AppError(422, BOOKING_MSG.idempotencyMismatch);
      }
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
}
