import { formatDateDmy } from '@togo/domain/alerts/alerts.dates';
import { clockText } from '@togo/domain/clock-text';
import { serviceLabel } from '@togo/domain/labels';
import type { DriverMessages } from '../../integrations/messaging/driver-messages.ts';
import { refundSentence } from '../../lib/refund-text.ts';
import type { BookingToReschedule } from './operator-branches.repository.ts';
import type { CancelNoticeFacts } from './operator-bookings.repository.ts';

/**
 * WhatsApp templates of staff's changes (to approve in the WhatsApp Business account, Spanish; decision 109):
 * a closure ({{1}} name, {{2}} service and plate, {{3}} branch, {{4}} date and hour, {{5}} reason) and a staff
 * cancellation ({{1}} name, {{2}} service and plate, {{3}} date and hour, {{4}} reason, {{5}} refund sentence).
 */
export const STAFF_TEMPLATES = {
  closure: 'togo_agendamiento_afectado_cierre',
  cancelled: 'togo_agendamiento_cancelado_togo',
} as const;

/**
 * The driver's messages of staff's changes to a booking: a day closure and a cancellation by staff. Each goes by
 * email (and WhatsApp when the driver chose it), recorded in the driver's delivery log as 'agendamientos', so
 * the driver's "Historial de avisos" and support's Avisos tab list it. Dates as the app writes them (dd-mm-yyyy).
 */
export class OperatorBookingNotices {
  constructor(private readonly deps: { messages: DriverMessages; webUrl: string }) {}

  private get bookingsUrl(): string {
    return `${this.deps.webUrl.replace(/\/+$/, '')}/app/agendamientos`;
  }

  /** Tells the driver of a booking on a day the branch will be closed, naming the branch. */
  async closure(
    closure: { sede: string; fecha: string; motivo: string },
    b: BookingToReschedule,
  ): Promise<void> {
    const when = `${formatDateDmy(closure.fecha)} a las ${clockText(b.hora)}`;
    const title = `${serviceLabel(b.servicio)} - ${b.placa}`;
    const subject = `Tu cita en ${closure.sede} debe reprogramarse`;
    const options =
      b.estado === 'afectada_cierre'
        ? b.pagado
          ? 'Reprográmala sin costo o cancélala y te reembolsaremos lo que pagaste'
          : 'Reprográmala sin costo o cancélala'
        : 'Puedes reprogramarla sin costo';
    const body = [
      `Hola, ${b.nombres}:`,
      '',
      `La sede ${closure.sede} estará cerrada el ${formatDateDmy(closure.fecha)}: ${closure.motivo}.`,
      `Ese día tenías tu cita de ${serviceLabel(b.servicio)} a las ${clockText(b.hora)} (placa ${b.placa}).`,
      '',
      `${options} en ${this.bookingsUrl}`,
      '',
    ].join('\n');
    const entry = { userId: b.userId, kind: 'agendamientos' as const, titulo: subject };
    await this.deps.messages.email(entry, { to: b.correo, subject, body });
    await this.deps.messages.whatsapp(entry, {
      template: STAFF_TEMPLATES.closure,
      language: 'es',
      parameters: [b.nombres, title, closure.sede, when, closure.motivo],
    });
  }

  /** Tells the driver that TOGO cancelled their booking and what will be refunded. */
  async cancelledByStaff(b: CancelNoticeFacts, motivo: string | null): Promise<void> {
    const when = `${formatDateDmy(b.fecha)} a las ${clockText(b.hora)}`;
    const title = `${serviceLabel(b.servicio)} - ${b.placa}`;
    const subject = `TOGO canceló tu agendamiento: ${title}`;
    const refund = refundSentence(b);
    const lines = [
      `Hola, ${b.nombres}:`,
      '',
      `TOGO canceló tu agendamiento de ${serviceLabel(b.servicio)} del ${when} en ${b.sede}.`,
      ...(motivo ? [`Motivo: ${motivo}`] : []),
      '',
      refund,
      '',
      `Placa: ${b.placa}`,
      `Referencia: ${b.referencia}`,
      '',
      `Puedes agendar de nuevo en ${this.bookingsUrl}`,
    ];
    const entry = { userId: b.userId, kind: 'agendamientos' as const, titulo: subject };
    await this.deps.messages.email(entry, { to: b.correo, subject, body: lines.join('\n') });
    await this.deps.messages.whatsapp(entry, {
      template: STAFF_TEMPLATES.cancelled,
      language: 'es',
      parameters: [b.nombres, title, when, motivo ?? 'Sin motivo indicado', refund],
    });
  }
}
