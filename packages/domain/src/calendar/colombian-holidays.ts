import { getHolidaysForYear } from 'colombian-holidays';

/**
 * Colombia's public holidays for any year: the one holiday source of TOGO (decision 081). Pico y placa, booking,
 * fleet compliance and the notices all read it; there is no holiday table to keep up to date. Dates are the
 * observed ones ('YYYY-MM-DD', Ley Emiliani moves to Monday applied, Easter-based feasts computed), from the
 * `colombian-holidays` library.
 */

export interface ColombianHoliday {
  /** Observed date, 'YYYY-MM-DD'. */
  date: string;
  /** Spanish name ('Reyes Magos', 'San José', 'Ascensión del Señor' …). */
  name: string;
}

/** Years outside this range are not asked by the product and are answered with no holidays. */
const FIRST_YEAR = 1984;
const LAST_YEAR = 2200;

const byYear = new Map<number, { list: readonly ColombianHoliday[]; names: ReadonlyMap<string, string> }>();

function yearData(year: number) {
  let data = byYear.get(year);
  if (!data) {
    const list =
      Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR
        ? getHolidaysForYear(year).map((h) => ({ date: h.celebrationDate, name: h.name.es }))
        : [];
    list.sort((a, b) => a.date.localeCompare(b.date));
    const names = new Map<string, string>();
    // Two feasts may fall on one day: both names are kept, in the library's order.
    for (const h of list) names.set(h.date, names.has(h.date) ? `${names.get(h.date)} y ${h.name}` : h.name);
    data = { list, names };
    byYear.set(year, data);
  }
  return data;
}

function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** The holidays of a year, by date. */
export function colombianHolidays(year: number): readonly ColombianHoliday[] {
  return yearData(year).list;
}

/** Observed Colombian holidays of a year ('YYYY-MM-DD'). */
export function colombianHolidayDates(year: number): string[] {
  return colombianHolidays(year).map((h) => h.date);
}

/** The holiday's Spanish name when `date` ('YYYY-MM-DD') is a Colombian public holiday, else null. */
export function colombianHolidayName(date: string): string | null {
  return yearData(yearOf(date)).names.get(date) ?? null;
}

export function isColombianHoliday(date: string): boolean {
  return yearData(yearOf(date)).names.has(date);
}
