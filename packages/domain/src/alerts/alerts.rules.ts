/** Alert codes, routes and messages of the alerts area (AHGA §2, §3, §7, §9). Pure. */

/** Every code the alert read accepts; INFRACCION_TRANSITO is the traffic-fines check. */
export const ALERT_CODES = [
  'ALERTA_SOAT',
  'ALERTA_RTM',
  'ALERTA_TODO_RIESGO',
  'ALERTA_IMPUESTO',
  'ALERTA_KIT',
  'ALERTA_LICENCIA',
  'INFRACCION_TRANSITO',
] as const;
export type AlertCode = (typeof ALERT_CODES)[number];

/** Codes that carry issue/expiry dates: the ones a user can save and the expiry engine notifies. */
export const DATED_ALERT_CODES = [
  'ALERTA_SOAT',
  'ALERTA_RTM',
  'ALERTA_TODO_RIESGO',
  'ALERTA_IMPUESTO',
  'ALERTA_KIT',
  'ALERTA_LICENCIA',
] as const;
export type DatedAlertCode = (typeof DATED_ALERT_CODES)[number];

/** Codes whose dates come from the vehicle registry (RUNT-like) unless the user entered their own. */
export const REGISTRY_DATED_CODES = ['ALERTA_SOAT', 'ALERTA_RTM'] as const;
/** Codes with only user-entered dates. */
export const USER_DATED_CODES = ['ALERTA_TODO_RIESGO', 'ALERTA_IMPUESTO', 'ALERTA_KIT'] as const;

export function isDatedAlertCode(code: string): code is DatedAlertCode {
  return (DATED_ALERT_CODES as readonly string[]).includes(code);
}

/** Route name under /app/alerts/ of each code (AHGA §2). */
export const ALERT_ROUTE_NAMES: Record<AlertCode, string> = {
  ALERTA_SOAT: 'soat',
  ALERTA_RTM: 'rtm',
  ALERTA_TODO_RIESGO: 'poliza',
  ALERTA_IMPUESTO: 'impuestos',
  ALERTA_KIT: 'kit',
  ALERTA_LICENCIA: 'licencia-conduccion',
  INFRACCION_TRANSITO: 'infracciones',
};

/** Where a notification of this code sends the user: '/app/alerts/soat', … */
export function alertRedirectUrl(code: AlertCode): string {
  return `/app/alerts/${ALERT_ROUTE_NAMES[code]}`;
}

/** Icon of a notification, served by the API from apps/api/public/notifications/. */
export function notificationIconPath(code: AlertCode): string {
  return `/static/notifications/${ALERT_ROUTE_NAMES[code]}.svg`;
}

/**
 * The kit screen stores the date of the last extinguisher recharge (AHGA §2 'kit') in fecha_vencimiento;
 * a recharge lasts one year, so the kit's due date is that date plus 12 months. Every other code's due
 * date is its fecha_vencimiento.
 */
export const DUE_DATE_OFFSET_MONTHS: Record<DatedAlertCode, number> = {
  ALERTA_SOAT: 0,
  ALERTA_RTM: 0,
  ALERTA_TODO_RIESGO: 0,
  ALERTA_IMPUESTO: 0,
  ALERTA_KIT: 12,
  ALERTA_LICENCIA: 0,
};

export const ALERT_MSG = {
  required: 'Este campo es obligatorio',
  invalidCode: 'Código de alerta no válido.',
  invalidDate: 'Fecha inválida. Usa el formato AAAA-MM-DD.',
  invalidId: 'Debe ser un número entero positivo.',
  invalidObject: 'Debe ser un objeto.',
  expiryBeforeIssue: 'La fecha de vencimiento no puede ser anterior a la fecha de expedición.',
  kitOnlyExpiry: 'La alerta del kit solo usa fecha_vencimiento (fecha de la última recarga del extintor).',
  alreadyExists: 'Ya existen fechas para esta alerta; usa actualizar.',
  /** A date of something already done (expedición, última recarga) cannot be after today (issue 36). */
  futureDoneDate: 'Esta fecha ya pasó: no puede ser posterior a hoy.',
  invalidPushEndpoint: 'Debe ser una URL https válida.',
  invalidPushKey: 'Clave no válida.',
  invalidPage: 'Página inválida.',
} as const;

/**
 * The "already done" date of a save that lies after `today` ('YYYY-MM-DD' in Bogotá), as the field to blame, or
 * null (issue 36): the issue date of any alert, and the kit's last recharge (kept in fecha_vencimiento).
 */
export function futureDoneDateField(
  code: string,
  dates: { fecha_expedicion?: string | null; fecha_vencimiento?: string | null },
  today: string,
): 'fecha_expedicion' | 'fecha_vencimiento' | null {
  if (dates.fecha_expedicion && dates.fecha_expedicion > today) return 'fecha_expedicion';
  if (code === 'ALERTA_KIT' && dates.fecha_vencimiento && dates.fecha_vencimiento > today) {
    return 'fecha_vencimiento';
  }
  return null;
}
