import { bogotaInstant, bogotaToday } from '../bogota-time.ts';
import { isColombianHoliday } from '../calendar/colombian-holidays.ts';
import { clockText } from '../clock-text.ts';
import type { OpeningHours, PeritajeFuel, PeritajeGroup } from './booking.contract.ts';

/**
 * Pure booking rules (SPPF §3, §5, §9): slot labels and generation, the 9-day strip, the calendar range, the
 * peritaje class/fuel mapping and the combos table. Dates are 'YYYY-MM-DD' local dates in America/Bogota
 * (UTC-5 all year, no daylight saving), computed in UTC to stay machine-independent.
 */

const DAY_MS = 86_400_000;

/** SPPF §9: default slots, hourly; AM block 7:00–12:00, PM block 1:00–6:00 (24 h start hours). */
export const DEFAULT_SLOT_HOURS = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;
/** SPPF §9: upcoming dates strip. */
export const UPCOMING_DAYS = 9;
/** SPPF §9: phone prefix. */
export const PHONE_PREFIX = '57';

/**
 * Label of a slot starting at `hour` (0–23): 'H:00 AM' / 'H:00 PM' on the 12-hour clock ('12:00 PM' is noon).
 */
export function slotLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * Start hour (0–23) of a normalised 'H:00 AM/PM' label, or null. Booking hours run 7:00–18:00, so '12:00 AM'
 * (which some clients send for the last morning slot, the AM block running 7–12) is read as noon too.
 */
export function slotHour(label: string): number | null {
  const m = /^(\d{1,2}):00 (AM|PM)$/.exec(label.trim().toUpperCase());
  if (!m) return null;
  const h = Number(m[1]);
  if (h < 1 || h > 12) return null;
  if (h === 12) return 12;
  return m[2] === 'PM' ? h + 12 : h;
}

/** How a slot's 'H:00 AM/PM' label is shown ('9:00 a. m.', noon '12:00 p. m.'); an unknown label as is. */
export function franjaText(label: string): string {
  const hour = slotHour(label);
  return hour === null ? label : clockText(hour);
}

/** The AM/PM toggle a slot belongs to (SPPF §2 horario): 7–12 → 'AM', 13–18 → 'PM'. */
export function slotBlock(hour: number): 'AM' | 'PM' {
  return hour <= 12 ? 'AM' : 'PM';
}

