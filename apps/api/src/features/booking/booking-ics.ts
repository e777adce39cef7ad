import { bookingUid, icsJoin, icsStamp, icsText } from '../../lib/ical-text.ts';

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
  /** Bumped on every change of the booking (reschedule, cancellation): 0 first. */
  sequence?: number;
  /** A cancelled booking: METHOD:CANCEL and STATUS:CANCELLED, so calendars remove the event. */
  cancelled?: boolean;
}

export function bookingIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//TOGO//Agendamientos//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${bookingUid(event.bookingId)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${icsStamp(event.now)}`,
    `DTSTART:${icsStamp(event.start)}`,
    `DTEND:${icsStamp(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    ...(event.cancelled
      ? ['STATUS:CANCELLED']
      : [
          'STATUS:CONFIRMED',
          'BEGIN:VALARM',
          'TRIGGER:-PT1H',
          'ACTION:DISPLAY',
          `DESCRIPTION:${icsText(event.summary)}`,
          'END:VALARM',
        ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return icsJoin(lines);
}
