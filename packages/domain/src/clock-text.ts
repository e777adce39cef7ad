import { bogotaMinute, bogotaToday } from './bogota-time.ts';

/**
 * The one way a time of day is written to a driver (issue 36, decision 094): es-CO, 12-hour clock,
 * '9:00 a. m.', '12:00 p. m.' (noon), '12:30 a. m.' (after midnight). Used by the web app, the e-mails and pages
 * of the API; the wire keeps its own 'H:00 AM/PM' franjas.
 */
export function clockText(hour: number, minute = 0): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')} ${hour % 24 < 12 ? 'a. m.' : 'p. m.'}`;
}

/** An instant's time of day in Bogotá: '12:20 p. m.'. */
export function instantClockText(instant: Date): string {
  const minutes = bogotaMinute(instant);
  return clockText(Math.floor(minutes / 60), minutes % 60);
}

const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** '2026-01-15' → '15 ene 2026'. */
export function shortSpanishDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${SHORT_MONTHS[(m ?? 1) - 1] ?? ''} ${y}`;
}

/**
 * An instant in Bogotá as '25 nov 2026, 10:05 a. m.' (what es-CO's Intl.DateTimeFormat writes), by arithmetic: the
 * first Intl formatter with a time zone a page builds loads ICU's zone data, a 30–60 ms task on a phone (decision 124).
 */
export function instantDateTimeText(instant: Date): string {
  return `${shortSpanishDate(bogotaToday(instant))}, ${instantClockText(instant)}`;
}
