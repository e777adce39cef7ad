import { bogotaInstant } from '@togo/domain/bogota-time';
import type { z } from 'zod';
import type {
  peritajeBranchDetailRequestSchema,
  rtmBranchDetailRequestSchema,
  slotsRequestSchema,
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
import { slotLabel } from '@togo/domain/booking/booking.rules';
import { AppError } from '../../http/app-error.ts';
import { hmacHex } from '../../lib/crypto.ts';
import type { PaymentEvent, PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import * as catalog from './booking-catalog.ts';
import { sendConfirmation } from './booking-confirmation.ts';
import {
  both,
  branchFor,
  detailParameters,
  message,
  peritajeQuote,
  rtmQuote,
  tramitesQuote,
  vehicleClass,
  type DetailAnswer,
  type MessageOnlyAnswer,
} from './booking-quotes.ts';
import { slots } from './booking-slots.ts';
import type { BookingDeps } from './booking.deps.ts';
import type { BookingView, BranchRow, PaymentEventOutcome } from './booking.repository.ts';

type RtmDetailParams = z.output<typeof rtmBranchDetailRequestSchema>['sessionInfo']['parameters'];
type PeritajeDetailParams = z.output<typeof peritajeBranchDetailRequestSchema>['sessionInfo']['parameters'];
type TramitesDetailBody = z.output<typeof tramitesBranchDetailRequestSchema>;
type SlotsBody = z.output<typeof slotsRequestSchema>;

/**
 * The booking domain behind the /wh/ calls (SPPF §7) other than booking itself (book.service.ts): the catalogue,
 * branch details per service flow, slots, the user's bookings and payment events.
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
    return catalog.branches(this.repo, ciudad, fromFlow, this.deps.clock.now());
  }

  async combos(filter: { nombreContains?: string | undefined; grupo?: string; combustible?: string }) {
    await this.deps.prices.apply();
    return catalog.combos(this.repo, filter);
  }

  async tramitesOptions(): Promise<TramitesResponse> {
    await this.deps.prices.apply();
    return catalog.tramitesOptions(this.repo);
  }

  // ── branch details, per service flow ────────────────────────────────────

  async rtmDetail(
    userId: number,
    p: RtmDetailParams,
  ): Promise<DetailAnswer<BranchDetailParameters> | MessageOnlyAnswer> {
    await this.deps.prices.apply();
    const branch = await branchFor(this.repo, p.sede, 'rtm');
    const quote = await rtmQuote(this.repo, userId, branch, p.placa);
    if ('message' in quote) return message(quote.message);
    return both(detailParameters(branch, p.placa, quote.clase, quote.price));
  }

  async peritajeDetail(
    p: PeritajeDetailParams,
  ): Promise<DetailAnswer<BranchDetailParameters> | MessageOnlyAnswer> {
    await this.deps.prices.apply();
    const branch = await branchFor(this.repo, p.sede, 'peritaje');
    const quote = await peritajeQuote(this.repo, p, branch);
    if ('message' in quote) return message(quote.message);
    return both({
      ...detailParameters(branch, p.placa, quote.clase, quote.combo.price),
      combo: quote.combo.id,
      combo_nombre: quote.combo.short_name,
      clase: quote.clase,
      combustible: quote.combustible,
      tipo_atencion: p.tipo_atencion,
    });
  }

  async tramitesDetail(userId: number, body: TramitesDetailBody) {
    await this.deps.prices.apply();
    const branch = await branchFor(this.repo, body.sede, 'tramites');
    const { lines, total } = await tramitesQuote(this.repo, body.tramite);
    const { clase } = await vehicleClass(this.repo, userId, body.placa);
    return both({ ...detailParameters(branch, body.placa, clase, total), tramites: lines });
  }

  // ── slots ───────────────────────────────────────────────────────────────

  slots(body: SlotsBody): Promise<SlotsResponse> {
    return slots(this.deps, body);
  }

  // ── the user's bookings ─────────────────────────────────────────────────

  toMyBooking(b: BookingView): MyBooking {
    const failed = isFailedPayment(b.paymentStatus);
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
      linkPago: b.estado === 'pendiente_pago' && !failed ? b.paymentLink : null,
      pago_rechazado: b.estado === 'pendiente_pago' && failed,
      reembolso: isRefundState(b.estadoReembolso) ? { estado: b.estadoReembolso, valor: b.precio } : null,
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
        this.toMyBooking(b.estado === 'pendiente_pago' && b.expiraEn && b.expiraEn <= now ? endedHold(b) : b),
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

  /** The confirmation email with its .ics (a failure is logged). */
  sendConfirmation(bookingId: string): Promise<void> {
    return sendConfirmation(this.deps, bookingId);
  }

  findPayment(reference: string) {
    return this.repo.findPayment(reference);
  }

  releaseExpiredHolds(): Promise<number> {
    return this.repo.releaseExpiredHolds(this.deps.clock.now());
  }
}

/** A payment the gateway refused (declined, voided or failed). */
export function isFailedPayment(status: string | null): boolean {
  return status === 'DECLINED' || status === 'VOIDED' || status === 'ERROR';
}

/** A hold past its end, as the release job will leave it: 'rechazada' after a refused payment, else 'expirada'. */
function endedHold(b: BookingView): BookingView {
  return { ...b, estado: isFailedPayment(b.paymentStatus) ? 'rechazada' : 'expirada' };
}

function isRefundState(s: string | null): s is 'pendiente' | 'realizado' | 'fallido' {
  return s === 'pendiente' || s === 'realizado' || s === 'fallido';
}
