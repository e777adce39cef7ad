import { icsDate, icsJoin, icsStamp, icsText } from '../../lib/ical-text.ts';
import type { BookingEventRow, ExpiryEventRow } from './calendar.repository.ts';

const EXPIRY_NAMES: Record<string, string> = {
  ALERTA_SOAT: 'SOAT',
  ALERTA_RTM: 'Revisión técnico-mecánica',
  ALERTA_TODO_RIESGO: 'Póliza todo riesgo',
  ALERTA_IMPUESTO: 'Impuesto vehicular',
  ALERTA_KIT: 'Recarga del kit de carretera',
  ALERTA_LICENCIA: 'Licencia de conducción',
};

const SERVICE_NAMES: Record<string, string> = {
  rtm: 'Revisión técnico-mecánica',
  peritaje: 'Peritaje',
  tramites: 'Trámites',
};

const CANCELLED = new Set(['cancelada', 'rechazada', 'expirada']);

/** The next day of a 'YYYY-MM-DD' date (all-day events end the day after, exclusive). */
function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A booking's local hour in Bogota (UTC−5, no daylight saving) as a UTC instant. */
function bogotaInstant(fecha: string, hora: number): Date {
  return new Date(`${fecha}T${String(hora).padStart(2, '0')}:00:00-05:00`);
}

/** Stable UIDs: a date change updates the same event in the subscriber's calendar. */
export const expiryUid = (vehicleId: number, code: string) => `vencimiento-${vehicleId}-${code}@togo.com.co`;
/** The same UID as the booking's email invitation (booking-ics.ts), so both are one calendar entry. */
export const bookingEventUid = (id: string) => `${id}@togo.com.co`;

/**
 * The user's calendar (RFC 5545): one all-day event per known expiry with an alarm 7 days before, and one
 * event per booking (cancelled ones marked STATUS:CANCELLED so subscribed calendars drop them).
 */
export function calendarFeedIcs(
  expiries: readonly ExpiryEventRow[],
  bookings: readonly BookingEventRow[],
  now: Date,
  webUrl: string,
): string {
  const stamp = icsStamp(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//TOGO//Vencimientos y agendamientos//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:TOGO',
    'X-WR-TIMEZONE:America/Bogota',
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  for (const e of expiries) {
    const name = EXPIRY_NAMES[e.code] ?? e.code;
    const summary = `Vence ${name} · ${e.placa}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${expiryUid(e.vehicle_id, e.code)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(e.due_date)}`,
      `DTEND;VALUE=DATE:${icsDate(nextDay(e.due_date))}`,
      `SUMMARY:${icsText(summary)}`,
      `DESCRIPTION:${icsText(`${name} del vehículo ${e.placa} vence este día. Renuévalo a tiempo en TOGO.`)}`,
      `URL:${new URL('/app', webUrl).toString()}`,
      'TRANSP:TRANSPARENT',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-P7D',
      `DESCRIPTION:${icsText(`${summary} en 7 días`)}`,
      'END:VALARM',
      'END:VEVENT',
    );
  }
  for (const b of bookings) {
    const start = bogotaInstant(b.fecha, b.hora);
    const end = new Date(start.getTime() + 60 * 60 * 1000);
    const service = SERVICE_NAMES[b.servicio] ?? b.servicio;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${bookingEventUid(b.id)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsStamp(start)}`,
      `DTEND:${icsStamp(end)}`,
      `SUMMARY:${icsText(`${service} · ${b.sede}`)}`,
      `LOCATION:${icsText(b.direccion_servicio ?? b.direccion)}`,
      `DESCRIPTION:${icsText(`Agendamiento ${b.referencia} en TOGO.`)}`,
      `STATUS:${CANCELLED.has(b.estado) ? 'CANCELLED' : b.estado === 'confirmada' ? 'CONFIRMED' : 'TENTATIVE'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return icsJoin(lines);
}
