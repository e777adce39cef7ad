import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { ChannelMessenger, type Messenger } from './integrations/messaging/messenger.ts';
import { OutboxMessenger } from './integrations/messaging/outbox.messenger.ts';
import { DisabledPushSender } from './integrations/push/push-sender.ts';
import { WebPushSender } from './integrations/push/web-push.sender.ts';
import { HttpSmsMessenger } from './integrations/messaging/sms-http.messenger.ts';
import { SmtpMessenger } from './integrations/messaging/smtp.messenger.ts';
import { OutboxWhatsAppSender, type WhatsAppSender } from './integrations/messaging/whatsapp.ts';
import { CloudWhatsAppSender } from './integrations/messaging/whatsapp-cloud.sender.ts';
import { FacebookVerifier } from './integrations/social/facebook.verifier.ts';
import { GoogleVerifier } from './integrations/social/google.verifier.ts';
import { LocalDiskStorage } from './integrations/files/local-disk.storage.ts';
import { GuardedStorage } from './integrations/files/guarded.storage.ts';
import { S3Storage } from './integrations/files/s3.storage.ts';
import { DemoFinesProvider } from './integrations/fines/demo.fines.ts';
import { HttpFinesProvider } from './integrations/fines/http.fines.ts';
import { VerifikFinesProvider } from './integrations/fines/verifik.fines.ts';
import { DemoRegistryProvider } from './integrations/registry/demo.registry.ts';
import { HttpRegistryProvider } from './integrations/registry/http.registry.ts';
import { VerifikRegistryProvider } from './integrations/registry/verifik.registry.ts';
import { DemoVehicleValueProvider } from './integrations/vehicle-value/demo.vehicle-value.ts';
import { HttpVehicleValueProvider } from './integrations/vehicle-value/http.vehicle-value.ts';
import type { PaymentProvider } from './integrations/payments/payment-provider.ts';
import { SandboxPaymentProvider } from './integrations/payments/sandbox.payments.ts';
import { WompiPaymentProvider } from './integrations/payments/wompi.payments.ts';
import { hmacHex } from './lib/crypto.ts';
import {
  CircuitBreaker,
  finesBehindBreaker,
  registryBehindBreaker,
  valueBehindBreaker,
} from './integrations/circuit-breaker.ts';
import type { SocialProvider } from '@togo/domain/auth/auth.contract';
import type { FileStorage } from './integrations/files/file-storage.ts';
import type { FinesProvider } from './integrations/fines/fines-provider.ts';
import type { RegistryProvider } from './integrations/registry/registry-provider.ts';
import type { VehicleValueProvider } from './integrations/vehicle-value/vehicle-value-provider.ts';
import type { PushSender } from './integrations/push/push-sender.ts';
import type { SocialVerifier } from './integrations/social/social-verifier.ts';

export interface Providers {
  messenger: Messenger;
  /** True when messages go to the development outbox. */
  outbox: boolean;
  social: Partial<Record<SocialProvider, SocialVerifier>>;
  /** WhatsApp template messages: the development outbox by default. */
  whatsapp: WhatsAppSender;
  /** Web Push; DisabledPushSender without VAPID keys. */
  push: PushSender;
  /** Vehicle registry (RUNT-like), fines (SIMIT-like) and value providers: demo, http or verifik. */
  registry: RegistryProvider;
  fines: FinesProvider;
  vehicleValue: VehicleValueProvider;
  /** Uploaded files' bytes (local disk under DATA_DIR/files). */
  fileStorage: FileStorage;
  /** Booking payments; default from PAYMENTS_PROVIDER (see paymentsFromConfig). */
  payments?: PaymentProvider;
}

