import { daysBetween } from '@togo/domain/garage/garage-dates';
import { formatCop, groupThousands } from '@togo/domain/money';
import {
  MAINTENANCE_TYPE_LABEL,
  REMINDER_STATE_LABEL,
  type MaintenanceType,
  type ReminderState,
} from '@togo/domain/maintenance/maintenance.catalogue';
import type { Reminder } from '@togo/domain/maintenance/maintenance.contract';
import { formatDate } from '../../lib/formatters.ts';

/** How the maintenance screens word things (issue 39), kept apart from the components so tests share them. */

export const typeLabel = (tipo: MaintenanceType) => MAINTENANCE_TYPE_LABEL[tipo];

export const km = (value: number) => `${groupThousands(value)} km`;

export const cop = formatCop;

/** 'al día', 'pronto', 'vencido' as the chip reads. */
export const stateLabel = (estado: ReminderState) => REMINDER_STATE_LABEL[estado];

/** '45.000 km o 01-05-2027' — whichever comes first. */
export function nextDue(reminder: Reminder): string {
  const parts = [
    reminder.proximo_km === null ? null : km(reminder.proximo_km),
    reminder.proxima_fecha === null ? null : formatDate(reminder.proxima_fecha),
  ].filter((p): p is string => p !== null);
  return parts.join(' o ');
}

/** 'Cada 5.000 km o 6 meses'. */
export function everyText(reminder: Pick<Reminder, 'cada_km' | 'cada_meses'>): string {
  const parts = [
    reminder.cada_km === null ? null : km(reminder.cada_km),
    reminder.cada_meses === null
      ? null
      : `${reminder.cada_meses} ${reminder.cada_meses === 1 ? 'mes' : 'meses'}`,
  ].filter((p): p is string => p !== null);
  return `Cada ${parts.join(' o ')}`;
}

export type DeadlineState = ReminderState | 'sin_dato';

/** A legal deadline (SOAT, RTM) read with the reminders' thresholds: vencido, pronto (15 days) or al día. */
export function deadlineState(date: string | null, today: string): DeadlineState {
  if (!date) return 'sin_dato';
  const days = daysBetween(today, date);
  if (days < 0) return 'vencido';
  return days <= 15 ? 'pronto' : 'al_dia';
}

export function deadlineText(date: string | null, today: string): string {
  if (!date) return 'Sin dato';
  const days = daysBetween(today, date);
  if (days < 0) return `Venció el ${formatDate(date)}`;
  if (days === 0) return 'Vence hoy';
  return `Vence el ${formatDate(date)} (${days === 1 ? 'en 1 día' : `en ${days} días`})`;
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const MONTHS_LONG = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** '2026-11' → 'nov' (chart axis). */
export const shortMonth = (mes: string) => MONTHS[Number(mes.slice(5, 7)) - 1] ?? mes;
/** '2026-11' → 'noviembre de 2026'. */
export const longMonth = (mes: string) =>
  `${MONTHS_LONG[Number(mes.slice(5, 7)) - 1] ?? mes} de ${mes.slice(0, 4)}`;
