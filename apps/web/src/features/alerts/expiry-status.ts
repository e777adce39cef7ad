import { bogotaToday } from '@togo/domain/bogota-time';
import { daysBetween, isIsoDate } from '@togo/domain/alerts/alerts.dates';

/** Days before the due date from which an alert reads 'Vence en N días' instead of 'Vigente'. */
export const SOON_DAYS = 30;

export type ExpiryTone = 'ok' | 'soon' | 'expired';

export interface ExpiryStatus {
  tone: ExpiryTone;
  label: string;
}

/** Chip of a due date against today in Bogotá: 'Vigente', 'Vence en 12 días', 'Vence hoy', 'Vencido'. */
export function expiryStatus(
  due: string | null | undefined,
  today: string = bogotaToday(new Date()),
): ExpiryStatus | null {
  if (!due || !isIsoDate(due) || !isIsoDate(today)) return null;
  const days = daysBetween(today, due);
  if (days < 0) return { tone: 'expired', label: 'Vencido' };
  if (days === 0) return { tone: 'soon', label: 'Vence hoy' };
  if (days === 1) return { tone: 'soon', label: 'Vence mañana' };
  if (days <= SOON_DAYS) return { tone: 'soon', label: `Vence en ${days} días` };
  return { tone: 'ok', label: 'Vigente' };
}
