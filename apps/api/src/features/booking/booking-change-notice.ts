import { clockText } from '@togo/domain/clock-text';
import { formatCop } from '@togo/domain/money';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import { whatsappNumber, type WhatsAppSender } from '../../integrations/messaging/whatsapp.ts';
import { bookingEmailFacts, bookingIcsAttachment } from './booking-email-facts.ts';
import type { BookingChangesRepository } from './booking-changes.repository.ts';
import type { BookingRepository } from './booking.repository.ts';
import type { BookingView } from './booking.rows.ts';

export type BookingChange = 'cancelada' | 'reprogramada';

/** WhatsApp templates of a driver's own change (approved in the WhatsApp Business account, Spanish). */
export const CHANGE_TEMPLATES: Record<BookingChange, string> = {
  cancelada: 'togo_agendamiento_cancelado',
  reprogramada: 'togo_agendamiento_reprogramado',
};

export interface ChangeNoticeDeps {
  repo: Pick<BookingRepository, 'findById' | 'userContact'>;
  changes: Pick<BookingChangesRepository, 'whatsappPhone'>;
  messenger: Messenger;
  whatsapp?: WhatsAppSender | undefined;
  clock: Clock;
  webUrl: string;
  log: Pick<Logger, 'error'>;
}

/** What happens to the money of a cancelled booking, as one sentence. */
export function refundSentence(b: Pick<BookingView, 'estadoReembolso' | 'precio'>): string {
  if (!b.estadoReembolso) return 'No se hizo ningún cobro, así que no hay nada que reembolsar.';
  if (b.estadoReembolso === 'realizado') {
    return `Reembolsamos ${formatCop(b.precio)} al medio de pago que usaste; puede tardar unos días hábiles en verse.`;
  }
  return `Te reembolsaremos ${formatCop(b.precio)} al medio de pago que usaste; te avisaremos cuando esté hecho.`;
}

/**
 * The email (with the updated .ics: same UID, SEQUENCE bumped, METHOD:CANCEL for a cancellation) and, when the
 * driver turned WhatsApp on, the WhatsApp message of a cancellation or a reschedule (issue 36). A failure is
 * logged, never undoes the change.
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
    await deps.messenger.send({
      to: contact.email,
      channel: 'email',
      subject: `Agendamiento ${cancelled ? 'cancelado' : 'reprogramado'}: ${title}`,
      body: lines.join('\n'),
      attachments: [bookingIcsAttachment(b, deps.clock.now(), cancelled)],
    });
    const phone = deps.whatsapp ? await deps.changes.whatsappPhone(b.userId) : null;
    const to = phone ? whatsappNumber(phone) : null;
    if (deps.whatsapp && to) {
      await deps.whatsapp.send({
        to,
        template: CHANGE_TEMPLATES[change],
        language: 'es',
        parameters: cancelled
          ? [contact.nombres, title, when, refundSentence(b)]
          : [contact.nombres, title, when],
      });
    }
  } catch (err) {
    deps.log.error({ err, bookingId, change }, 'booking change notice not sent');
  }
}
