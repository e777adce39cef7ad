import { describe, expect, it } from 'vitest';
import { bogotaLocalDateTime } from '../bogota-time.ts';
import {
  addDays,
  dayOfMonth,
  mondayOf,
  parseLocalDateTime,
  weekdayIndex,
  weekdayOf,
  weeksBetween,
} from './pico-placa.calendar.ts';

describe('pico y placa calendar', () => {
  it('weekdays', () => {
    expect(weekdayOf('2026-01-12')).toBe('MON');
    expect(weekdayOf('2026-01-18')).toBe('SUN');
    expect(weekdayOf('1969-12-31')).toBe('WED');
    expect(weekdayIndex('2026-01-17')).toBe(5);
    expect(mondayOf('2026-01-18')).toBe('2026-01-12');
  });

  it('weeks between Mondays, negative backwards', () => {
    expect(weeksBetween('2026-02-02', '2026-02-16')).toBe(2);
    expect(weeksBetween('2026-02-02', '2026-02-08')).toBe(0);
    expect(weeksBetween('2026-02-02', '2025-12-15')).toBe(-7);
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(dayOfMonth('2026-01-31')).toBe(31);
  });

  it('parses local date-times', () => {
    expect(parseLocalDateTime('2026-01-07T02:00')).toEqual({ date: '2026-01-07', minutes: 120 });
    expect(parseLocalDateTime('2026-01-07T23:59:59')).toEqual({ date: '2026-01-07', minutes: 1439 });
    expect(() => parseLocalDateTime('2026-01-07T2:00')).toThrow(RangeError);
    expect(() => parseLocalDateTime('2026-01-07T10:60')).toThrow(RangeError);
  });

  it('Bogotá local time is UTC-5', () => {
    expect(bogotaLocalDateTime(new Date('2026-01-07T04:30:00Z'))).toBe('2026-01-06T23:30');
  });
});
