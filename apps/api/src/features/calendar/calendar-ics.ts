import { isMaintenanceType, MAINTENANCE_TYPE_LABEL } from '@togo/domain/maintenance/maintenance.catalogue';
import { maintenanceScreenPath, whenDue } from '@togo/domain/maintenance/maintenance.notice';
import { bogotaInstant } from '@togo/domain/bogota-time';
import { bookingUid, icsDate, icsJoin, icsStamp, icsText } from '../../lib/ical-text.ts';
import type { BookingEventRow, ExpiryEventRow, MaintenanceEventRow } from './calendar.repository.ts';

const EXPIRY_NAMES: Record<string, string> = {
  ALERTA_SOAT: 'SOAT',
  ALERTA_RTM: 'Revisión técnico-mecánica',
  ALERTA_TODO_RIESGO: 'Póliza todo riesgo',
  ALERTA_IMPUESTO: 'Impuesto vehicular',
  ALERTA_KIT: 'Recarga del kit de carretera',
  ALERTA_LICENCIA: 'Licencia de conducción',
};

/** What to do about each expiry, in words that agree with its name (issue 36: "la licencia… Renuévala"). */
const EXPIRY_ADVICE: Record<string, string> = {
  ALERTA_SOAT: 'Renuévalo a tiempo en TOGO.',
  ALERTA_RTM: 'Agéndala a tiempo en TOGO.',
  ALERTA_TODO_RIESGO: 'Renuévala a tiempo.',
  ALERTA_IMPUESTO: 'Págalo a tiempo.',
  ALERTA_KIT: 'Recárgalo a tiempo.',
  ALERTA_LICENCIA: 'Renuévala a tiempo.',
};

/**
 * The driving licence is the driver's, not a vehicle's (issue 36): one event per licence date, without a plate,
 * under the UID of the first vehicle that carries it; every other expiry stays one event per vehicle.
 */
function oncePerLicence(expiries: readonly ExpiryEventRow[]): ExpiryEventRow[] {
  const licences = new Map<string, ExpiryEventRow>();
  const out: ExpiryEventRow[] = [];
  for (const e of expiries) {
    if (e.code !== 'ALERTA_LICENCIA') {
      out.push(e);
      continue;
    }
    const seen = licences.get(e.due_date);
    if (!seen || e.vehicle_id < seen.vehicle_id) licences.set(e.due_date, e);
  }
  return [...out, ...licences.values()];
}

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

/** Stable UIDs: a date change updates the same event in the subscriber's calendar. */
export const expiryUid = (vehicleId: number, code: string) => `vencimiento-${vehicleId}-${code}@togo.com.co`;
/** One event per vehicle and reminder type: a service moves it to its next date under the same UID. */
export const maintenanceUid = (vehicleId: number, tipo: string) =>
  `mantenimiento-${vehicleId}-${tipo}@togo.com.co`;

/** A dated service reminder (decision 075): an all-day event on its next date, with an alarm 3 days before. */
function maintenanceEvent(m: MaintenanceEventRow, stamp: string, webUrl: string): string[] {
  const name = isMaintenanceType(m.tipo) ? MAINTENANCE_TYPE_LABEL[m.tipo] : m.tipo;
  const summary = `${name} · ${m.placa}`;
  const due = whenDue(m.proximo_km === null ? null : Number(m.proximo_km), m.proxima_fecha);
  return [
    'BEGIN:VEVENT',
    `UID:${maintenanceUid(m.vehicle_id, m.tipo)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${icsDate(m.proxima_fecha)}`,
    `DTEND;VALUE=DATE:${icsDate(nextDay(m.proxima_fecha))}`,
    `SUMMARY:${icsText(summary)}`,
    `DESCRIPTION:${icsText(`Le toca ${name.toLowerCase()} al vehículo ${m.placa} (${due}). Regístralo en TOGO cuando lo hagas.`)}`,
    `URL:${new URL(maintenanceScreenPath(m.vehicle_id, false), webUrl).toString()}`,
    'TRANSP:TRANSPARENT',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-P3D',
    `DESCRIPTION:${icsText(`${summary} en 3 días`)}`,
    'END:VALARM',
    'END:VEVENT',
  ];
}

/**
 * The user's calendar (RFC 5545): one all-day event per known expiry with an alarm 7 days before, and one
 * event per booking (cancelled ones marked STATUS:CANCELLED so subscribed calendars drop them), and one all-day
 * event per dated service reminder.
 */
export function calendarFeedIcs(
  expiries: readonly ExpiryEventRow[],
  bookings: readonly BookingEventRow[],
  now: Date,
  webUrl: string,
  maintenance: readonly MaintenanceEventRow[] = [],
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
  for (const e of oncePerLicence(expiries)) {
    const name = EXPIRY_NAMES[e.code] ?? e.code;
    const licence = e.code === 'ALERTA_LICENCIA';
    const summary = licence ? `Vence tu ${name.toLowerCase()}` : `Vence ${name} · ${e.placa}`;
    const what = licence ? `Tu ${name.toLowerCase()}` : `${name} del vehículo ${e.placa}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${expiryUid(e.vehicle_id, e.code)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(e.due_date)}`,
      `DTEND;VALUE=DATE:${icsDate(nextDay(e.due_date))}`,
      `SUMMARY:${icsText(summary)}`,
      `DESCRIPTION:${icsText(`${what} vence este día. ${EXPIRY_ADVICE[e.code] ?? 'Renuévalo a tiempo.'}`)}`,
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
      `UID:${bookingUid(b.id)}`,
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
  for (const m of maintenance) lines.push(...maintenanceEvent(m, stamp, webUrl));
  lines.push('END:VCALENDAR');
  return icsJoin(lines);
}
