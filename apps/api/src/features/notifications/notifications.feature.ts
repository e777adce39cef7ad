import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { WhatsAppSender } from '../../integrations/messaging/whatsapp.ts';
import type { PushSender } from '../../integrations/push/push-sender.ts';
import { ConsentRepository } from './consent.repository.ts';
import { DeliveryHistoryService } from './delivery-history.service.ts';
import { DeliveryLogRepository } from './delivery-log.repository.ts';
import { registerExpiryJobs } from './expiry-engine.jobs.ts';
import { ExpiryEngineRepository } from './expiry-engine.repository.ts';
import { ExpiryEngineService } from './expiry-engine.service.ts';
import { registerDeliveryJobs } from './notification-delivery.jobs.ts';
import { NotificationDeliveryService } from './notification-delivery.service.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService } from './notifications.service.ts';
import { InboundReplyService } from './inbound-reply.service.ts';
import { OptOutService } from './opt-out.service.ts';
import { PreferencesRepository } from './preferences.repository.ts';
import { preferencesRoutes } from './preferences.routes.ts';
import { PreferencesService } from './preferences.service.ts';
import { smsWebhookRoutes } from './sms-webhook.routes.ts';
import { WebhookMessagesRepository } from './webhook-messages.repository.ts';
import { whatsappWebhookRoutes } from './whatsapp-webhook.routes.ts';

/**
 * Reminders and notifications: the expiry engine, delivery on every channel under preferences, quiet hours and
 * consent, the opt-out webhooks, the notification list and preferences; their jobs and routes. Answers the expiry
 * engine and the delivery service, which the alerts, the garage's look-ups and refresh and pico y placa feed.
 */
export async function registerNotifications(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'config' | 'db' | 'clock' | 'jobs' | 'log' | 'secret'> & {
    messenger: Messenger;
    whatsapp: WhatsAppSender;
    push: PushSender;
    auth: preHandlerAsyncHookHandler;
  },
) {
  const { config, db, clock, jobs, auth } = deps;
  const expiryRepo = new ExpiryEngineRepository(db);
  const notificationsRepo = new NotificationsRepository(db);
  const preferencesRepo = new PreferencesRepository(db);
  const deliveryLog = new DeliveryLogRepository(db);
  const optOut = new OptOutService(new ConsentRepository(db), clock, deps.secret, config.WEB_URL);
  const delivery = new NotificationDeliveryService({
    engineRepo: expiryRepo,
    repo: notificationsRepo,
    prefs: preferencesRepo,
    deliveries: deliveryLog,
    messenger: deps.messenger,
    whatsapp: deps.whatsapp,
    push: deps.push,
    clock,
    webUrl: config.WEB_URL,
    unsubscribeUrl: optOut.unsubscribeUrl,
    log: deps.log,
  });
  const expiryEngine = new ExpiryEngineService(expiryRepo, delivery, clock);
  app.decorate('expiryEngine', expiryEngine);
  app.decorate('notificationDelivery', delivery);
  await registerExpiryJobs(jobs, expiryEngine);
  await registerDeliveryJobs(jobs, delivery);

  notificationsRoutes(app, {
    notifications: new NotificationsService(notificationsRepo, deps.push, clock),
    auth,
  });
  preferencesRoutes(app, {
    preferences: new PreferencesService(preferencesRepo, clock, optOut),
    history: new DeliveryHistoryService(deliveryLog),
    consents: optOut,
    auth,
  });
  const replies = new InboundReplyService(new WebhookMessagesRepository(db), optOut, clock);
  whatsappWebhookRoutes(app, {
    replies,
    verifyToken: config.WHATSAPP_VERIFY_TOKEN,
    appSecret: config.WHATSAPP_APP_SECRET,
  });
  smsWebhookRoutes(app, { replies, secret: config.SMS_INBOUND_SECRET });
  return { expiryEngine, delivery };
}
