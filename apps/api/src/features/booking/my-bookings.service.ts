import { bogotaInstant } from '@togo/domain/bogota-time';
import { HOLD_MINUTES, BOOKING_MSG, type OpeningHours } from '@togo/domain/booking/booking.contract';
import { slotHour, slotHoursFor } from '@togo/domain/booking/booking.rules';
import {
  MY_BOOKINGS_MSG,
  type MyBookingItem,
  type PayAgainResponse,
} from '@togo/domain/booking/my-bookings.contract';
import type { MyBooking } from '@togo/domain/booking/booking.contract';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { bookingIcs } from './booking-ics.ts';
import type { BookingRepository } from './booking.repository.ts';
import { BOOKING_HOLD_RELEASE_JOB, newReference } from './book.service.ts';
import type { BookingService } from './booking.service.ts';
import type { MyBookingsRepository } from './my-bookings.repository.ts';
import type { BookingChangesRepository } from './booking-changes.repository.ts';
import { sendChangeNotice, type ChangeNoticeDeps } from './booking-change-notice.ts';
import { SERVICE_LABELS } from '@togo/domain/labels';

const HOUR_MS = 3_600_000;
/** A payment link made this recently is answered again by pagar/ (a double tap, two tabs at once). */
export const PAY_AGAIN_REUSE_SECONDS = 60;

/**
 * 'Mis agendamientos': the list with what the cancellation policy allows, cancel and reschedule under that
 * policy (free until BOOKING_FREE_CANCEL_HOURS before the appointment; a hold waiting for its payment can be
 * dropped or moved until the appointment), a fresh payment link for a pending booking, and the .ics file.
 */
export class MyBookingsService {
  constructor(
    private readonly deps: {
      booking: Pick<BookingService, 'listMine' | 'cancel' | 'toMyBooking' | 'sendConfirmation'>;
      bookingRepo: Pick<BookingRepository, 'findOwned' | 'findBranch' | 'userContact'>;
      repo: MyBookingsRepository;
      clock: Clock;
      payments: PaymentProvider;
      jobs: JobQueue;
      freeCancelHours: number;
      paymentRedirectUrl: string;
      log: Pick<Logger, 'error'>;
      /** Refund and notice of a driver's change (issue 36). */
      changes: BookingChangesRepository;
      notice: Omit<ChangeNoticeDeps, 'clock' | 'log'>;
    },
  ) {}

  private get noticeDeps(): ChangeNoticeDeps {
    const { clock, log, notice } = this.deps;
    return { ...notice, clock, log };
  }

  /**
   * One refund attempt for a cancelled paid booking ('pendiente' was set with the cancellation); the state is
   * recorded either way and the operator's refund job retries a failed or lost one.
   */
  private async refund(bookingId: string): Promise<void> {
    const { changes, payments, clock, log } = this.deps;
    const target = await changes.pendingRefund(bookingId);
    if (!target) return;
    try {
      if (target.provider !== payments.name) {
        throw new Error(`pago de ${target.provider}, pasarela configurada ${payments.name}`);
      }
      await payments.refund({
        reference: target.reference,
        transactionId: target.transactionId,
        amountInCents: target.amountInCents,
      });
      await changes.setRefundState(bookingId, 'realizado', null, clock.now());
    } catch (err) {
      const message = (err as Error).message.slice(0, 500);
      log.error({ bookingId, err: message }, 'refund failed; the refund job retries it');
      await changes.setRefundState(bookingId, 'fallido', message, clock.now());
    }
  }

