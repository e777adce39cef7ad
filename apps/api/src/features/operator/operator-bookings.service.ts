import { bogotaToday } from '@togo/domain/bogota-time';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import {
  AGENDA_MSG,
  attendanceOpen,
  undoOpen,
  type BulkResult,
} from '@togo/domain/operator/operator-agenda.contract';
import {
  agendaEntrySchema,
  type AgendaEntry,
  type BookingStateChange,
} from '@togo/domain/operator/operator-console.contract';
import { z } from 'zod';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error.ts';
import { staleVersion } from '../../http/if-match.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from './audit.repository.ts';
import type { OperatorBookingNotices } from './operator-booking-notices.ts';
import type {
  OperatorBookingsRepository,
  RefundTarget,
  StaffTarget,
} from './operator-bookings.repository.ts';

/** A pending refund untouched this long is retried by the job. */
export const REFUND_STALE_MS = 5 * 60 * 1000;
export const REFUND_MAX_ATTEMPTS = 10;

const TARGET: Record<BookingStateChange['estado'], StaffTarget> = {
  atendido: 'atendido',
  no_asistio: 'no_asistio',
  cancelado: 'cancelada',
};

/** The agenda of a branch-day and staff state changes; cancelling a paid booking asks the gateway for a refund. */
export class OperatorBookingsService {
  constructor(
    private readonly deps: {
      repo: OperatorBookingsRepository;
      clock: Clock;
      payments: PaymentProvider;
      log: Pick<Logger, 'warn' | 'error'>;
      /** The driver's notice of a staff cancellation (decision 109). */
      notices: OperatorBookingNotices;
    },
  ) {}

  /** The agenda's JSON text, straight from the database (the GET route sends it as it is). */
  agendaJson(sede: string, fecha: string): Promise<string> {
    return this.deps.repo.agendaJson(sede, fecha);
  }

  /** The agenda parsed with the domain's schema (the .xlsx export). */
  async agenda(sede: string, fecha: string): Promise<AgendaEntry[]> {
    return z.array(agendaEntrySchema).parse(JSON.parse(await this.agendaJson(sede, fecha)));
  }

  /**
   * `expected`: the booking's version the agenda showed (If-Match); 409 when it changed since (decision 096).
   * Check-in and no-show only from the booking's day in Bogotá (decision 114).
   */
  async changeState(actor: AuditActor, id: string, change: BookingStateChange, expected: number) {
    const target = TARGET[change.estado];
    const now = this.deps.clock.now();
    const today = bogotaToday(now);
    const bookingId = id.toLowerCase();
    const outcome = await this.deps.repo.changeState(
      bookingId,
      expected,
      target,
      change.motivo ?? null,
      (before) => ({
        actor,
        accion: `agendamiento.${change.estado}`,
        objeto: `agendamiento:${bookingId}`,
        antes: { estado: before },
        despues: { estado: target, motivo: change.motivo ?? null },
      }),
      now,
      target === 'cancelada' ? undefined : (fecha) => attendanceOpen(fecha, today),
    );
    if (outcome.kind === 'not_found') throw AppError.notFound('Agendamiento no encontrado.');
    if (outcome.kind === 'stale') throw staleVersion();
    if (outcome.kind === 'not_allowed') throw AppError.conflict(OPERATOR_MSG.transitionNotAllowed);
    if (outcome.kind === 'wrong_day') throw AppError.conflict(AGENDA_MSG.notYet);
    const estadoReembolso = outcome.refund ? await this.refund(outcome.refund) : null;
    if (target === 'cancelada') await this.tellCancelled(bookingId, change.motivo ?? null);
    return { id: bookingId, estado: target, estado_reembolso: estadoReembolso, version: outcome.version };
  }

