/**
 * iCalendar (RFC 5545) event of a confirmed booking, attached to the confirmation email. The UID is derived
 * from the booking id, so a resent or updated invitation replaces the same calendar entry.
 */
export interface IcsEvent {
  bookingId: string;
  start: Date;
  end: Date;
  now: Date;
  summary: string;
  location: string;
  description: string;
  /** Bumped when the same booking's invitation is sent again with changes (0 first). */
  sequence?: number;
}

export function bookingUid(bookingId: string): string {
  return `${bookingId}@togo.com.co`;
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT escaping: backslash, semicolon, comma and newlines. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > 75) {
      out.push(current);
      current = ' ';
      bytes = 1;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n');
}

export function bookingIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//TOGO//Agendamientos//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${bookingUid(event.bookingId)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${stamp(event.now)}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION:${text(event.description)}`,
    'STATUS:CONFIRMED',
    'BEGIN:VALARM',
    'TRIGGER:-PT1H',
    'ACTION:DISPLAY',
    `DESCRIPTION:${text(event.summary)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
