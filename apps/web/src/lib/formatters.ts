import { instantClockText } from '@togo/domain/clock-text';
import { onFirstUse } from './on-first-use.ts';

/** Wire date 'YYYY-MM-DD' → display 'dd-MM-yyyy'; anything else is returned as is. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

const dateTimeFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('es-CO', {
      dateStyle: 'short',
      timeStyle: 'medium',
      timeZone: 'America/Bogota',
    }),
);

/** ISO timestamp → local Colombian date and time. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormatter().format(date);
}

/** Seconds → 'mm:ss' (120 → '02:00'). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

const dayMinuteParts = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'America/Bogota',
    }),
);

/**
 * ISO timestamp → 'dd-MM-yyyy HH:mm' in Colombian time (fleet error list); '' when invalid. The day is written as
 * {@link formatDate} writes it: one date format in the app (issue 37; SPPF §2 had 'dd/MM/yyyy HH:mm').
 */
export function formatDayMinute(value: string | null | undefined): string {
  const date = new Date(value ?? '');
  if (!value || Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(
    dayMinuteParts()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}`;
}

/** ISO timestamp → '12:20 p. m.' in Colombian time: the one time format (decision 094), as the booking hours. */
export function formatClock(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : instantClockText(date);
}
