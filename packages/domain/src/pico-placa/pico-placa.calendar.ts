import type { Weekday } from './pico-placa.rules.ts';

/**
 * Calendar arithmetic on local (America/Bogota) dates written 'YYYY-MM-DD'. Colombia has no daylight
 * saving time, so a local date is handled as a plain calendar day (computed in UTC to stay machine-independent).
 */

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const WEEKDAY_BY_UTC_DAY: readonly Weekday[] = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export const MINUTES_PER_DAY = 24 * 60;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date; throws RangeError on anything that is not a real date. */
export function epochDay(date: string): number {
  const match = DATE_RE.exec(date);
  if (!match) throw new RangeError(`Invalid date '${date}', expected YYYY-MM-DD`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Invalid date '${date}'`);
  }
  return Math.round(ms / DAY_MS);
}

export function isValidIsoDate(date: string): boolean {
  try {
    epochDay(date);
    return true;
  } catch {
    return false;
  }
}

function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromEpochDay(epochDay(date) + days);
}

/** MON..SUN */
export function weekdayOf(date: string): Weekday {
  const weekday = WEEKDAY_BY_UTC_DAY[(((epochDay(date) + 4) % 7) + 7) % 7]; // 1970-01-01 was a Thursday
  if (weekday === undefined) throw new RangeError(`Invalid date '${date}'`);
  return weekday;
}

/** Monday = 0 … Sunday = 6 */
export function weekdayIndex(date: string): number {
  return (((epochDay(date) + 3) % 7) + 7) % 7;
}

export function mondayOf(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

/** Whole weeks from the Monday of `from` to the Monday of `to` (negative when `to` is earlier). */
export function weeksBetween(from: string, to: string): number {
  return Math.round((epochDay(mondayOf(to)) - epochDay(mondayOf(from))) / 7);
}

export function dayOfMonth(date: string): number {
  epochDay(date);
  return Number(date.slice(8, 10));
}

export interface LocalDateTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** minutes after local midnight, 0..1439 */
  minutes: number;
}

/** Parses 'YYYY-MM-DDTHH:mm' (seconds tolerated and ignored); throws RangeError when malformed. */
export function parseLocalDateTime(value: string): LocalDateTime {
  const match = LOCAL_DATE_TIME_RE.exec(value);
  const date = match?.[1];
  if (!match || date === undefined) {
    throw new RangeError(`Invalid local date-time '${value}', expected YYYY-MM-DDTHH:mm`);
  }
  epochDay(date);
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  const seconds = match[4] === undefined ? 0 : Number(match[4]);
  if (hours > 23 || minutes > 59 || seconds > 59) throw new RangeError(`Invalid local time in '${value}'`);
  return { date, minutes: hours * 60 + minutes };
}

/** 0 → '00:00', 1800 → '30:00' (hours are not wrapped). */
export function minutesToClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