  /** What the policy allows for a booking at this instant. */
  policy(b: Pick<MyBooking, 'estado' | 'fecha_agenda' | 'franja'>, now: Date) {
    // The branch closed that day (decision 110): moving or cancelling (refunded) is free, whenever.
    if (b.estado === 'afectada_cierre') {
      return { cancelable_hasta: null, puede_cancelar: true, puede_reprogramar: true };
    }
    const hour = slotHour(b.franja) ?? 0;
    const start = bogotaInstant(b.fecha_agenda, hour);
    const active = b.estado === 'pendiente_pago' || b.estado === 'confirmada';
    const deadline =
      b.estado === 'pendiente_pago' ? start : new Date(start.getTime() - this.deps.freeCancelHours * HOUR_MS);
    const allowed = active && now < deadline;
    return {
      cancelable_hasta: active && now < start ? deadline.toISOString() : null,
      puede_cancelar: allowed,
      puede_reprogramar: allowed,
    };
  }

  private item(b: MyBooking, now: Date): MyBookingItem {
    return { ...b, ...this.policy(b, now) };
  }

  async list(userId: number): Promise<{ results: MyBookingItem[] }> {
    const now = this.deps.clock.now();
    const { results } = await this.deps.booking.listMine(userId);
    return { results: results.map((b) => this.item(b, now)) };
  }

  private async owned(userId: number, id: string): Promise<MyBooking> {
    const found = await this.deps.bookingRepo.findOwned(userId, id);
    if (!found) throw AppError.notFound(MY_BOOKINGS_MSG.notFound);
    const b = this.deps.booking.toMyBooking(found);
    const now = this.deps.clock.now();
    return b.estado === 'pendiente_pago' && b.expira_en && new Date(b.expira_en) <= now
      ? {
          ...b,
          estado: b.pago_rechazado ? 'rechazada' : 'expirada',
          linkPago: null,
          expira_en: null,
          pago_rechazado: false,
        }
      : b;
  }

  /** Refuses with the policy's Spanish message when the free window has closed. */
  private checkWindow(b: MyBooking, notAllowed: string): void {
    const now = this.deps.clock.now();
    const p = this.policy(b, now);
    if (p.puede_cancelar) return;
    const active = b.estado === 'pendiente_pago' || b.estado === 'confirmada';
    const start = bogotaInstant(b.fecha_agenda, slotHour(b.franja) ?? 0);
    if (active && now < start) {
      throw AppError.conflict(MY_BOOKINGS_MSG.cancelWindowClosed(this.deps.freeCancelHours));
    }
    throw AppError.conflict(notAllowed);
  }

  async cancel(userId: number, id: string): Promise<void> {
    const b = await this.owned(userId, id);
    this.checkWindow(b, BOOKING_MSG.cannotCancel);
    await this.deps.booking.cancel(userId, id);
    await this.refund(id);
    await sendChangeNotice(this.noticeDeps, id, 'cancelada');
  }

  async reschedule(
    userId: number,
    id: string,
    body: { fecha_agenda: string; franja: string },
  ): Promise<MyBookingItem> {
    const b = await this.owned(userId, id);
    this.checkWindow(b, MY_BOOKINGS_MSG.notReschedulable);
    const now = this.deps.clock.now();
    const branch = await this.deps.bookingRepo.findBranch(b.sede.id);
    const hour = slotHour(body.franja);
    const offered = branch
      ? slotHoursFor({ date: body.fecha_agenda, now, openingHours: branch.horario as OpeningHours })
      : [];
    if (!branch || hour === null || !offered.includes(hour)) {
      throw AppError.badRequest(BOOKING_MSG.slotUnavailable);
    }
    const outcome = await this.deps.repo.reschedule({
      userId,
      id,
      branchId: branch.id,
      fecha: body.fecha_agenda,
      hora: hour,
      capacity: branch.capacidad,
      now,
    });
    switch (outcome) {
      case 'moved':
        await sendChangeNotice(this.noticeDeps, id, 'reprogramada');
        return this.item(await this.owned(userId, id), now);
      case 'not_found':
        throw AppError.notFound(MY_BOOKINGS_MSG.notFound);
      case 'same_slot':
        throw AppError.badRequest(MY_BOOKINGS_MSG.sameSlot);
      case 'full':
        throw AppError.conflict(BOOKING_MSG.slotTaken);
      case 'changed':
        throw AppError.conflict(MY_BOOKINGS_MSG.changedMeanwhile);
      case 'not_reschedulable':
        throw AppError.conflict(MY_BOOKINGS_MSG.notReschedulable);
      case 'closed':
        throw AppError.badRequest(MY_BOOKINGS_MSG.dayClosed);
    }
  }

