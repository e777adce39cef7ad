import { describe, expect, it } from 'vitest';
import { franjaText } from './booking/booking.rules.ts';
import { clockText, instantClockText, instantDateTimeText } from './clock-text.ts';

describe('clockText: the one time format (es-CO, 12-hour)', () => {
  it("writes '9:00 a. m.', noon as '12:00 p. m.' and midnight as '12:00 a. m.'", () => {
    expect(clockText(9)).toBe('9:00 a. m.');
    expect(clockText(12)).toBe('12:00 p. m.');
    expect(clockText(18, 5)).toBe('6:05 p. m.');
    expect(clockText(0, 30)).toBe('12:30 a. m.');
  });

  it('agrees with Intl es-CO (spaces normalised) for every hour of the day', () => {
    const intl = new Intl.DateTimeFormat('es-CO', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    for (let hour = 0; hour < 24; hour++) {
      const instant = new Date(Date.UTC(2026, 0, 1, hour, 15));
      expect(clockText(hour, 15)).toBe(intl.format(instant).replace(/\s/g, ' '));
    }
  });

  it("writes an instant in Bogotá time and a slot's wire label the same way", () => {
    expect(instantClockText(new Date('2026-11-23T17:20:00Z'))).toBe('12:20 p. m.');
    expect(franjaText('9:00 AM')).toBe('9:00 a. m.');
    expect(franjaText('12:00 PM')).toBe('12:00 p. m.');
    expect(franjaText('6:00 PM')).toBe('6:00 p. m.');
    expect(franjaText('mañana')).toBe('mañana');
  });
});

describe('instantDateTimeText: an instant in Bogotá, as the app writes dates and times', () => {
  it("writes '25 nov 2026, 10:05 a. m.' in Bogotá's time, across midnight, the month and the year", () => {
    expect(instantDateTimeText(new Date('2026-11-25T15:05:00Z'))).toBe('25 nov 2026, 10:05 a. m.');
    expect(instantDateTimeText(new Date('2026-01-01T04:59:00Z'))).toBe('31 dic 2025, 11:59 p. m.');
    expect(instantDateTimeText(new Date('2026-07-01T05:00:00Z'))).toBe('1 jul 2026, 12:00 a. m.');
    expect(instantDateTimeText(new Date('2026-09-15T17:30:00Z'))).toBe('15 sep 2026, 12:30 p. m.');
  });
});