/** Chooses each outside system's implementation from the configuration. */
export function providersFromConfig(config: Config, db: Db, clock: Clock, log?: Logger): Providers {
  const outbox = new OutboxMessenger(db, clock, log);
  const email: Messenger = config.SMTP_URL ? new SmtpMessenger(config.SMTP_URL, config.SMTP_FROM) : outbox;
  const sms: Messenger = config.SMS_URL ? new HttpSmsMessenger(config.SMS_URL, config.SMS_TOKEN) : outbox;
  const now = () => clock.now();
  const http = (baseUrl: string | undefined, apiKey: string | undefined) => ({
    baseUrl: baseUrl ?? '',
    apiKey,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
  const verifik = {
    baseUrl: config.VERIFIK_BASE_URL,
    token: config.VERIFIK_TOKEN ?? '',
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  };
  // Each outside data provider behind its own circuit breaker (decision 127); the local demos need none.
  const breaker = (name: string) =>
    new CircuitBreaker(name, {
      failures: config.PROVIDER_BREAKER_FAILURES,
      openMs: config.PROVIDER_BREAKER_OPEN_SECONDS * 1000,
      clock,
    });
  const guardedRegistry = (p: RegistryProvider) => registryBehindBreaker(p, breaker(p.name));
  const guardedFines = (p: FinesProvider) => finesBehindBreaker(p, breaker(p.name));
  return {
    registry:
      config.REGISTRY_PROVIDER === 'verifik'
        ? guardedRegistry(new VerifikRegistryProvider(verifik, config.VERIFIK_QUOTA_PER_MINUTE))
        : config.REGISTRY_PROVIDER === 'http'
          ? guardedRegistry(new HttpRegistryProvider(http(config.REGISTRY_URL, config.REGISTRY_API_KEY)))
          : new DemoRegistryProvider(clock),
    fines:
      config.FINES_PROVIDER === 'verifik'
        ? guardedFines(new VerifikFinesProvider(verifik, config.VERIFIK_QUOTA_PER_MINUTE))
        : config.FINES_PROVIDER === 'http'
          ? guardedFines(new HttpFinesProvider(http(config.FINES_URL, config.FINES_API_KEY)))
          : new DemoFinesProvider(clock),
    vehicleValue:
      config.VALUE_PROVIDER === 'http'
        ? valueBehindBreaker(
            new HttpVehicleValueProvider(http(config.VALUE_URL, config.VALUE_API_KEY)),
            breaker('value'),
          )
        : new DemoVehicleValueProvider(clock),
    // Refusals of the store (full disk, S3 refusing) told in Spanish as 503, nothing changed (decision 128).
    fileStorage: new GuardedStorage(
      config.FILE_STORAGE === 's3'
        ? new S3Storage({
            bucket: config.S3_BUCKET ?? '',
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
            endpoint: config.S3_ENDPOINT,
            forcePathStyle: config.S3_FORCE_PATH_STYLE,
            timeoutMs: config.PROVIDER_TIMEOUT_MS,
          })
        : new LocalDiskStorage(path.resolve(config.DATA_DIR, 'files')),
      log,
    ),
    messenger: new ChannelMessenger(email, sms),
    whatsapp:
      config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_ID
        ? new CloudWhatsAppSender({
            graphUrl: config.WHATSAPP_GRAPH_URL,
            version: config.WHATSAPP_API_VERSION,
            phoneId: config.WHATSAPP_PHONE_ID,
            token: config.WHATSAPP_TOKEN,
            timeoutMs: config.PROVIDER_TIMEOUT_MS,
          })
        : new OutboxWhatsAppSender(outbox),
    outbox: !config.SMTP_URL && !config.SMS_URL,
    push:
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? new WebPushSender({
            publicKey: config.VAPID_PUBLIC_KEY,
            privateKey: config.VAPID_PRIVATE_KEY,
            subject: config.VAPID_SUBJECT,
          })
        : new DisabledPushSender(),
    social: {
      ...(config.GOOGLE_CLIENT_ID
        ? { google: new GoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL, now) }
        : {}),
      ...(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
        ? {
            facebook: new FacebookVerifier(
              config.FACEBOOK_APP_ID,
              config.FACEBOOK_APP_SECRET,
              config.FACEBOOK_GRAPH_URL,
              config.FACEBOOK_API_VERSION,
              now,
            ),
          }
        : {}),
    },
  };
}

/** The booking payment gateway: sandbox (default, signed with a key derived from the app secret) or Wompi. */
export function paymentsFromConfig(config: Config, secret: string): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'wompi') {
    return new WompiPaymentProvider({
      publicKey: config.WOMPI_PUBLIC_KEY ?? '',
      integritySecret: config.WOMPI_INTEGRITY_SECRET ?? '',
      eventsSecret: config.WOMPI_EVENTS_SECRET ?? '',
      checkoutUrl: config.WOMPI_CHECKOUT_URL,
      apiUrl: config.WOMPI_API_URL,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
      privateKey: config.WOMPI_PRIVATE_KEY,
    });
  }
  return new SandboxPaymentProvider(config.WEB_URL, hmacHex(secret, 'payments-sandbox-events'));
}