  /**
   * A payment link for a booking still waiting for its payment, also after a declined, voided or failed one
   * (issue 36), while its hold lasts; the hold restarts from now. Two calls at once answer one link: a link made
   * in the last PAY_AGAIN_REUSE_SECONDS is answered again.
   */
  async pay(userId: number, id: string): Promise<PayAgainResponse> {
    const b = await this.owned(userId, id);
    if (b.estado !== 'pendiente_pago') throw AppError.conflict(MY_BOOKINGS_MSG.notPayable);
    const now = this.deps.clock.now();
    const expiraEn = new Date(now.getTime() + HOLD_MINUTES * 60_000);
    const customerEmail = (await this.deps.bookingRepo.userContact(userId))?.email ?? null;
    const paid = await this.deps.repo.payAgain({
      userId,
      id,
      now,
      expiraEn,
      reuseSince: new Date(now.getTime() - PAY_AGAIN_REUSE_SECONDS * 1000),
      newReference,
      makeLink: (reference) =>
        this.deps.payments.createPaymentLink({
          reference,
          amountInCents: b.price * 100,
          description: `${SERVICE_LABELS[b.servicio]} - ${b.sede.nombre}`,
          customerEmail,
          expiresAt: expiraEn,
          redirectUrl: this.deps.paymentRedirectUrl,
        }),
    });
    if (!paid) throw AppError.conflict(MY_BOOKINGS_MSG.notPayable);
    if (paid.expiraEn.getTime() === expiraEn.getTime()) {
      await this.deps.jobs
        .send(BOOKING_HOLD_RELEASE_JOB, { bookingId: id }, { startAfter: expiraEn, retryLimit: 5 })
        .catch((err: unknown) => this.deps.log.error({ err, bookingId: id }, 'hold release job not queued'));
    }
    return { linkPago: paid.link, expira_en: paid.expiraEn.toISOString() };
  }

  /** 'Pagar en sitio' for a booking still waiting for its payment (issue 36): confirmed, with its email. */
  async payOnSite(userId: number, id: string): Promise<MyBookingItem> {
    const b = await this.owned(userId, id);
    if (b.estado !== 'pendiente_pago') throw AppError.conflict(MY_BOOKINGS_MSG.notPayable);
    const now = this.deps.clock.now();
    if (!(await this.deps.repo.payOnSite({ userId, id, now }))) {
      throw AppError.conflict(MY_BOOKINGS_MSG.notPayable);
    }
    await this.deps.booking.sendConfirmation(id);
    return this.item(await this.owned(userId, id), now);
  }

  /** The booking as an iCalendar file (same event as the confirmation email's attachment). */
  async calendar(userId: number, id: string): Promise<string> {
    const b = await this.owned(userId, id);
    const sequence = (await this.deps.bookingRepo.findOwned(userId, id))?.icsSequence ?? 0;
    const start = bogotaInstant(b.fecha_agenda, slotHour(b.franja) ?? 0);
    const where = b.direccion_servicio ?? `${b.sede.nombre}, ${b.sede.direccion}, ${b.sede.ciudad}`;
    return bookingIcs({
      bookingId: b.id,
      start,
      end: new Date(start.getTime() + HOUR_MS),
      now: this.deps.clock.now(),
      summary: `${SERVICE_LABELS[b.servicio]} TOGO - ${b.placa}`,
      location: where,
      description: `Referencia ${b.referencia}. ${b.detalle.join(', ')}.`,
      sequence,
      cancelled: b.estado === 'cancelada',
    });
  }
}
