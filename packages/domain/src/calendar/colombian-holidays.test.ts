import { describe, expect, it } from 'vitest';
import {
  colombianHolidayDates,
  colombianHolidayName,
  colombianHolidays,
  isColombianHoliday,
} from './colombian-holidays.ts';

describe('Colombian holidays (one source for every feature)', () => {
  it.each([
    // [year, Reyes (6 Jan moved to Monday), San José (19 Mar moved), Ascensión (Easter + 43, a Monday)]
    ['2028', '2028-01-10', '2028-03-20', '2028-05-29'],
    ['2029', '2029-01-08', '2029-03-19', '2029-05-14'],
    ['2030', '2030-01-07', '2030-03-25', '2030-06-03'],
  ])('%s: Reyes, San José and Ascensión are observed on Monday', (year, reyes, sanJose, ascension) => {
    expect(colombianHolidayName(reyes)).toBe('Reyes Magos');
    expect(colombianHolidayName(sanJose)).toBe('San José');
    expect(colombianHolidayName(ascension)).toMatch(/Ascensión/);
    for (const monday of [reyes, sanJose, ascension]) {
      expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(isColombianHoliday(monday)).toBe(true);
    }
    // The feast's own date is a working day when it moved.
    if (reyes !== `${year}-01-06`) expect(isColombianHoliday(`${year}-01-06`)).toBe(false);
    expect(colombianHolidays(Number(year))).toHaveLength(18);
  });

  it('answers null on a working day and for years nobody asks about', () => {
    expect(colombianHolidayName('2028-01-11')).toBeNull();
    expect(isColombianHoliday('2028-01-06')).toBe(false);
    expect(colombianHolidayDates(1700)).toEqual([]);
  });

  it('keeps the dates the old seeded table had for 2024–2027', () => {
    // A sample of the table compiled in shared/data (Ley Emiliani and Easter-based dates).
    for (const date of ['2024-03-25', '2025-06-30', '2026-01-12', '2026-06-15', '2027-11-15', '2027-12-08']) {
      expect(isColombianHoliday(date), date).toBe(true);
    }
  });
});
