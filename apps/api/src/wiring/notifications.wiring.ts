import { AlertsRepository } from '../features/alerts/alerts.repository.ts';
import { alertsRoutes } from '../features/alerts/alerts.routes.ts';
import { AlertsService } from '../features/alerts/alerts.service.ts';
import { CalendarRepository } from '../features/calendar/calendar.repository.ts';
import { calendarRoutes } from '../features/calendar/calendar.routes.ts';
import { CalendarService } from '../features/calendar/calendar.service.ts';
import { ConsentRepository } from '../features/notifications/consent.repository.ts';
import { DeliveryHistoryService } from '../features/notifications/delivery-history.service.ts';
import { DeliveryLogRepository } from '../features/notifications/delivery-log.repository.ts';
import { registerExpiryJobs } from '../features/notifications/expiry-engine.jobs.ts';
import { ExpiryEngineRepository } from '../features/notifications/expiry-engine.repository.ts';
import { ExpiryEngineService } from '../features/notifications/expiry-engine.service.ts';
import { registerDeliveryJobs } from '../features/notifications/notification-delivery.jobs.ts';
import { NotificationDeliveryService } from '../features/notifications/notification-delivery.service.ts';
import { NotificationsRepository } from '../features/notifications/notifications.repository.ts';
import { notificationsRoutes } from '../features/notifications/notifications.routes.ts';
import { NotificationsService } from '../features/notifications/notifications.service.ts';
import { OptOutService } from '../features/notifications/opt-out.service.ts';
import { PreferencesRepository } from '../features/notifications/preferences.repository.ts';
import { preferencesRoutes } from '../features/notifications/preferences.routes.ts';
import { PreferencesService } from '../features/notifications/preferences.service.ts';
import { smsWebhookRoutes } from '../features/notifications/sms-webhook.routes.ts';
import { whatsappWebhookRoutes } from '../features/notifications/whatsapp-webhook.routes.ts';
import type { authenticate } from '../http/auth.ts';
import type { WiringContext } from './wiring-context.ts';

/**
 * Reminders and notifications: the expiry engine, delivery on every channel under preferences, quiet hours
 * and consent, the opt-out webhooks, the calendar feed and the alert screens' API; their jobs and routes.
 * Answers the expiry engine and the delivery service, which the garage's look-ups and refresh feed.
 */
export async function wireNotifications(ctx: WiringContext, auth: ReturnType<typeof authenticate>) {
  const { app, config, database, clock, providers, jobs, secret } = ctx;
  const expiryRepo = new ExpiryEngineRepository(database.db);
  const notificationsRepo = new NotificationsRepository(database.db);
  const preferencesRepo = new PreferencesRepository(database.db);
  const deliveryLog = new DeliveryLogRepository(database.db);
  const optOut = new OptOutService(new ConsentRepository(database.db), clock, secret, config.WEB_URL);
  const delivery = new NotificationDeliveryService({
    engineRepo: expiryRepo,
    repo: notificationsRepo,
    prefs: preferencesRepo,
    deliveries: deliveryLog,
    messenger: providers.messenger,
    whatsapp: providers.whatsapp,
    push: providers.push,
    clock,
    webUrl: config.WEB_URL,
    unsubscribeUrl: optOut.unsubscribeUrl,
    log: app.log,
  });
  const expiryEngine = new ExpiryEngineService(expiryRepo, delivery, clock);
  app.decorate('expiryEngine', expiryEngine);
  app.decorate('notificationDelivery', delivery);
  await registerExpiryJobs(jobs, expiryEngine);
  await registerDeliveryJobs(jobs, delivery);

  const alerts = new AlertsService(
    new AlertsRepository(database.db),
    clock,
    async (vehicleId) => {
      await expiryEngine.runForVehicle(vehicleId);
    },
    app.log,
  );
  alertsRoutes(app, { alerts, auth });
  notificationsRoutes(app, {
    notifications: new NotificationsService(notificationsRepo, providers.push, clock),
    auth,
  });
  preferencesRoutes(app, {
    preferences: new PreferencesService(preferencesRepo, clock, optOut),
    history: new DeliveryHistoryService(deliveryLog),
    consents: optOut,
    auth,
  });
  whatsappWebhookRoutes(app, {
    optOut,
    verifyToken: config.WHATSAPP_VERIFY_TOKEN,
    appSecret: config.WHATSAPP_APP_SECRET,
  });
  smsWebhookRoutes(app, { optOut, secret: config.SMS_INBOUND_SECRET });
  calendarRoutes(app, {
    calendar: new CalendarService(new CalendarRepository(database.db), clock, secret, config.WEB_URL),
    auth,
  });
  return { expiryEngine, delivery };
}