  /** "Deshacer": a check-in or no-show back to 'confirmada', on the booking's own day only (decision 114). */
  async undo(actor: AuditActor, id: string, expected: number) {
    const now = this.deps.clock.now();
    const today = bogotaToday(now);
    const bookingId = id.toLowerCase();
    const outcome = await this.deps.repo.changeState(
      bookingId,
      expected,
      'confirmada',
      null,
      (before) => ({
        actor,
        accion: 'agendamiento.deshacer',
        objeto: `agendamiento:${bookingId}`,
        antes: { estado: before },
        despues: { estado: 'confirmada' },
      }),
      now,
      (fecha) => undoOpen(fecha, today),
    );
    if (outcome.kind === 'not_found') throw AppError.notFound('Agendamiento no encontrado.');
    if (outcome.kind === 'stale') throw staleVersion();
    if (outcome.kind === 'not_allowed') throw AppError.conflict(AGENDA_MSG.undoNothing);
    if (outcome.kind === 'wrong_day') throw AppError.conflict(AGENDA_MSG.undoSameDay);
    return { id: bookingId, estado: 'confirmada', version: outcome.version };
  }

  /**
   * The same change on several bookings, each in its own transaction with its own audit row (and, cancelling,
   * its refund and notice): one booking's refusal or stale version leaves the others done, and the answer says
   * which (decision 114).
   */
  async bulk(
    actor: AuditActor,
    items: { id: string; version: number }[],
    change: BookingStateChange,
  ): Promise<BulkResult> {
    const resultados: BulkResult['resultados'] = [];
    for (const item of items) {
      try {
        const done = await this.changeState(actor, item.id, change, item.version);
        resultados.push({
          id: done.id,
          resultado: 'ok',
          detalle: null,
          estado: done.estado,
          version: done.version,
        });
      } catch (err) {
        const known = err instanceof AppError;
        if (!known) this.deps.log.error({ err, bookingId: item.id }, 'bulk booking change failed');
        const stale = known && err.status === 409 && err.message === OPERATOR_MSG.staleVersion;
        resultados.push({
          id: item.id,
          resultado: stale ? 'stale' : 'refused',
          detalle: known ? err.message : 'No se pudo guardar este cambio; intenta de nuevo.',
          estado: null,
          version: null,
        });
      }
    }
    return { resultados };
  }

  /** The driver is told of a staff cancellation and its refund; a failure is logged, the change stands. */
  private async tellCancelled(id: string, motivo: string | null): Promise<void> {
    try {
      const facts = await this.deps.repo.noticeFacts(id);
      if (facts) await this.deps.notices.cancelledByStaff(facts, motivo);
    } catch (err) {
      this.deps.log.error({ err, bookingId: id }, 'staff cancellation notice not sent');
    }
  }

  /** One refund attempt; the state is recorded either way ('fallido' is retried by the job). */
  async refund(target: RefundTarget): Promise<'realizado' | 'fallido'> {
    const now = () => this.deps.clock.now();
    try {
      if (target.provider !== this.deps.payments.name) {
        throw new Error(`pago de ${target.provider}, pasarela configurada ${this.deps.payments.name}`);
      }
      await this.deps.payments.refund({
        reference: target.reference,
        transactionId: target.transactionId,
        amountInCents: target.amountInCents,
      });
      await this.deps.repo.setRefundState(target.bookingId, 'realizado', null, now());
      return 'realizado';
    } catch (err) {
      const message = (err as Error).message.slice(0, 500);
      this.deps.log.warn({ bookingId: target.bookingId, err: message }, 'refund failed; the job retries it');
      await this.deps.repo.setRefundState(target.bookingId, 'fallido', message, now());
      return 'fallido';
    }
  }

  /** The refund job: retries failed and stale pending refunds. Answers how many were refunded. */
  async retryRefunds(): Promise<number> {
    const now = this.deps.clock.now();
    const claimed = await this.deps.repo.claimRefunds(
      new Date(now.getTime() - REFUND_STALE_MS),
      REFUND_MAX_ATTEMPTS,
      now,
    );
    let done = 0;
    for (const target of claimed) if ((await this.refund(target)) === 'realizado') done++;
    return done;
  }
}
