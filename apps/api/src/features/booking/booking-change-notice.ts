import { clockText } from '@togo/domain/clock-text';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.ts';
import type { DriverMessages } from '../../integrations/messaging/driver-messages.ts';
import { refundSentence } from '../../lib/refund-text.ts';
import { bookingEmailFacts, bookingIcsAttachment } from './booking-email-facts.ts';
import type { BookingRepository } from './booking.repository.ts';

export type BookingChange = 'cancelada' | 'reprogramada';

/** WhatsApp templates of a driver's own change (approved in the WhatsApp Business account, Spanish). */
export const CHANGE_TEMPLATES: Record<BookingChange, string> = {
  cancelada: 'togo_agendamiento_cancelado',
  reprogramada: 'togo_agendamiento_reprogramado',
};

export interface ChangeNoticeDeps {
  repo: Pick<BookingRepository, 'findById' | 'userContact'>;
  /** Sends and records in the driver's delivery log (decision 109). */
  messages: DriverMessages;
  clock: Clock;
  webUrl: string;
  log: Pick<Logger, 'error'>;
}

/**
 * The email (with the updated .ics: same UID, SEQUENCE bumped, METHOD:CANCEL for a cancellation) and, when the
 * driver turned WhatsApp on, the WhatsApp message of a cancellation or a reschedule (issue 36), each recorded in
 * the driver's delivery log. A failure is logged and recorded, never undoes the change.
 */
export async function sendChangeNotice(
  deps: ChangeNoticeDeps,
  bookingId: string,
  change: BookingChange,
): Promise<void> {
  try {
    const b = await deps.repo.findById(bookingId);
    if (!b) return;
    const contact = await deps.repo.userContact(b.userId);
    if (!contact) return;
    const { title, where, fecha } = bookingEmailFacts(b);
    const when = `${fecha} a las ${clockText(b.hora)}`;
    const cancelled = change === 'cancelada';
    const lines = cancelled
      ? [`Hola ${contact.nombres}, cancelaste tu agendamiento del ${when}.`, '', refundSentence(b)]
      : [
          `Hola ${contact.nombres}, tu agendamiento quedó reprogramado para el ${when}.`,
          '',
          `Lugar: ${where}`,
        ];
    lines.push(
      '',
      `Placa: ${b.placa}`,
      `Referencia: ${b.referencia}`,
      '',
      `Consulta tus agendamientos en ${deps.webUrl}/app/agendamientos`,
    );
    const subject = `Agendamiento ${cancelled ? 'cancelado' : 'reprogramado'}: ${title}`;
    const entry = { userId: b.userId, kind: 'agendamientos' as const, titulo: subject };
    await deps.messages.email(entry, {
      to: contact.email,
      subject,
      body: lines.join('\n'),
      attachments: [bookingIcsAttachment(b, deps.clock.now(), cancelled)],
    });
    await deps.messages.whatsapp(entry, {
      template: CHANGE_TEMPLATES[change],
      language: 'es',
      parameters: cancelled
        ? [contact.nombres, title, when, refundSentence(b)]
        : [contact.nombres, title, when],
    });
  } catch (err) {
    deps.log.error({ err, bookingId, change }, 'booking change notice not sent');
  }
}
