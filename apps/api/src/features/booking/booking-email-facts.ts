import { bogotaInstant } from '@togo/domain/bogota-time';
import type { FromFlow } from '@togo/domain/booking/booking.contract';
import { SERVICE_TITLES } from './booking-quotes.ts';
import { bookingIcs } from './booking-ics.ts';
import type { BookingView } from './booking.rows.ts';

/** What every booking email says of the booking: its title, its place and its date as 'dd-mm-yyyy'. */
export function bookingEmailFacts(b: BookingView) {
  const [y, m, d] = b.fecha.split('-');
  return {
    title: `${SERVICE_TITLES[b.servicio as FromFlow] ?? 'Servicio'} TOGO - ${b.placa}`,
    where: b.direccionServicio ?? `${b.branchNombre}, ${b.branchDireccion}, ${b.branchCity}`,
    fecha: `${d}-${m}-${y}`,
  };
}

/** The booking's .ics attachment (one hour from its slot; METHOD:CANCEL for a cancelled booking). */
export function bookingIcsAttachment(b: BookingView, now: Date, cancelled = false) {
  const { title, where } = bookingEmailFacts(b);
  const start = bogotaInstant(b.fecha, b.hora);
  return {
    filename: 'agendamiento.ics',
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    content: bookingIcs({
      bookingId: b.id,
      start,
      end: new Date(start.getTime() + 3_600_000),
      now,
      summary: title,
      location: where,
      description: `Referencia ${b.referencia}. ${(b.detalle as string[]).join(', ')}.`,
      sequence: b.icsSequence,
      ...(cancelled ? { cancelled } : {}),
    }),
  };
}
