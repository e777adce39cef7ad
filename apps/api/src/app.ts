import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { spanishIssueMessage } from '@togo/domain/zod-spanish';
import type { PublicConfig } from '@togo/domain/public-config.contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { FeatureContext } from './feature-context.ts';
import { registerAccounts } from './features/accounts/accounts.feature.ts';
import { registerAlerts } from './features/alerts/alerts.feature.ts';
import { registerBooking } from './features/booking/booking.feature.ts';
import { registerCalendar } from './features/calendar/calendar.feature.ts';
import { registerCatalog } from './features/catalog/catalog.feature.ts';
import { registerDevOutbox } from './features/dev-outbox/dev-outbox.feature.ts';
import type { FleetFileParser } from './features/fleet/fleet-parser.ts';
import { registerFleet } from './features/fleet/fleet.feature.ts';
import type { FleetLimits } from './features/fleet/fleet.service.ts';
import { registerGarage } from './features/garage/garage.feature.ts';
import { registerHealth } from './features/health/health.feature.ts';
import { registerMaintenance } from './features/maintenance/maintenance.feature.ts';
import { registerMetrics } from './features/metrics/metrics.feature.ts';
import { registerNotifications } from './features/notifications/notifications.feature.ts';
import { registerOperator } from './features/operator/operator.feature.ts';
import { PriceSchedulesRepository } from './features/operator/operator-price-schedules.repository.ts';
import { PricesInEffect } from './features/operator/prices-in-effect.ts';
import { registerOrganisation } from './features/organisation/organisation.feature.ts';
import { registerPersonalData } from './features/personal-data/personal-data.feature.ts';
import { registerPicoPlaca } from './features/pico-placa/pico-placa.feature.ts';
import { registerProfile } from './features/profile/profile.feature.ts';
import { registerReference } from './features/reference/reference.feature.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { inlineScriptHashes } from './http/inline-scripts.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerApiSchemas } from './http/openapi.ts';
import { registerRequestContext, requestIdMixin, requestIdOf } from './http/request-context.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { registerWebApp, resolveWebDist } from './http/web-app.ts';
import { FileUrlSigner } from './integrations/files/signed-url.ts';
import { countPaymentErrors, countProviderErrors } from './integrations/provider-metrics.ts';
import { recordingFailures } from './jobs/failure-recorder.ts';
import { InlineJobQueue } from './jobs/inline.queue.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Clock } from './lib/clock.ts';
import { Metrics } from './lib/metrics.ts';
import { paymentsFromConfig, type Providers } from './providers.ts';

// Plain Spanish for every zod check without a message of its own (issue 38: "Too small: expected string…" reached
// the console); a schema's own message still wins. The web apps install the same map (lib/zod-config.ts).
z.config({ customError: (issue) => spanishIssueMessage(issue) });

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

