import { z } from 'zod';

/** Wire contract of notification preferences, the calendar feed and the delivery log (issue 15). */

export const REMINDER_MSG = {
  boolean: 'Debe ser verdadero o falso.',
  time: 'Hora inválida: usa el formato HH:mm (00:00 a 23:59).',
  object: 'Debe ser un objeto.',
} as const;

export const CHANNELS = ['email', 'push', 'whatsapp', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

export const MESSAGE_KINDS = [
  'vencimientos',
  'multas',
  'pico_placa',
  'agendamientos',
  'mantenimiento',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const flag = () => z.boolean({ error: REMINDER_MSG.boolean });
const time = () => z.string({ error: REMINDER_MSG.time }).regex(HH_MM, REMINDER_MSG.time);

export const preferencesSchema = z.object({
  canales: z.object(
    { email: flag(), push: flag(), whatsapp: flag(), sms: flag() },
    { error: REMINDER_MSG.object },
  ),
  tipos: z.object(
    {
      vencimientos: flag(),
      multas: flag(),
      pico_placa: flag(),
      agendamientos: flag(),
      mantenimiento: flag(),
    },
    { error: REMINDER_MSG.object },
  ),
  silencio: z.object({ desde: time(), hasta: time() }, { error: REMINDER_MSG.object }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * PUT body: any part may be left out (it keeps its stored value); what is sent must be valid. The client
 * normally sends the whole object.
 */
export const preferencesUpdateSchema = z.object(
  {
    canales: preferencesSchema.shape.canales.partial().optional(),
    tipos: preferencesSchema.shape.tipos.partial().optional(),
    silencio: preferencesSchema.shape.silencio.partial().optional(),
  },
  { error: REMINDER_MSG.object },
);
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/**
 * Defaults: email and push on, WhatsApp and SMS off until the user consents, 21:00–07:00. Every kind is on
 * except `pico_placa` (the evening-before notice of tomorrow's pico y placa), which is opt-in: off until the
 * user turns it on (decision 041). `mantenimiento` (service reminders, decision 075) is on.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  canales: { email: true, push: true, whatsapp: false, sms: false },
  tipos: { vencimientos: true, multas: true, pico_placa: false, agendamientos: true, mantenimiento: true },
  silencio: { desde: '21:00', hasta: '07:00' },
};

/** Minutes since midnight of "HH:mm". */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * Whether a local time (minutes since midnight, America/Bogota) falls in the quiet window [desde, hasta).
 * The window may cross midnight (21:00–07:00); desde = hasta means no quiet hours.
 */
export function inQuietHours(minute: number, silencio: { desde: string; hasta: string }): boolean {
  const from = minutesOf(silencio.desde);
  const to = minutesOf(silencio.hasta);
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** GET api/togo/calendario/ and POST api/togo/calendario/revocar/ */
export const calendarLinkSchema = z.object({ url: z.string() });
export type CalendarLink = z.infer<typeof calendarLinkSchema>;

export const DELIVERY_STATUSES = ['sent', 'failed', 'held', 'suppressed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One row of "Historial de avisos" (GET api/togo/notificacion/historial/). */
export const deliveryLogEntrySchema = z.object({
  id: z.number().int(),
  canal: z.enum(CHANNELS),
  estado: z.enum(DELIVERY_STATUSES),
  motivo: z.string().nullable(),
  titulo: z.string(),
  /** ISO 8601 instant. */
  created: z.string(),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntrySchema>;

/** GET api/togo/notificacion/historial/?page=&page_size= → the total and one page, newest first. */
export const deliveryHistorySchema = z.object({
  count: z.number().int(),
  results: z.array(deliveryLogEntrySchema),
});
export type DeliveryHistory = z.infer<typeof deliveryHistorySchema>;
