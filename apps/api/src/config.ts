import type { z } from 'zod';
import { staffPasswordProblem } from './lib/password-strength.ts';
import { configSchema } from './config-schema.ts';

/** The configuration, with WEB_URL resolved (http://localhost:PORT when unset). */
export type Config = Omit<z.infer<typeof configSchema>, 'WEB_URL'> & { WEB_URL: string };

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config: Config = {
    ...parsed.data,
    WEB_URL: (parsed.data.WEB_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, ''),
  };
  if (config.NODE_ENV === 'production') {
    const problems = productionProblems(parsed.data);
    if (problems.length > 0) {
      throw new ConfigError(
        `Invalid configuration for production:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
    }
  }
  if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
    const missing = config.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: required when the other ADMIN_ variable is set`,
    );
  }
  if (config.FACEBOOK_APP_ID && !config.FACEBOOK_APP_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  FACEBOOK_APP_SECRET: required when FACEBOOK_APP_ID is set',
    );
  }
  if (Boolean(config.WHATSAPP_TOKEN) !== Boolean(config.WHATSAPP_PHONE_ID)) {
    const missing = config.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_ID' : 'WHATSAPP_TOKEN';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: required when the other WhatsApp setting is set`,
    );
  }
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    const missing = config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required when the other VAPID key is set`);
  }
  if (config.VAPID_PUBLIC_KEY && base64UrlBytes(config.VAPID_PUBLIC_KEY) !== 65) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: must be a 65-byte URL-safe base64 P-256 key',
    );
  }
  if (config.VAPID_PRIVATE_KEY && base64UrlBytes(config.VAPID_PRIVATE_KEY) !== 32) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PRIVATE_KEY: must be a 32-byte URL-safe base64 key',
    );
  }
  for (const kind of ['REGISTRY', 'FINES', 'VALUE'] as const) {
    if (config[`${kind}_PROVIDER`] === 'http' && !config[`${kind}_URL`]) {
      throw new ConfigError(`Invalid configuration:\n  ${kind}_URL: required when ${kind}_PROVIDER=http`);
    }
    if (config[`${kind}_PROVIDER`] === 'verifik' && !config.VERIFIK_TOKEN) {
      throw new ConfigError(
        `Invalid configuration:\n  VERIFIK_TOKEN: required when ${kind}_PROVIDER=verifik`,
      );
    }
  }
  if ((config.USD_COP_RATE === undefined) !== (config.USD_COP_RATE_DATE === undefined)) {
    const missing = config.USD_COP_RATE === undefined ? 'USD_COP_RATE' : 'USD_COP_RATE_DATE';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: required when the other USD_COP_ setting is set`,
    );
  }
  if (config.FILE_STORAGE === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!config[name]) {
        throw new ConfigError(`Invalid configuration:\n  ${name}: required when FILE_STORAGE=s3`);
      }
    }
  }
  checkMultiInstance(config);
  if (config.TEST_SCHEDULES_EVERY_MINUTE && config.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_SCHEDULES_EVERY_MINUTE: only allowed with NODE_ENV=test',
    );
  }
  if (config.TEST_FAULT_PAUSE && config.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration:\n  TEST_FAULT_PAUSE: only allowed with NODE_ENV=test');
  }
  if (config.REFRESH_LEASE_SECONDS < 60 && config.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  REFRESH_LEASE_SECONDS: at least 60 (below only with NODE_ENV=test)',
    );
  }
  if (config.JOB_EXPIRE_SECONDS < 30 && config.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  JOB_EXPIRE_SECONDS: at least 30 (below only with NODE_ENV=test)',
    );
  }
  if (config.PAYMENTS_PROVIDER === 'wompi') {
    for (const name of ['WOMPI_PUBLIC_KEY', 'WOMPI_INTEGRITY_SECRET', 'WOMPI_EVENTS_SECRET'] as const) {
      if (!config[name]) {
        throw new ConfigError(`Invalid configuration:\n  ${name}: required when PAYMENTS_PROVIDER=wompi`);
      }
    }
  }
  return config;
}

/**
 * What production refuses (docs/decisions/019-production-runtime.md): secrets and the public address are
 * always required; the local defaults that fake money, messages or registry data only with ALLOW_DEMO=1.
 */
function productionProblems(config: z.infer<typeof configSchema>): string[] {
  const problems: string[] = [];
  if (!config.APP_SECRET) problems.push('APP_SECRET: required in production (32+ characters)');
  const adminWeak = config.ADMIN_PASSWORD
    ? staffPasswordProblem(config.ADMIN_PASSWORD, [config.ADMIN_EMAIL ?? ''])
    : null;
  if (adminWeak) {
    problems.push(
      'ADMIN_PASSWORD: too weak for production (12+ characters, not a common or easily guessed password)',
    );
  }
  const totpRoles = config.OPERATOR_TOTP_ROLES?.split(',');
  const missingTotp = ['admin', 'operaciones', 'contenido'].filter(
    (r) => totpRoles && !totpRoles.includes(r),
  );
  if (missingTotp.length) {
    problems.push(
      `OPERATOR_TOTP_ROLES: must include ${missingTotp.join(', ')} in production (roles that refund or change data sign in with TOTP; only soporte may be left out)`,
    );
  }
  if (!config.WEB_URL) {
    problems.push('WEB_URL: required in production (the public https address of the product)');
  }
  if (config.TRUST_PROXY === true) {
    problems.push(
      "TRUST_PROXY: true trusts any client's X-Forwarded-For; set the number of proxies in front (e.g. 1) or their addresses/CIDRs",
    );
  }
  if (!config.VERIFIK_BASE_URL.startsWith('https://')) {
    problems.push('VERIFIK_BASE_URL: must be https in production (the token travels with every call)');
  }
  if (config.ALLOW_DEMO) return problems;
  const demo = ' (or set ALLOW_DEMO=1 to run a demonstration)';
  if (config.PAYMENTS_PROVIDER === 'sandbox') {
    problems.push(`PAYMENTS_PROVIDER: the sandbox moves no money and anyone can approve; set wompi${demo}`);
  }
  if (!config.SMTP_URL)
    problems.push(`SMTP_URL: required in production, emails would go to the development outbox${demo}`);
  if (!config.SMS_URL)
    problems.push(`SMS_URL: required in production, SMS would go to the development outbox${demo}`);
  for (const kind of ['REGISTRY', 'FINES', 'VALUE'] as const) {
    if (config[`${kind}_PROVIDER`] === 'demo') {
      const real = kind === 'VALUE' ? 'http' : 'verifik or http';
      problems.push(`${kind}_PROVIDER: the demo provider invents data; set ${real}${demo}`);
    }
  }
  return problems;
}

/** MULTI_INSTANCE=true: every instance must share its database, files and secret (decision 020). */
function checkMultiInstance(config: z.infer<typeof configSchema>): void {
  if (!config.MULTI_INSTANCE) return;
  const refuse = (name: string, why: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${name}: ${why} when MULTI_INSTANCE=true`);
  };
  if (config.FILE_STORAGE === 'local') {
    refuse('FILE_STORAGE', "must be 's3' (each instance's local disk holds files the others cannot read)");
  }
  if (!config.DATABASE_URL) {
    refuse('DATABASE_URL', 'required (the embedded database belongs to one process)');
  }
  if (!config.APP_SECRET) {
    refuse('APP_SECRET', 'required (one-time codes and signed file URLs must verify on every instance)');
  }
}

/** Decoded length of a URL-safe base64 string without padding, or -1. */
function base64UrlBytes(value: string): number {
  return /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}