/** 'HH:mm' of a start hour. */
export function slotTime(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

function minutesOf(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new RangeError(`Invalid time '${hhmm}', expected HH:mm`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

// The one holiday source (decision 081); re-exported for the booking screens and tests that import it here.
export { colombianHolidayDates, isColombianHoliday } from '../calendar/colombian-holidays.ts';

/** No service on Sundays nor on Colombian holidays. */
export function isServiceDay(
  date: string,
  isHoliday: (date: string) => boolean = isColombianHoliday,
): boolean {
  return dayOfWeek(date) !== 0 && !isHoliday(date);
}

/** What the date strip knows of a branch's closed days: its hours (no Saturday) and the console's closures. */
export interface ClosedDaysInput {
  horario?: OpeningHours | undefined;
  cierres?: readonly string[] | undefined;
  isHoliday?: (date: string) => boolean;
}

/**
 * Why a date cannot be booked, shown on the disabled day of the date strip, or null when it is open: Sundays,
 * Colombian holidays, Saturdays at a branch closed on Saturdays, and the days the operator closed the branch.
 */
export function closedDayReason(date: string, input: ClosedDaysInput = {}): string | null {
  const weekday = dayOfWeek(date);
  if (weekday === 0) return 'Cerrado: los domingos no hay servicio.';
  if ((input.isHoliday ?? isColombianHoliday)(date)) return 'Cerrado: es festivo.';
  if (weekday === 6 && input.horario && !input.horario.sabado) return 'Cerrado: la sede no abre los sábados.';
  if (input.cierres?.includes(date)) return 'Cerrado: la sede no atiende ese día.';
  return null;
}

export interface SlotGenerationInput {
  /** 'YYYY-MM-DD' local date. */
  date: string;
  /** The current instant (injected clock). */
  now: Date;
  openingHours: OpeningHours;
  /** Defaults to `DEFAULT_SLOT_HOURS`. */
  hours?: readonly number[];
  /** Defaults to `isColombianHoliday`. */
  isHoliday?: (date: string) => boolean;
}

/**
 * Start hours offered on a date: the default hourly slots that fit inside the day's opening hours (start ≥
 * opening, start + 1 h ≤ closing), none already started (America/Bogota), none on Sundays or holidays.
 */
export function slotHoursFor(input: SlotGenerationInput): number[] {
  const { date, now, openingHours } = input;
  if (!isServiceDay(date, input.isHoliday)) return [];
  const day = dayOfWeek(date) === 6 ? openingHours.sabado : openingHours.lunes_viernes;
  if (!day) return [];
  const open = minutesOf(day.apertura);
  const close = minutesOf(day.cierre);
  return (input.hours ?? DEFAULT_SLOT_HOURS).filter(
    (h) => h * 60 >= open && h * 60 + 60 <= close && bogotaInstant(date, h).getTime() > now.getTime(),
  );
}

/** SPPF §9: the next `UPCOMING_DAYS` dates starting tomorrow (America/Bogota). */
export function upcomingDates(now: Date, days: number = UPCOMING_DAYS): string[] {
  const today = bogotaToday(now);
  return Array.from({ length: days }, (_, i) => addDays(today, i + 1));
}

/** SPPF §9: calendar months from the current month to the same month next year (13 entries), 'YYYY-MM'. */
export function calendarMonths(now: Date): string[] {
  const [y, m] = bogotaToday(now).split('-').map(Number) as [number, number];
  return Array.from({ length: 13 }, (_, i) => {
    const total = y * 12 + (m - 1) + i;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/** SPPF §3 combos table: combos offered by group and fuel/type ('A Domicilio': Bogotá light vehicles). */
export const PERITAJE_COMBOS: Readonly<
  Record<PeritajeGroup, Partial<Record<PeritajeFuel, readonly string[]>>>
> = {
  Livianos: {
    Gasolina: ['Oro', 'Diamante', 'Plata'],
    Diesel: ['Oro', 'Diamante'],
    Hibrido: ['Diamante'],
    Electrico: ['Diamante'],
  },
  Motocicletas: { Urbana: ['Oro', 'Diamante'], SuperBike: ['Oro', 'Diamante'] },
  'A Domicilio': {
    Gasolina: ['Oro', 'Diamante', 'Plata'],
    Diesel: ['Oro', 'Diamante'],
    Hibrido: ['Diamante'],
    Electrico: ['Diamante'],
  },
};

/** Fuels / types offered for a peritaje group. */
export function peritajeFuels(group: PeritajeGroup): PeritajeFuel[] {
  return Object.keys(PERITAJE_COMBOS[group]) as PeritajeFuel[];
}

export interface PeritajeClassFuel {
  clase: 'AUTOMOVIL' | 'CAMIONETA' | 'MOTOCICLETA';
  combustible: string;
}

/**
 * SPPF §9 peritaje class and fuel: hybrid → class CAMIONETA, fuel 'GASO ELEC'; other light vehicles → AUTOMOVIL
 * with the fuel upper-cased without accents; motorcycles → MOTOCICLETA, GASOLINA.
 */
export function peritajeClassAndFuel(group: PeritajeGroup, fuel: PeritajeFuel): PeritajeClassFuel {
  if (group === 'Motocicletas') return { clase: 'MOTOCICLETA', combustible: 'GASOLINA' };
  if (fuel === 'Hibrido') return { clase: 'CAMIONETA', combustible: 'GASO ELEC' };
  return { clase: 'AUTOMOVIL', combustible: fuel.toUpperCase() };
}

/** SPPF §9 attention type. */
export function attentionType(group: PeritajeGroup): 'a_domicilio' | 'presencial' {
  return group === 'A Domicilio' ? 'a_domicilio' : 'presencial';
}

/** SPPF §9: the phone is sent with the prefix 57 (digits only, prefix not doubled). */
export function phoneWithPrefix(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith(PHONE_PREFIX) && digits.length > 10 ? digits : `${PHONE_PREFIX}${digits}`;
}

/** SPPF §9: map lookups special-case two cities. */
export function mapCityName(city: string): string {
  if (city === 'Armenia') return 'Armenia Quindio';
  if (city === 'Florencia') return 'Florencia Caqueta';
  return city;
}
