import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PublicConfig } from '@togo/domain/public-config.contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AccountsRepository } from './features/accounts/accounts.repository.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { AccountsService } from './features/accounts/accounts.service.ts';
import { EmailChangeService } from './features/accounts/email-change.service.ts';
import { OtpService } from './features/accounts/otp.service.ts';
import { ThrottleService } from './features/accounts/throttle.service.ts';
import { RequestLimitsRepository } from './features/accounts/request-limits.repository.ts';
import { RequestLimiter } from './features/accounts/request-limits.service.ts';
import { SupportCodeService } from './features/accounts/support-code.service.ts';
import { TokenService } from './features/accounts/token.service.ts';
import { AlertsRepository } from './features/alerts/alerts.repository.ts';
import { alertsRoutes } from './features/alerts/alerts.routes.ts';
import { AlertsService } from './features/alerts/alerts.service.ts';
import { registerBookingJobs } from './features/booking/booking.jobs.ts';
import { BookingRepository } from './features/booking/booking.repository.ts';
import { bookingRoutes } from './features/booking/booking.routes.ts';
import { BookingService } from './features/booking/booking.service.ts';
import { BulkBookingRepository } from './features/booking/bulk-booking.repository.ts';
import { BulkBookingService } from './features/booking/bulk-booking.service.ts';
import { paymentRoutes } from './features/booking/payments.routes.ts';
import { MyBookingsRepository } from './features/booking/my-bookings.repository.ts';
import { myBookingsRoutes } from './features/booking/my-bookings.routes.ts';
import { MyBookingsService } from './features/booking/my-bookings.service.ts';
import { CatalogRepository } from './features/catalog/catalog.repository.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { CatalogService } from './features/catalog/catalog.service.ts';
import { registerStaticAssets } from './features/catalog/static-assets.plugin.ts';
import { devOutboxRoutes } from './features/dev-outbox/dev-outbox.routes.ts';
import type { FleetFileParser } from './features/fleet/fleet-parser.ts';
import { fleetRoutes } from './features/fleet/fleet.routes.ts';
import { FleetAlertsService } from './features/fleet/fleet-alerts.service.ts';
import { fleetComplianceRoutes } from './features/fleet/fleet-compliance.routes.ts';
import { FleetReportsRepository } from './features/fleet/fleet-reports.repository.ts';
import { FleetReportsService } from './features/fleet/fleet-reports.service.ts';
import { fleetViewsRoutes } from './features/fleet/fleet-views.routes.ts';
import { fleetBulkBookingRoutes } from './features/fleet/fleet-bulk-booking.routes.ts';
import { FleetCompanyRepository } from './features/fleet/fleet-company.repository.ts';
import { FleetSummaryService } from './features/fleet/fleet-summary-pdf.service.ts';
import { fleetSummaryRoutes } from './features/fleet/fleet-summary.routes.ts';
import { FleetDigestRepository } from './features/fleet/fleet-digest.repository.ts';
import { FleetDigestService } from './features/fleet/fleet-digest.service.ts';
import { fleetDigestRoutes } from './features/fleet/fleet-digest.routes.ts';
import { registerFleetDigestJobs } from './features/fleet/fleet-digest.jobs.ts';
import { DriverCompanyVehiclesRepository } from './features/fleet/fleet-driver-vehicles.repository.ts';
import { driverCompanyVehiclesRoutes } from './features/fleet/fleet-driver-vehicles.routes.ts';
import { FleetComplianceRepository } from './features/fleet/fleet-compliance.repository.ts';
import { FleetComplianceService } from './features/fleet/fleet-compliance.service.ts';
import { OrganisationRepository } from './features/organisation/organisation.repository.ts';
import { organisationRoutes } from './features/organisation/organisation.routes.ts';
import { OrganisationService } from './features/organisation/organisation.service.ts';
import type { FleetLimits } from './features/fleet/fleet.service.ts';
import { GarageFilesService } from './features/garage/garage-files.service.ts';
import { GarageLookupService } from './features/garage/garage-lookup.service.ts';
import { GarageRepository } from './features/garage/garage.repository.ts';
import { fileRoutes, garageRoutes } from './features/garage/garage.routes.ts';
import { GarageService } from './features/garage/garage.service.ts';
import { usdCopRateFrom } from './features/garage/vehicle-value-cop.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { ExpiryEngineRepository } from './features/notifications/expiry-engine.repository.ts';
import { registerExpiryJobs } from './features/notifications/expiry-engine.jobs.ts';
import { ExpiryEngineService } from './features/notifications/expiry-engine.service.ts';
import { NotificationDeliveryService } from './features/notifications/notification-delivery.service.ts';
import { NotificationsRepository } from './features/notifications/notifications.repository.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { NotificationsService } from './features/notifications/notifications.service.ts';
import { hashPassword, verifyPassword } from './lib/password.ts';
import { registerPersonalDataJobs } from './features/personal-data/personal-data.jobs.ts';
import { PersonalDataRepository } from './features/personal-data/personal-data.repository.ts';
import { personalDataRoutes } from './features/personal-data/personal-data.routes.ts';
import { PersonalDataService } from './features/personal-data/personal-data.service.ts';
import { registerOperator } from './features/operator/operator.feature.ts';
import { DeliveryHistoryService } from './features/notifications/delivery-history.service.ts';
import { DeliveryLogRepository } from './features/notifications/delivery-log.repository.ts';
import { registerDeliveryJobs } from './features/notifications/notification-delivery.jobs.ts';
import { PreferencesRepository } from './features/notifications/preferences.repository.ts';
import { preferencesRoutes } from './features/notifications/preferences.routes.ts';
import { PreferencesService } from './features/notifications/preferences.service.ts';
import { ConsentRepository } from './features/notifications/consent.repository.ts';
import { OptOutService } from './features/notifications/opt-out.service.ts';
import { whatsappWebhookRoutes } from './features/notifications/whatsapp-webhook.routes.ts';
import { smsWebhookRoutes } from './features/notifications/sms-webhook.routes.ts';
import { CalendarRepository } from './features/calendar/calendar.repository.ts';
import { calendarRoutes } from './features/calendar/calendar.routes.ts';
import { CalendarService } from './features/calendar/calendar.service.ts';
import { PicoPlacaRepository } from './features/pico-placa/pico-placa.repository.ts';
import { picoPlacaRoutes } from './features/pico-placa/pico-placa.routes.ts';
import { PicoPlacaService } from './features/pico-placa/pico-placa.service.ts';
import { ProfileRepository } from './features/profile/profile.repository.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { ProfileService } from './features/profile/profile.service.ts';
import { ReferenceRepository } from './features/reference/reference.repository.ts';
import { referenceRoutes } from './features/reference/reference.routes.ts';
import { ReferenceService } from './features/reference/reference.service.ts';
import { authenticate } from './http/auth.ts';
import { orgHandlers } from './http/org-access.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerApiSchemas } from './http/openapi.ts';
import { registerRequestContext, requestIdMixin, requestIdOf } from './http/request-context.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { registerWebApp } from './http/web-app.ts';
import type { Clock } from './lib/clock.ts';
import { Metrics } from './lib/metrics.ts';
import { countPaymentErrors, countProviderErrors } from './integrations/provider-metrics.ts';
import { FileUrlSigner } from './integrations/files/signed-url.ts';
import { registerGarageJobs } from './features/garage/garage-lookup.jobs.ts';
import { recordingFailures } from './jobs/failure-recorder.ts';
import { registerGarageRefresh } from './features/garage/garage-refresh.feature.ts';
import { InlineJobQueue } from './jobs/inline.queue.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { paymentsFromConfig, type Providers } from './providers.ts';
import { wireFleet } from './wiring/fleet.wiring.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  providers: Providers;
  /** Secret for code HMACs (APP_SECRET or a generated one kept under DATA_DIR). */
  secret: string;
  logger?: boolean | object;
  /** Background jobs: pg-boss from server.ts; when absent, an InlineJobQueue that only records jobs. */
  jobs?: JobQueue;
  /** Fleet upload limits (the fleet benchmark imports more rows than the product allows). */
  fleetLimits?: FleetLimits;
  /**
   * Where fleet files are parsed; by default a WorkerFleetParser the app starts on first use and stops on
   * close (server.ts passes its own, warmed up after listen, and closes it).
   */
  fleetParser?: FleetFileParser;
  /** True once the process is shutting down: /api/health/ready answers 503 (server.ts). */
  shuttingDown?: () => boolean;
}

