import { clockText } from '@togo/domain/clock-text';
import { bookingEmailFacts, bookingIcsAttachment } from './booking-email-facts.ts';
import type { BookingDeps } from './booking.deps.ts';
import { formatCop } from '@togo/domain/money';

/** Confirmation email with the .ics, recorded in the driver's delivery log; a failure never undoes the booking. */
export async function sendConfirmation(
  deps: Pick<BookingDeps, 'repo' | 'clock' | 'messages' | 'webUrl' | 'log'>,
  bookingId: string,
): Promise<void> {
  try {
    const b = await deps.repo.findById(bookingId);
    if (!b) return;
    const contact = await deps.repo.userContact(b.userId);
    if (!contact) return;
    const { title, where, fecha } = bookingEmailFacts(b);
    const lines = [
      `Hola ${contact.nombres}, tu agendamiento quedó confirmado.`,
      '',
      `Servicio: ${(b.detalle as string[]).join(', ')}`,
      `Fecha: ${fecha}`,
      `Hora: ${clockText(b.hora)}`,
      `Lugar: ${b.direccionServicio ? 'A domicilio, ' + b.direccionServicio : where}`,
      `Placa: ${b.placa}`,
      `Valor: ${formatCop(b.precio)} (${b.metodoPago === 'pagar_en_sitio' ? 'pago en sitio' : 'pagado en línea'})`,
      `Referencia: ${b.referencia}`,
      '',
      `Teléfono de la sede: ${b.branchTelefono}`,
      `Cómo llegar: ${b.branchMaps}`,
      '',
      `Consulta, reprograma o cancela tus agendamientos en ${deps.webUrl}/app/agendamientos`,
    ];
    const subject = `Agendamiento confirmado: ${title}`;
    await deps.messages.email(
      { userId: b.userId, kind: 'agendamientos', titulo: subject },
      {
        to: contact.email,
        subject,
        body: lines.join('\n'),
        attachments: [bookingIcsAttachment(b, deps.clock.now())],
      },
    );
  } catch (err) {
    deps.log.error({ err, bookingId }, 'booking confirmation email failed');
  }
}
