/** Every environment variable TOGO reads, with its default and its parsing (TRUST_PROXY's forms included). */
import { isIP } from 'node:net';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Every environment variable TOGO reads. Documented in .env.example. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must start with postgres:// or postgresql://',
  }),
  /**
   * Public URL of the product, used in links inside messages, payment links and by 'Copiar link'. Unset =
   * http://localhost:PORT (the address the server listens on); required in production.
   */
  WEB_URL: optionalUrl,
  /** Secret for one-time-code HMACs and signed URLs. Required in production. */
  APP_SECRET: optionalText.pipe(z.string().min(32).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies may set X-Forwarded-For: 'false' (none), a number of hops, or a comma-separated list of
   * proxy addresses/CIDRs. 'true' (any client) is refused in production.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, true, a number of hops, or a comma-separated list of IPs/CIDRs',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /** 1 = a production deployment may run the demo/sandbox providers (every screen says 'Modo demostración'). */
  ALLOW_DEMO: z
    .enum(['0', '1', 'false', 'true', ''])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * The OpenAPI document and its page (/api/docs, decision 042): 1 = served, 0 = a 404; unset = served except in
   * production.
   */
  API_DOCS: z
    .enum(['0', '1', 'false', 'true', ''])
    .default('')
    .transform((v) => (v === '' ? undefined : v === '1' || v === 'true')),
  /** Longest graceful stop (SIGTERM: in-flight requests, job workers) before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  /** Bearer token of GET /metrics (Prometheus). Unset = the endpoint does not exist (404). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16).optional()),
  SMTP_URL: optionalUrl,
  SMTP_FROM: z.string().default('TOGO <no-responder@togo.com.co>'),
  SMS_URL: optionalUrl,
  SMS_TOKEN: optionalText,
  /** Signs inbound SMS replies (POST /api/webhooks/sms/, X-Signature-256). Unset = no inbound SMS. */
  SMS_INBOUND_SECRET: optionalText.pipe(z.string().min(16).optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  FACEBOOK_APP_ID: optionalText,
  FACEBOOK_APP_SECRET: optionalText,
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  FACEBOOK_API_VERSION: z.string().default('v10.0'),
  /** WhatsApp Business Cloud API (template messages). Unset = the development outbox. */
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,30}$/, 'must be the numeric phone number id')
      .optional(),
  ),
  WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v21.0')
    .default('v21.0'),
  /** Inbound webhook: the verify token of the GET challenge and the app secret of X-Hub-Signature-256. */
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  /** Map tiles of the branch maps, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png. Unset = no tiles. */
  MAP_TILE_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => /^https?:\/\/\S+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), {
        message: 'must be an http(s) URL with {z}, {x} and {y}',
      })
      .optional(),
  ),
  MAP_TILE_ATTRIBUTION: z.string().trim().default(''),
  /** Directory of the built web app; served with the API. */
  WEB_DIST_DIR: optionalText,
  /** Web Push VAPID key pair (URL-safe base64, e.g. from `npx web-push generate-vapid-keys`). Unset = no push. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Contact for push services: 'mailto:…' or an https URL. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .default('mailto:soporte@togo.com.co')
    .refine((v) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), {
      message: 'must be a mailto: or https: URL',
    }),
  /** Vehicle registry (RUNT-like): 'demo', 'http' (REGISTRY_URL + key) or 'verifik' (decision 070). */
  REGISTRY_PROVIDER: z.enum(['demo', 'http', 'verifik']).default('demo'),
  REGISTRY_URL: optionalUrl,
  REGISTRY_API_KEY: optionalText,
  /** Traffic fines (SIMIT-like): 'demo', 'http' (FINES_URL + key) or 'verifik' (SIMIT through Verifik). */
  FINES_PROVIDER: z.enum(['demo', 'http', 'verifik']).default('demo'),
  FINES_URL: optionalUrl,
  FINES_API_KEY: optionalText,
  /** Verifik's API token (a JWT from the Verifik dashboard); required when a provider is 'verifik'. */
  VERIFIK_TOKEN: optionalText.pipe(z.string().min(16).optional()),
  /** Verifik's API address; production refuses anything but https. Tests point it at a local fake. */
  VERIFIK_BASE_URL: z.url().default('https://api.verifik.co'),
  /** Calls a minute the Verifik account allows (registry and fines together; the docs publish none). */
  VERIFIK_QUOTA_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Vehicle value in USD: 'demo' or 'http' (VALUE_URL + key). */
  VALUE_PROVIDER: z.enum(['demo', 'http']).default('demo'),
  VALUE_URL: optionalUrl,
  VALUE_API_KEY: optionalText,
  /**
   * Reference rate (pesos per US dollar) that turns the provider's USD value into COP, and the date it was
   * taken (YYYY-MM-DD, shown beside the converted value). Unset = no conversion: the value is shown in USD,
   * labelled so (decision 034).
   */
  USD_COP_RATE: optionalText
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().min(100).max(100_000).optional()),
  USD_COP_RATE_DATE: optionalText.pipe(z.iso.date().optional()),
  /** Time limit of one call to an outside data provider. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** Circuit breaker of the registry, fines and value providers (decision 127): failures in a row that open it. */
  PROVIDER_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /** How long an open circuit fails calls at once before one trial call. */
  PROVIDER_BREAKER_OPEN_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Scheduled refresh (decision 032): registry data every REFRESH_REGISTRY_HOURS, fines every REFRESH_FINES_HOURS. */
  REFRESH_REGISTRY_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
  REFRESH_FINES_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  /** Provider calls per minute, shared by every API instance (counted in PostgreSQL). */
  REGISTRY_QUOTA_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  FINES_QUOTA_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** Back-off after a provider error: base·2^(failures−1) seconds, capped at REFRESH_BACKOFF_MAX_SECONDS. */
  REFRESH_BACKOFF_BASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  REFRESH_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).max(604_800).default(21_600),
  /**
   * Seconds a vehicle claimed by a refresh batch stays leased to it (decision 112): a process killed mid-batch leaves
   * its unrefreshed vehicles to the next batch after this. 60 to 3600 (5 with NODE_ENV=test); 300 by default, longer
   * than a batch of 50 vehicles at the provider's timeout.
   */
  REFRESH_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** Provider quota rows (one per provider and minute) older than this many hours are purged daily. */
  REFRESH_QUOTA_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(48),
  /**
   * Local time (America/Bogota, HH:mm) of the evening-before pico y placa notice (decision 041); keep it before
   * the default 21:00 quiet hours.
   */
  PICO_PLACA_NOTICE_TIME: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm (00:00 to 23:59)')
    .default('19:00'),
  /** Where uploaded files live: 'local' (DATA_DIR/files) or 's3' (any S3-compatible object store). */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addressing (endpoint/bucket/key), needed by most S3-compatible stores (MinIO, Ceph). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Lifetime of the signed URLs of uploaded files (licence document, vehicle picture). */
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(3600),
  /** Code SMS per hour for the whole service; reaching it logs an alarm and refuses SMS codes (decision 016). */
  OTP_HOURLY_SMS_CEILING: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** Payments of bookings: 'sandbox' (local checkout page, no money moves) or 'wompi'. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'wompi']).default('sandbox'),
  WOMPI_PUBLIC_KEY: optionalText,
  WOMPI_INTEGRITY_SECRET: optionalText,
  WOMPI_EVENTS_SECRET: optionalText,
  WOMPI_CHECKOUT_URL: z.url().default('https://checkout.wompi.co/p/'),
  /** https://production.wompi.co/v1 (production) or https://sandbox.wompi.co/v1 (Wompi's test environment). */
  WOMPI_API_URL: z.url().default('https://production.wompi.co/v1'),
  /** Where the payer lands after paying (default WEB_URL/app/agendamientos). */
  WOMPI_REDIRECT_URL: optionalUrl,
  /** A confirmed booking can be cancelled or rescheduled free of charge until this many hours before it. */
  BOOKING_FREE_CANCEL_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** Optional server-to-server token for outside callers of /wh/ (header 'Authorization: Token …'). */
  CHATBOT_TOKEN: optionalText.pipe(z.string().min(32).optional()),
  /**
   * More than one API process runs on this database (decision 020): requires DATABASE_URL, FILE_STORAGE=s3
   * and APP_SECRET, so that no instance keeps a file, a database or a secret the others would need.
   */
  MULTI_INSTANCE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Tests only (NODE_ENV=test): every scheduled job runs every minute, checked every second. */
  TEST_SCHEDULES_EVERY_MINUTE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Seconds a background job may stay active before pg-boss takes it as lost (its process died) and retries it
   * (decision 112). 30 to 3600; 900 (pg-boss's 15 minutes) by default: longer than any job's normal run. Tests may
   * go down to 3 with NODE_ENV=test.
   */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(3).max(3600).default(900),
  /**
   * Tests only (NODE_ENV=test): comma-separated fault points (lib/fault-pause.ts) where this process stops for
   * good after its first write, so that a test can kill it there. Empty by default.
   */
  TEST_FAULT_PAUSE: z.string().trim().default(''),
  /** First operator-console admin, created at start-up when absent (an existing password is never changed). */
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8).max(128).optional()),
  /**
   * Staff roles that must sign in with TOTP (comma-separated); default every role in production, none otherwise.
   * Production requires admin, operaciones and contenido in it (decision 065).
   */
  OPERATOR_TOTP_ROLES: optionalText.pipe(
    z
      .string()
      .regex(/^(admin|operaciones|contenido|soporte)(,(admin|operaciones|contenido|soporte))*$/)
      .optional(),
  ),
  /**
   * Minutes a console session may stay unused before it must sign in again (issue 38: the server's 8 hours was the
   * only bound). 5 to 480; 60 by default.
   */
  OPERATOR_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5, 'OPERATOR_IDLE_MINUTES: from 5 to 480 minutes')
    .max(480, 'OPERATOR_IDLE_MINUTES: from 5 to 480 minutes')
    .default(60),
  /** Wompi private key (prv_…): voids card transactions when staff cancel a paid booking. */
  WOMPI_PRIVATE_KEY: optionalText,
});

/** TRUST_PROXY as Fastify's trustProxy takes it: false, true, a hop count, or proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/** Parses TRUST_PROXY; null when the value is not one of its forms. */
export function parseTrustProxy(value: string): TrustProxy | null {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : null;
  }
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
