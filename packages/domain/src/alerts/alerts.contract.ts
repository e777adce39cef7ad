import { z } from 'zod';
import { isIsoDate } from './alerts.dates.ts';
import {
  datedAlertCodeSchema,
  type DatesAlertResponse,
  type FinesAlertResponse,
  type LicenceAlertResponse,
  type UserDatesAlertResponse,
} from './alerts-answers.contract.ts';
import { ALERT_CODES, ALERT_MSG } from './alerts.rules.ts';

/** Wire contract of the alerts and notifications API (AHGA §3 and §7). Field names are the spec's. */

const isoDate = () =>
  z
    .string({ error: ALERT_MSG.invalidDate })
    .trim()
    .refine((v) => isIsoDate(v), ALERT_MSG.invalidDate);

const positiveId = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ''
            ? ALERT_MSG.required
            : ALERT_MSG.invalidId,
      })
      .int(ALERT_MSG.invalidId)
      .positive(ALERT_MSG.invalidId)
      .max(2_147_483_647, ALERT_MSG.invalidId),
  );

export const alertCodeSchema = z.enum(ALERT_CODES, { error: ALERT_MSG.invalidCode });

/** GET api/togo/alerta/get_alerta/?id_garaje=&code= */
export const alertQuerySchema = z.object({
  id_garaje: positiveId(),
  code: alertCodeSchema,
});
export type AlertQuery = z.infer<typeof alertQuerySchema>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The dates may come inside `data` (AHGA §7 'payload {code, data:{fecha_expedicion, fecha_vencimiento}}')
 * or at the top level; inside `data` wins. Errors are always reported on the top-level field names.
 */
function liftDates(value: unknown): unknown {
  if (!isPlainObject(value) || !isPlainObject(value.data)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const key of ['fecha_expedicion', 'fecha_vencimiento'] as const) {
    if (value.data[key] !== undefined) out[key] = value.data[key];
  }
  return out;
}

/** POST api/togo/alerta/ and PUT api/togo/alerta/update_alerta/ */
export const saveAlertSchema = z.preprocess(
  liftDates,
  z
    .object(
      {
        code: datedAlertCodeSchema,
        id_garaje: positiveId(),
        fecha_base: isoDate().nullable().optional(),
        data: z.record(z.string(), z.unknown(), { error: ALERT_MSG.invalidObject }).nullable().optional(),
        fecha_expedicion: isoDate().nullable().optional(),
        fecha_vencimiento: isoDate().nullable().optional(),
      },
      { error: ALERT_MSG.invalidObject },
    )
    .superRefine((v, ctx) => {
      if (v.code === 'ALERTA_KIT' && v.fecha_expedicion) {
        ctx.addIssue({ code: 'custom', path: ['fecha_expedicion'], message: ALERT_MSG.kitOnlyExpiry });
      }
      if (!v.fecha_vencimiento) {
        ctx.addIssue({ code: 'custom', path: ['fecha_vencimiento'], message: ALERT_MSG.required });
      } else if (v.fecha_expedicion && v.code !== 'ALERTA_KIT' && v.fecha_vencimiento < v.fecha_expedicion) {
        ctx.addIssue({ code: 'custom', path: ['fecha_vencimiento'], message: ALERT_MSG.expiryBeforeIssue });
      }
    })
    .transform((v) => ({
      code: v.code,
      id_garaje: v.id_garaje,
      fecha_base: v.fecha_base ?? null,
      fecha_expedicion: v.code === 'ALERTA_KIT' ? null : (v.fecha_expedicion ?? null),
      fecha_vencimiento: v.fecha_vencimiento as string,
    })),
);
export type SaveAlertRequest = z.input<typeof saveAlertSchema>;
export type SaveAlert = z.output<typeof saveAlertSchema>;

export * from './alerts-answers.contract.ts';

export type AlertResponse =
  DatesAlertResponse | UserDatesAlertResponse | LicenceAlertResponse | FinesAlertResponse;

// ——— Notifications

/** GET api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=&page=&page_size= */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

export const notificationListQuerySchema = z.object({
  id_garaje: positiveId(),
  /** DRF: a page that is not a positive integer is a 404 'Página inválida.' (checked by the service). */
  page: z.string().optional(),
  /** DRF: an invalid page_size falls back to the default; a larger one is capped at the maximum. */
  page_size: z
    .string()
    .optional()
    .transform((v) => {
      const n = v === undefined || !/^\d+$/.test(v.trim()) ? NaN : Number(v);
      if (!Number.isFinite(n) || n < 1) return NOTIFICATIONS_PAGE_SIZE;
      return Math.min(n, NOTIFICATIONS_MAX_PAGE_SIZE);
    }),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  logo_notificacion: z.string(),
  message: z.string(),
  titulo: z.string(),
  url_redireccion: z.string(),
  /** ISO 8601 instant. */
  created: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(notificationSchema),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

// ——— Web Push

/** Decoded byte length of a base64/base64url string, or -1 when it is not one. */
function base64Bytes(value: string): number {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return -1;
  const body = value.replace(/=+$/, '');
  if (body.length % 4 === 1) return -1;
  return Math.floor((body.length * 3) / 4);
}

const pushKey = (bytes: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? ALERT_MSG.required : ALERT_MSG.invalidPushKey) })
    .refine((v) => base64Bytes(v) === bytes, ALERT_MSG.invalidPushKey);

const pushEndpoint = () =>
  z
    .string({ error: (i) => (i.input === undefined ? ALERT_MSG.required : ALERT_MSG.invalidPushEndpoint) })
    .trim()
    .max(2048, ALERT_MSG.invalidPushEndpoint)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && u.hostname.length > 0;
      } catch {
        return false;
      }
    }, ALERT_MSG.invalidPushEndpoint);

/** The browser's PushSubscription.toJSON(): POST api/togo/notificacion/push/subscribe/ */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpoint(),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** Uncompressed P-256 public key: 65 bytes. */
      p256dh: pushKey(65),
      /** Authentication secret: 16 bytes. */
      auth: pushKey(16),
    },
    { error: (i) => (i.input === undefined ? ALERT_MSG.required : ALERT_MSG.invalidObject) },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE api/togo/notificacion/push/unsubscribe/ (body or query). */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpoint() });

export const pushPublicKeySchema = z.object({ public_key: z.string().nullable() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** What a push message carries (read by the web app's service worker). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  url: z.string(),
  tag: z.string(),
  id: z.number().int(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
