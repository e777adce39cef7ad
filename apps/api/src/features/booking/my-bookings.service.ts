import {
  HOLD_MINUTES,
  BOOKING_MSG,
  type FromFlow,
  type OpeningHours,
} from '@togo/domain/booking/booking.contract';
import { bogotaInstant, slotHour, slotHoursFor } from '@togo/domain/booking/booking.rules';
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
import { BOOKING_HOLD_RELEASE_JOB, type BookingService } from './booking.service.ts';
import type { MyBookingsRepository } from './my-bookings.repository.ts';

const SERVICE_TITLES: Record<FromFlow, string> = {
  rtm: 'Revisión técnico-mecánica',
  peritaje: 'Peritaje',
  tramites: 'Trámites',
};
const HOUR_MS = 3_600_000;

/**
 * 'Mis agendamientos': the list with what the cancellation policy allows, cancel and reschedule under that
 * policy (free until BOOKING_FREE_CANCEL_HOURS before the appointment; a hold waiting for its payment can be
 * dropped or moved until the appointment), a fresh payment link for a pending booking, and the .ics file.
 */
export class MyBookingsService {
  constructor(
    private readonly deps: {
      booking: Pick<BookingService, 'listMine' | 'cancel' | 'toMyBooking'>;
      bookingRepo: Pick<BookingRepository, 'findOwned' | 'findBranch' | 'userContact'>;
      repo: MyBookingsRepository;
      clock: Clock;
      payments: PaymentProvider;
      jobs: JobQueue;
      freeCancelHours: number;
      paymentRedirectUrl: string;
      log: Pick<Logger, 'error'>;
    },
  ) {}

  /** What the policy allows for a booking at this instant. */
  policy(b: Pick<MyBooking, 'estado' | 'fecha_agenda' | 'franja'>, now: Date) {
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
      ? { ...b, estado: 'expirada', linkPago: null, expira_en: null }
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
    }
  }

  /** A fresh payment link for a booking still waiting for its payment; its hold restarts from now. */
  async pay(userId: number, id: string): Promise<PayAgainResponse> {
    const b = await this.owned(userId, id);
    if (b.estado !== 'pendiente_pago') throw AppError.conflict(MY_BOOKINGS_MSG.notPayable);
    const now = this.deps.clock.now();
    const expiraEn = new Date(now.getTime() + HOLD_MINUTES * 60_000);
    const link = await this.deps.payments.createPaymentLink({
      reference: b.referencia,
      amountInCents: b.price * 100,
      description: `${SERVICE_TITLES[b.servicio]} - ${b.sede.nombre}`,
      customerEmail: (await this.deps.bookingRepo.userContact(userId))?.email ?? null,
      expiresAt: expiraEn,
      redirectUrl: this.deps.paymentRedirectUrl,
    });
    const renewed = await this.deps.repo.renewHold({ userId, id, now, expiraEn, link });
    if (!renewed) throw AppError.conflict(MY_BOOKINGS_MSG.notPayable);
    await this.deps.jobs
      .send(BOOKING_HOLD_RELEASE_JOB, { bookingId: id }, { startAfter: expiraEn, retryLimit: 5 })
      .catch((err: unknown) => this.deps.log.error({ err, bookingId: id }, 'hold release job not queued'));
    return { linkPago: link, expira_en: expiraEn.toISOString() };
  }

  /** The booking as an iCalendar file (same event as the confirmation email's attachment). */
  async calendar(userId: number, id: string): Promise<string> {
    const b = await this.owned(userId, id);
    const start = bogotaInstant(b.fecha_agenda, slotHour(b.franja) ?? 0);
    const where = b.direccion_servicio ?? `${b.sede.nombre}, ${b.sede.direccion}, ${b.sede.ciudad}`;
    return bookingIcs({
      bookingId: b.id,
      start,
      end: new Date(start.getTime() + HOUR_MS),
      now: this.deps.clock.now(),
      summary: `${SERVICE_TITLES[b.servicio]} TOGO - ${b.placa}`,
      location: where,
      description: `Referencia ${b.referencia}. ${b.detalle.join(', ')}.`,
    });
  }
}
