/**
 * Calendar dates written 'YYYY-MM-DD' (the wire format), computed in UTC so the result does not depend on
 * the machine's time zone. "Today" is the local date in America/Bogota (UTC-5 all year, no DST).
 */

const DAY_MS = 86_400_000;
const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Spanish month names, January first. */
export const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

function parts(date: string): [number, number, number] | null {
  const m = ISO_DATE_RE.exec(date);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return [y, mo, d];
}

/** True for a real calendar date written YYYY-MM-DD between years 1900 and 2199 (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const p = parts(value);
  return p !== null && p[0] >= 1900 && p[0] <= 2199;
}

/** Days since 1970-01-01; throws RangeError on an invalid date. */
export function epochDay(date: string): number {
  const p = parts(date);
  if (!p) throw new RangeError(`Fecha inválida '${date}'`);
  return Math.round(Date.UTC(p[0], p[1] - 1, p[2]) / DAY_MS);
}

export function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromEpochDay(epochDay(date) + days);
}

/** Adds calendar months like PostgreSQL's date + interval: 2026-01-31 + 1 month = 2026-02-28. */
export function addMonths(date: string, months: number): string {
  const p = parts(date);
  if (!p) throw new RangeError(`Fecha inválida '${date}'`);
  const total = p[0] * 12 + (p[1] - 1) + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return fromEpochDay(Math.round(Date.UTC(y, m, Math.min(p[2], lastDay)) / DAY_MS));
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** '2026-11-29' → '29-11-2026' (AHGA §9 display format dd-MM-yyyy). */
export function formatDateDmy(date: string): string {
  const p = parts(date);
  if (!p) return date;
  return `${String(p[2]).padStart(2, '0')}-${String(p[1]).padStart(2, '0')}-${p[0]}`;
}

/** '2026-03-15' → '15 de marzo de 2026' (the kit screen's long Spanish date). */
export function formatLongSpanishDate(date: string): string {
  const p = parts(date);
  if (!p) return date;
  return `${p[2]} de ${MONTHS_ES[p[1] - 1]} de ${p[0]}`;
}
