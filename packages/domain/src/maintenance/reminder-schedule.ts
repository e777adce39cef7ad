import { daysBetween } from '../garage/garage-dates.ts';
import { SOON_DAYS, SOON_KM, type ReminderState } from './maintenance.catalogue.ts';

/**
 * Service reminders by kilometres, by months or both, whichever comes first (issue 39, decision 075). Pure.
 * "Today" is the America/Bogota date of the injected clock; the vehicle's mileage is its latest reading.
 */

export interface ReminderPlan {
  cada_km: number | null;
  cada_meses: number | null;
  /** Odometer and date of the last service (or of when the reminder started counting). */
  ultimo_km: number | null;
  ultima_fecha: string | null;
}

export interface NextService {
  proximo_km: number | null;
  proxima_fecha: string | null;
}

/**
 * The same day `months` months later; a day the target month lacks becomes its last day (31 January + 1 month =
 * 28 or 29 February), as a workshop sticker reads.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The next service: last odometer + every km, last date + every months (each null when it does not apply). */
export function nextService(plan: ReminderPlan): NextService {
  return {
    proximo_km: plan.cada_km !== null && plan.ultimo_km !== null ? plan.ultimo_km + plan.cada_km : null,
    proxima_fecha:
      plan.cada_meses !== null && plan.ultima_fecha !== null
        ? addMonths(plan.ultima_fecha, plan.cada_meses)
        : null,
  };
}

/**
 * 'vencido' once the odometer reaches the next km or today reaches the next date; 'pronto' within SOON_KM
 * kilometres or SOON_DAYS days of either; 'al_dia' otherwise. Whichever comes first decides.
 */
export function reminderState(next: NextService, currentKm: number, today: string): ReminderState {
  const kmLeft = next.proximo_km === null ? null : next.proximo_km - currentKm;
  const daysLeft = next.proxima_fecha === null ? null : daysBetween(today, next.proxima_fecha);
  if ((kmLeft !== null && kmLeft <= 0) || (daysLeft !== null && daysLeft <= 0)) return 'vencido';
  if ((kmLeft !== null && kmLeft <= SOON_KM) || (daysLeft !== null && daysLeft <= SOON_DAYS)) return 'pronto';
  return 'al_dia';
}

/** Order of the reminders on screen: overdue first, then soon, then the rest; nearer first inside each. */
export const STATE_RANK: Record<ReminderState, number> = { vencido: 0, pronto: 1, al_dia: 2 };

/**
 * Whether a service done at (`km`, `fecha`) moves a reminder forward: it must not be older than what the reminder
 * already counts from (a record typed in late for an old service leaves a newer count alone).
 */
export function servicesReminder(plan: ReminderPlan, km: number, fecha: string): boolean {
  if (plan.ultima_fecha !== null && fecha < plan.ultima_fecha) return false;
  if (plan.ultima_fecha === null && plan.ultimo_km !== null && km < plan.ultimo_km) return false;
  return true;
}
