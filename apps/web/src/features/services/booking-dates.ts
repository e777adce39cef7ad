import { addDays, dayOfWeek } from '@togo/domain/booking/booking.rules';
import { MONTHS_ES } from '@togo/domain/alerts/alerts.dates';

/**
 * Calendar helpers of the agenda step. Days are local Bogotá dates 'YYYY-MM-DD' (the wire format); the
 * range rules (9 days from tomorrow, 13 months) come from @togo/domain/booking/booking.rules.
 */

/** 0 = Monday … 6 = Sunday. */
export const weekdayMondayFirst = (date: string) => (dayOfWeek(date) + 6) % 7;

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The month 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** Weeks of a month 'YYYY-MM', Monday first: 7 cells each, a date or null for the padding. */
export function monthGrid(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const cells: (string | null)[] = Array.from({ length: weekdayMondayFirst(first) }, () => null);
  const total = daysInMonth(month);
  for (let i = 0; i < total; i++) cells.push(addDays(first, i));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const WEEKDAY_SHORT = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'] as const;
const WEEKDAY_LONG = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

const part = (date: string, from: number, to: number) => Number(date.slice(from, to));

/** 'noviembre 2026'. */
export const monthLabel = (month: string) => `${MONTHS_ES[part(month, 5, 7) - 1] ?? ''} ${month.slice(0, 4)}`;

/** 'martes 24 de noviembre de 2026'. */
export function longDate(date: string): string {
  const weekday = WEEKDAY_LONG[weekdayMondayFirst(date)] ?? '';
  return `${weekday} ${part(date, 8, 10)} de ${MONTHS_ES[part(date, 5, 7) - 1] ?? ''} de ${date.slice(0, 4)}`;
}

/** Display 'dd-MM-yyyy'. */
export const shortDate = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** Abbreviated month of a date ('2026-11-05' → 'nov'). */
export const monthShort = (date: string) => (MONTHS_ES[part(date, 5, 7) - 1] ?? '').slice(0, 3);

/** The months a run of dates spans: 'noviembre 2026' or 'noviembre – diciembre 2026' (or across years). */
export function monthsSpanLabel(dates: readonly string[]): string {
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return '';
  if (monthOf(first) === monthOf(last)) return monthLabel(monthOf(first));
  const firstMonth = MONTHS_ES[part(first, 5, 7) - 1] ?? '';
  if (first.slice(0, 4) === last.slice(0, 4)) return `${firstMonth} – ${monthLabel(monthOf(last))}`;
  return `${monthLabel(monthOf(first))} – ${monthLabel(monthOf(last))}`;
}

/** Day of the month as a number ('2026-11-05' → 5). */
export const dayNumber = (date: string) => part(date, 8, 10);