/** Builds the whole HTTP application; used by server.ts and by the tests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const app = Fastify({
    // JSON logs; every line written while serving a request carries its id (http/request-context.ts).
    logger:
      typeof deps.logger === 'object' ? { ...deps.logger, mixin: requestIdMixin } : (deps.logger ?? false),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  app.decorateRequest('session', null);
  app.decorateRequest('org', null);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerRequestContext(app);
  await registerApiSchemas(app, config); // typed routes and /api/docs (decision 042): before any route
  // Runs that fail for good are recorded for the operator console's dashboard (decision 029).
  const jobs = recordingFailures(deps.jobs ?? new InlineJobQueue(), database.db, clock);
  const metrics = new Metrics(jobs.depth ? () => jobs.depth?.() ?? Promise.resolve({}) : undefined);
  metricsRoutes(app, { metrics, token: config.METRICS_TOKEN });
  const providers = countProviderErrors(deps.providers, metrics);

  registerSecurityHeaders(app, { hsts: config.NODE_ENV === 'production' });

  const repo = new AccountsRepository(database.db);
  const tokens = new TokenService(repo, clock);
  const limiter = new RequestLimiter(new RequestLimitsRepository(database.db), clock);
  const otp = new OtpService(repo, providers.messenger, clock, deps.secret, limiter, {
    smsHourlyCeiling: config.OTP_HOURLY_SMS_CEILING,
    log: app.log,
  });
  const throttle = new ThrottleService(repo, clock);
  const fileUrls = new FileUrlSigner(deps.secret, config.FILE_URL_TTL_SECONDS);
  const profile = new ProfileService({
    accounts: repo,
    repo: new ProfileRepository(database.db),
    storage: providers.fileStorage,
    signer: fileUrls,
    clock,
    log: app.log,
  });
  const accounts = new AccountsService(
    repo,
    tokens,
    otp,
    throttle,
    providers.social,
    clock,
    profile.pictureUrl,
    limiter,
  );
  const emailChange = new EmailChangeService(repo, otp, providers.messenger, clock, profile.pictureUrl);
  const auth = authenticate(tokens);

  const expiryRepo = new ExpiryEngineRepository(database.db);
  const notificationsRepo = new NotificationsRepository(database.db);
  const preferencesRepo = new PreferencesRepository(database.db);
  const deliveryLog = new DeliveryLogRepository(database.db);
  const optOut = new OptOutService(new ConsentRepository(database.db), clock, deps.secret, config.WEB_URL);
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
  const alerts = new AlertsService(
    new AlertsRepository(database.db),
    clock,
    async (vehicleId) => {
      await expiryEngine.runForVehicle(vehicleId);
    },
    app.log,
  );

  // Shared by every upload route; each route passes its own fileSize limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
  });
  const garageRepo = new GarageRepository(database.db);
  const garage = new GarageService({
    repo: garageRepo,
    jobs,
    clock,
    signer: fileUrls,
    providerNames: { registry: providers.registry.name, fines: providers.fines.name },
    value: providers.vehicleValue,
    usdCopRate: usdCopRateFrom(config),
    log: app.log,
  });
  const garageLookups = new GarageLookupService({
    repo: garageRepo,
    registry: providers.registry,
    fines: providers.fines,
    clock,
    log: app.log,
    onRegistryUpdated: expiryEngine.onRegistryUpdated,
  });
  const garageFiles = new GarageFilesService({
    repo: garageRepo,
    storage: providers.fileStorage,
    signer: fileUrls,
    clock,
    log: app.log,
  });
  await registerGarageJobs(jobs, garageLookups, garage);
  await registerExpiryJobs(jobs, expiryEngine);
  await registerDeliveryJobs(jobs, delivery);
  const { fleet, fleetDetail, fleetPhotos } = await wireFleet(app, {
    database,
    providers,
    jobs,
    clock,
    fileUrls,
    garage,
    garageRepo,
    fleetLimits: deps.fleetLimits,
    fleetParser: deps.fleetParser,
  });

  const bookingRepo = new BookingRepository(database.db);
  const payments = countPaymentErrors(providers.payments ?? paymentsFromConfig(config, deps.secret), metrics);
  const booking = new BookingService({
    repo: bookingRepo,
    clock,
    payments,
    jobs,
    messenger: providers.messenger,
    webUrl: config.WEB_URL,
    paymentRedirectUrl: config.WOMPI_REDIRECT_URL ?? `${config.WEB_URL}/app/agendamientos`,
    secret: deps.secret,
    log: app.log,
  });
  await registerBookingJobs(jobs, booking);
  const personalData = new PersonalDataService({
    repo: new PersonalDataRepository(database.db),
    storage: providers.fileStorage,
    clock,
    verifyPassword,
    log: app.log,
  });
  await registerPersonalDataJobs(jobs, personalData);
  const myBookings = new MyBookingsService({
    booking,
    bookingRepo,
    repo: new MyBookingsRepository(database.db),
    clock,
    payments,
    jobs,
    freeCancelHours: config.BOOKING_FREE_CANCEL_HOURS,
    paymentRedirectUrl: config.WOMPI_REDIRECT_URL ?? `${config.WEB_URL}/app/agendamientos`,
    log: app.log,
  });

  const publicConfig: PublicConfig = {
    web_url: config.WEB_URL,
    google_client_id: providers.social.google ? (config.GOOGLE_CLIENT_ID ?? null) : null,
    facebook_app_id: providers.social.facebook ? (config.FACEBOOK_APP_ID ?? null) : null,
    facebook_api_version: config.FACEBOOK_API_VERSION,
    outbox: providers.outbox && config.NODE_ENV !== 'production',
    map_tile_url: config.MAP_TILE_URL ?? null,
    map_tile_attribution: config.MAP_TILE_ATTRIBUTION,
    demo_mode: config.NODE_ENV === 'production' && config.ALLOW_DEMO,
  };

  healthRoutes(app, { database, publicConfig, shuttingDown: deps.shuttingDown });
  accountsRoutes(app, { accounts, auth });
  profileRoutes(app, { accounts, profile, emailChange, auth });
  garageRoutes(app, { garage, files: garageFiles, auth });
  fileRoutes(app, { files: garageFiles });
  const organisation = new OrganisationService({
    repo: new OrganisationRepository(database.db),
    messenger: providers.messenger,
    clock,
    webUrl: config.WEB_URL,
    hashPassword,
    log: app.log,
  });
  const orgAccess = orgHandlers(auth, organisation.access);
  await registerGarageRefresh(app, {
    db: database.db,
    config,
    clock,
    jobs,
    registry: providers.registry,
    fines: providers.fines,
    notifications: delivery,
    onRegistryUpdated: expiryEngine.onRegistryUpdated,
    auth,
    access: orgAccess,
  });
  organisationRoutes(app, { organisation, access: orgAccess });
  fleetRoutes(app, { fleet, detail: fleetDetail, photos: fleetPhotos, access: orgAccess });
  fleetComplianceRoutes(app, {
    compliance: new FleetComplianceService(new FleetComplianceRepository(database.db), clock),
    access: orgAccess,
  });
  const complianceRepo = new FleetComplianceRepository(database.db);
  const fleetReports = new FleetReportsService(
    new FleetReportsRepository(database.db),
    complianceRepo,
    clock,
  );
  fleetViewsRoutes(app, {
    alerts: new FleetAlertsService(complianceRepo, clock),
    reports: fleetReports,
    access: orgAccess,
  });
  const fleetCompany = new FleetCompanyRepository(database.db);
  const fleetAlerts = new FleetAlertsService(complianceRepo, clock);
  const fleetDigest = new FleetDigestService({
    repo: new FleetDigestRepository(database.db),
    company: fleetCompany,
    alerts: fleetAlerts,
    messenger: providers.messenger,
    clock,
    webUrl: config.WEB_URL,
    log: app.log,
  });
  await registerFleetDigestJobs(jobs, fleetDigest);
  fleetDigestRoutes(app, { digest: fleetDigest, access: orgAccess });
  driverCompanyVehiclesRoutes(app, { repo: new DriverCompanyVehiclesRepository(database.db), auth });
  fleetSummaryRoutes(app, {
    summary: new FleetSummaryService({
      compliance: new FleetComplianceService(complianceRepo, clock),
      reports: fleetReports,
      company: fleetCompany,
    }),
    access: orgAccess,
  });
  fleetBulkBookingRoutes(app, {
    book: new BulkBookingService({
      repo: bookingRepo,
      bulk: new BulkBookingRepository(database.db),
      clock,
      log: app.log,
    }).bookRtm,
    access: orgAccess,
  });
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
    calendar: new CalendarService(new CalendarRepository(database.db), clock, deps.secret, config.WEB_URL),
    auth,
  });
  if (publicConfig.outbox) devOutboxRoutes(app, { db: database.db });
  referenceRoutes(app, { reference: new ReferenceService(new ReferenceRepository(database.db)), auth });
  catalogRoutes(app, { catalog: new CatalogService(new CatalogRepository(database.db)), auth });
  picoPlacaRoutes(app, {
    picoPlaca: new PicoPlacaService(new PicoPlacaRepository(database.db), clock),
    auth,
  });
  bookingRoutes(app, { booking, repo: bookingRepo, auth, chatbotToken: config.CHATBOT_TOKEN });
  myBookingsRoutes(app, { myBookings, auth });
  paymentRoutes(app, {
    booking,
    clock,
    webUrl: config.WEB_URL,
    // The sandbox checkout approves payments for anyone with a reference: never on a real production server.
    sandboxCheckout: config.NODE_ENV !== 'production' || config.ALLOW_DEMO,
  });
  personalDataRoutes(app, { personalData, auth });
  await registerOperator(app, {
    config,
    db: database.db,
    clock,
    messenger: providers.messenger,
    payments,
    jobs,
    storage: providers.fileStorage,
    log: app.log,
    secret: deps.secret,
    supportCodes: new SupportCodeService(repo, otp),
  });
  await registerStaticAssets(app);

  await registerWebApp(app, config.WEB_DIST_DIR);

  return app;
}
