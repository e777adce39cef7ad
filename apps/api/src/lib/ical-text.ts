/** RFC 5545 text helpers shared by the .ics writers. */

/**
 * A booking's calendar UID, derived from its id: the confirmation e-mail's invitation (booking) and the user's
 * calendar feed (calendar) write the same one, so a subscribed calendar shows one entry and a resent or updated
 * invitation replaces it.
 */
export function bookingUid(bookingId: string): string {
  return `${bookingId}@togo.com.co`;
}

/** DATE-TIME in UTC: 20261124T235959Z. */
export function icsStamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** DATE: 'YYYY-MM-DD' → YYYYMMDD. */
export function icsDate(isoDate: string): string {
  return isoDate.replace(/-/g, '');
}

/** TEXT escaping: backslash, semicolon, comma and newlines. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 sequence. */
export function icsFold(line: string): string {
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

export function icsJoin(lines: readonly string[]): string {
  return lines.map(icsFold).join('\r\n') + '\r\n';
}