/**
 * Builds the whole HTTP application; used by server.ts and by the tests. Each feature registers its own routes and
 * jobs (`registerX(app, deps)` in features/<x>/<x>.feature.ts); this function lists them in order.
 */
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
  registerMetrics(app, { metrics, token: config.METRICS_TOKEN });
  const providers = countProviderErrors(deps.providers, metrics);
  registerSecurityHeaders(app, {
    hsts: config.NODE_ENV === 'production',
    scriptHashes: inlineScriptHashes(resolveWebDist(config.WEB_DIST_DIR)),
  });
  // Shared by every upload route; each route passes its own fileSize limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
  });

  const ctx: FeatureContext = { config, db: database.db, clock, jobs, log: app.log, secret: deps.secret };
  const fileUrls = new FileUrlSigner(deps.secret, config.FILE_URL_TTL_SECONDS);
  const payments = countPaymentErrors(providers.payments ?? paymentsFromConfig(config, deps.secret), metrics);
  const publicConfig = publicConfigOf(config, providers);

  // The features, in the order their answers are needed. Each registers its routes and jobs (features/<f>/<f>.feature.ts).
  registerHealth(app, { database, publicConfig, shuttingDown: deps.shuttingDown });
  const accounts = await registerAccounts(app, {
    ...ctx,
    messenger: providers.messenger,
    social: providers.social,
    fileUrls,
  });
  const { auth } = accounts;
  registerProfile(app, { ...ctx, storage: providers.fileStorage, fileUrls, auth, accounts });
  const access = registerOrganisation(app, {
    ...ctx,
    messenger: providers.messenger,
    auth,
    limit: async (rule) => {
      await accounts.limiter.enforce([rule]);
    },
  });
  const { expiryEngine, delivery } = await registerNotifications(app, {
    ...ctx,
    messenger: providers.messenger,
    whatsapp: providers.whatsapp,
    push: providers.push,
    auth,
  });
  const onRegistryUpdated = expiryEngine.onRegistryUpdated;
  registerAlerts(app, {
    ...ctx,
    auth,
    onDatesChanged: async (vehicleId) => {
      await expiryEngine.runForVehicle(vehicleId);
    },
  });
  registerCalendar(app, { ...ctx, auth });
  const { garage, garageRepo } = await registerGarage(app, {
    ...ctx,
    registry: providers.registry,
    fines: providers.fines,
    vehicleValue: providers.vehicleValue,
    storage: providers.fileStorage,
    fileUrls,
    notifications: delivery,
    onRegistryUpdated,
    auth,
    access,
  });
  // Prices scheduled in the console take effect on their day, before any quote or booking (decision 118).
  const prices = new PricesInEffect(new PriceSchedulesRepository(database.db), clock);
  const { bookRtm, listBookings } = await registerBooking(app, {
    prices,
    ...ctx,
    messenger: providers.messenger,
    whatsapp: providers.whatsapp,
    payments,
    auth,
  });
  await registerFleet(app, {
    ...ctx,
    registry: providers.registry,
    fines: providers.fines,
    storage: providers.fileStorage,
    messenger: providers.messenger,
    fileUrls,
    garage,
    garageRepo,
    auth,
    access,
    bookRtm,
    listBookings,
    limits: deps.fleetLimits,
    parser: deps.fleetParser,
  });
  await registerMaintenance(app, {
    ...ctx,
    auth,
    access,
    storage: providers.fileStorage,
    fileUrls,
    notifications: delivery,
  });
  await registerPersonalData(app, { ...ctx, storage: providers.fileStorage, auth });
  if (publicConfig.outbox) registerDevOutbox(app, { db: database.db });
  registerReference(app, { ...ctx, auth });
  const catalog = await registerCatalog(app, { ...ctx, auth });
  await registerPicoPlaca(app, {
    ...ctx,
    notifications: delivery,
    auth,
    limit: async (rule) => {
      await accounts.limiter.enforce([rule]);
    },
  });
  await registerOperator(app, {
    ...ctx,
    messenger: providers.messenger,
    whatsapp: providers.whatsapp,
    payments,
    storage: providers.fileStorage,
    supportCodes: accounts.supportCodes,
    signInThrottle: accounts.throttle,
    notifications: delivery,
    prices,
  });
  await registerWebApp(app, config.WEB_DIST_DIR, {
    // The home's largest paint is its first banner (docs/decisions/044).
    preloadImages: async (route) => {
      const banner = route === '/app/home' ? await catalog.firstImage('BANNERS_GENERALES_TOGO') : null;
      return banner ? [banner] : [];
    },
  });
  return app;
}

/** GET /api/config's answer: what the web app may know of the configuration. */
function publicConfigOf(config: Config, providers: Providers): PublicConfig {
  return {
    web_url: config.WEB_URL,
    google_client_id: providers.social.google ? (config.GOOGLE_CLIENT_ID ?? null) : null,
    facebook_app_id: providers.social.facebook ? (config.FACEBOOK_APP_ID ?? null) : null,
    facebook_api_version: config.FACEBOOK_API_VERSION,
    outbox: providers.outbox && config.NODE_ENV !== 'production',
    map_tile_url: config.MAP_TILE_URL ?? null,
    map_tile_attribution: config.MAP_TILE_ATTRIBUTION,
    demo_mode: config.NODE_ENV === 'production' && config.ALLOW_DEMO,
    pico_placa_aviso: config.PICO_PLACA_NOTICE_TIME,
  };
}
