import { describe, expect, it } from 'vitest';
import { bookingIcs } from './booking-ics.ts';

describe('bookingIcs (RFC 5545)', () => {
  const base = {
    bookingId: '6f1c2a4e-0000-4000-8000-000000000001',
    start: new Date('2026-11-24T14:00:00Z'),
    end: new Date('2026-11-24T15:00:00Z'),
    now: new Date('2026-11-23T12:00:00Z'),
    summary: 'Revisión técnico-mecánica TOGO - ABC123',
    location: 'CDA TOGO Calle 80, Av. Calle 80 # 69Q-50; Bogotá',
    description: 'Referencia TG123. '.repeat(10),
  };

  it('has a stable UID, UTC times, CRLF lines and escaped text', () => {
    const ics = bookingIcs(base);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('UID:6f1c2a4e-0000-4000-8000-000000000001@togo.com.co\r\n');
    expect(ics).toContain('DTSTART:20261124T140000Z\r\n');
    expect(ics).toContain('DTSTAMP:20261123T120000Z\r\n');
    expect(ics).toContain('LOCATION:CDA TOGO Calle 80\\, Av. Calle 80 # 69Q-50\\; Bogotá');
    expect(bookingIcs({ ...base, now: new Date() })).toContain(`UID:${base.bookingId}@togo.com.co`);
  });

  it('folds lines at 75 octets without splitting accented characters', () => {
    const ics = bookingIcs({ ...base, description: 'ñ'.repeat(100) });
    const lines = ics.split('\r\n');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:${'ñ'.repeat(100)}`);
  });
});
