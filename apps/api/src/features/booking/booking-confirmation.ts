import type { FromFlow } from '@togo/domain/booking/booking.contract';
import { bogotaInstant, slotLabel } from '@togo/domain/booking/booking.rules';
import { SERVICE_TITLES } from './booking-answers.ts';
import { bookingIcs } from './booking-ics.ts';
import type { BookingDeps } from './booking.deps.ts';

/** Confirmation email with the .ics; a failure is logged, never undoes the booking. */
export async function sendConfirmation(
  deps: Pick<BookingDeps, 'repo' | 'clock' | 'messenger' | 'webUrl' | 'log'>,
  bookingId: string,
): Promise<void> {
  try {
    const b = await deps.repo.findById(bookingId);
    if (!b) return;
    const contact = await deps.repo.userContact(b.userId);
    if (!contact) return;
    const start = bogotaInstant(b.fecha, b.hora);
    const title = `${SERVICE_TITLES[b.servicio as FromFlow] ?? 'Servicio'} TOGO - ${b.placa}`;
    const where = b.direccionServicio ?? `${b.branchNombre}, ${b.branchDireccion}, ${b.branchCity}`;
    const [y, m, d] = b.fecha.split('-');
    const lines = [
      `Hola ${contact.nombres}, tu agendamiento quedó confirmado.`,
      '',
      `Servicio: ${(b.detalle as string[]).join(', ')}`,
      `Fecha: ${d}-${m}-${y}`,
      `Hora: ${slotLabel(b.hora)}`,
      `Lugar: ${b.direccionServicio ? 'A domicilio, ' + b.direccionServicio : where}`,
      `Placa: ${b.placa}`,
      `Valor: $${b.precio.toLocaleString('es-CO')} (${b.metodoPago === 'pagar_en_sitio' ? 'pago en sitio' : 'pagado en línea'})`,
      `Referencia: ${b.referencia}`,
      '',
      `Teléfono de la sede: ${b.branchTelefono}`,
      `Cómo llegar: ${b.branchMaps}`,
      '',
      `Consulta, reprograma o cancela tus agendamientos en ${deps.webUrl}/app/agendamientos`,
    ];
    await deps.messenger.send({
      to: contact.email,
      channel: 'email',
      subject: `Agendamiento confirmado: ${title}`,
      body: lines.join('\n'),
      attachments: [
        {
          filename: 'agendamiento.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: bookingIcs({
            bookingId: b.id,
            start,
            end: new Date(start.getTime() + 3_600_000),
            now: deps.clock.now(),
            summary: title,
            location: where,
            description: `Referencia ${b.referencia}. ${(b.detalle as string[]).join(', ')}.`,
          }),
        },
      ],
    });
  } catch (err) {
    deps.log.error({ err, bookingId }, 'booking confirmation email failed');
  }
}
