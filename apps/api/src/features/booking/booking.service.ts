import type { z } from 'zod';
import type {
  peritajeBookRequestSchema,
  peritajeBranchDetailRequestSchema,
  rtmBookRequestSchema,
  rtmBranchDetailRequestSchema,
  slotsRequestSchema,
  tramitesBookRequestSchema,
  tramitesBranchDetailRequestSchema,
} from '@togo/domain/booking/booking.contract';
import {
  BOOKING_MSG,
  type Branch,
  type BranchDetailParameters,
  type BranchesResponse,
  type CitiesResponse,
  type FromFlow,
  type MyBooking,
  type SlotsResponse,
  type TramitesResponse,
} from '@togo/domain/booking/booking.contract';
import { bogotaInstant, slotLabel } from '@togo/domain/booking/booking.rules';
import { AppError } from '../../http/app-error.ts';
import { hmacHex } from '../../lib/crypto.ts';
import type { PaymentEvent, PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import type { BookResult, DetailAnswer, MessageOnlyAnswer } from './booking-answers.ts';
import * as catalog from './booking-catalog.ts';
import { sendConfirmation } from './booking-confirmation.ts';
import { bookPeritaje, peritajeDetail } from './booking-peritaje.ts';
import { bookRtm, rtmDetail } from './booking-rtm.ts';
import { slots } from './booking-slots.ts';
import { bookTramites, tramitesDetail } from './booking-tramites.ts';
import type { BookingDeps } from './booking.deps.ts';
import type { BookingView, BranchRow, PaymentEventOutcome } from './booking.repository.ts';

export { BOOKING_HOLD_RELEASE_JOB } from './booking-placement.ts';
export type { BookResult, DetailAnswer, MessageOnlyAnswer } from './booking-answers.ts';

type RtmDetailParams = z.output<typeof rtmBranchDetailRequestSchema>['sessionInfo']['parameters'];
type PeritajeDetailParams = z.output<typeof peritajeBranchDetailRequestSchema>['sessionInfo']['parameters'];
type TramitesDetailBody = z.output<typeof tramitesBranchDetailRequestSchema>;
type SlotsBody = z.output<typeof slotsRequestSchema>;
type RtmBookParams = z.output<typeof rtmBookRequestSchema>['sessionInfo']['parameters'];
type PeritajeBookParams = z.output<typeof peritajeBookRequestSchema>['sessionInfo']['parameters'];
type TramitesBookParams = z.output<typeof tramitesBookRequestSchema>['sessionInfo']['parameters'];

/**
 * The booking domain behind the /wh/ calls (SPPF §7) and the user's bookings. One entry point; each concept
 * lives in its own module: the catalogue, each service flow (RTM, peritaje, trámites), slots, placing a
 * booking (holds and payment links) and the confirmation notice.
 */
export class BookingService {
  constructor(private readonly deps: BookingDeps) {}

  private get repo() {
    return this.deps.repo;
  }

  // ── catalogue ───────────────────────────────────────────────────────────

  /** The client's branding key: an HMAC of its identifier, so it needs no storage and cannot be guessed. */
  brandingKey(cliente: string): string {
    return hmacHex(this.deps.secret, `branding:${cliente.trim().toUpperCase()}`).slice(0, 32);
  }

  branding(cliente: string) {
    return { sessionInfo: { parameters: { cliente, llave: this.brandingKey(cliente) } } };
  }

  cities(fromFlow: FromFlow): Promise<CitiesResponse> {
    return catalog.cities(this.repo, fromFlow);
  }

  toBranch(row: BranchRow): Branch {
    return catalog.toBranch(row);
  }

  branches(ciudad: string, fromFlow: FromFlow): Promise<BranchesResponse> {
    return catalog.branches(this.repo, ciudad, fromFlow);
  }

  combos(filter: { nombreContains?: string | undefined; grupo?: string; combustible?: string }) {
    return catalog.combos(this.repo, filter);
  }

  tramitesOptions(): Promise<TramitesResponse> {
    return catalog.tramitesOptions(this.repo);
  }

  // ── branch details, per service flow ────────────────────────────────────

  rtmDetail(
    userId: number,
    p: RtmDetailParams,
  ): Promise<DetailAnswer<BranchDetailParameters> | MessageOnlyAnswer> {
    return rtmDetail(this.deps, userId, p);
  }

  peritajeDetail(
    userId: number,
    p: PeritajeDetailParams,
  ): Promise<DetailAnswer<BranchDetailParameters> | MessageOnlyAnswer> {
    return peritajeDetail(this.deps, userId, p);
  }

  tramitesDetail(userId: number, body: TramitesDetailBody) {
    return tramitesDetail(this.deps, userId, body);
  }

  // ── slots ───────────────────────────────────────────────────────────────

  slots(body: SlotsBody): Promise<SlotsResponse> {
    return slots(this.deps, body);
  }

  // ── booking, per service flow ───────────────────────────────────────────

  bookRtm(userId: number, p: RtmBookParams, idempotencyKey: string | null): Promise<BookResult> {
    return bookRtm(this.deps, userId, p, idempotencyKey);
  }

  bookPeritaje(userId: number, p: PeritajeBookParams, idempotencyKey: string | null): Promise<BookResult> {
    return bookPeritaje(this.deps, userId, p, idempotencyKey);
  }

  bookTramites(userId: number, p: TramitesBookParams, idempotencyKey: string | null): Promise<BookResult> {
    return bookTramites(this.deps, userId, p, idempotencyKey);
  }

  // ── the user's bookings ─────────────────────────────────────────────────

  toMyBooking(b: BookingView): MyBooking {
    return {
      id: b.id,
      referencia: b.referencia,
      servicio: b.servicio as MyBooking['servicio'],
      estado: b.estado as MyBooking['estado'],
      estado_reembolso: b.estadoReembolso as MyBooking['estado_reembolso'],
      placa: b.placa,
      fecha_agenda: b.fecha,
      franja: slotLabel(b.hora),
      tipo_atencion: b.tipoAtencion as MyBooking['tipo_atencion'],
      metodo_pago: b.metodoPago as MyBooking['metodo_pago'],
      price: b.precio,
      detalle: b.detalle as string[],
      sede: {
        id: b.branchId,
        nombre: b.branchNombre,
        direccion: b.branchDireccion,
        telefono: b.branchTelefono,
        maps: b.branchMaps,
        ciudad: b.branchCity,
      },
      direccion_servicio: b.direccionServicio,
      linkPago: b.estado === 'pendiente_pago' ? b.paymentLink : null,
      expira_en: b.estado === 'pendiente_pago' && b.expiraEn ? b.expiraEn.toISOString() : null,
      creado: b.created.toISOString(),
    };
  }

  async listMine(userId: number): Promise<{ results: MyBooking[] }> {
    const now = this.deps.clock.now();
    const list = await this.repo.listByUser(userId);
    // A hold past its end is shown as what it is, even before the release job has run.
    return {
      results: list.map((b) =>
        this.toMyBooking(
          b.estado === 'pendiente_pago' && b.expiraEn && b.expiraEn <= now ? { ...b, estado: 'expirada' } : b,
        ),
      ),
    };
  }

  async cancel(userId: number, id: string): Promise<void> {
    const booking = await this.repo.findOwned(userId, id);
    if (!booking) throw AppError.notFound('Agendamiento no encontrado.');
    const now = this.deps.clock.now();
    if (bogotaInstant(booking.fecha, booking.hora) <= now) throw AppError.conflict(BOOKING_MSG.cannotCancel);
    const result = await this.repo.cancel(userId, id, now);
    if (result === 'not_found') throw AppError.notFound('Agendamiento no encontrado.');
    if (result === 'not_cancellable') throw AppError.conflict(BOOKING_MSG.cannotCancel);
  }

  // ── payments ────────────────────────────────────────────────────────────

  get paymentProvider(): PaymentProvider {
    return this.deps.payments;
  }

  async applyPaymentEvent(event: PaymentEvent): Promise<PaymentEventOutcome> {
    const payment = await this.repo.findPayment(event.reference);
    if (payment && payment.amountInCents !== event.amountInCents) {
      this.deps.log.warn({ reference: event.reference }, 'payment event amount does not match the booking');
      return 'ignored';
    }
    const { outcome, bookingId } = await this.repo.applyPaymentEvent(
      { ...event, provider: this.deps.payments.name, payload: event },
      this.deps.clock.now(),
    );
    if (outcome === 'confirmed' && bookingId) await sendConfirmation(this.deps, bookingId);
    if (outcome === 'approved_without_slot' || outcome === 'approved_after_cancel') {
      this.deps.log.warn(
        { reference: event.reference, outcome },
        'payment approved for a released booking: refund it',
      );
    }
    return outcome;
  }

  findPayment(reference: string) {
    return this.repo.findPayment(reference);
  }

  releaseExpiredHolds(): Promise<number> {
    return this.repo.releaseExpiredHolds(this.deps.clock.now());
  }
}
