import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PublicConfig } from '@togo/domain/public-config.contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { SupportCodeService } from './features/accounts/support-code.service.ts';
import { CatalogRepository } from './features/catalog/catalog.repository.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { CatalogService } from './features/catalog/catalog.service.ts';
import { registerStaticAssets } from './features/catalog/static-assets.plugin.ts';
import { devOutboxRoutes } from './features/dev-outbox/dev-outbox.routes.ts';
import type { FleetFileParser } from './features/fleet/fleet-parser.ts';
import { fleetRoutes } from './features/fleet/fleet.routes.ts';
import { OrganisationRepository } from './features/organisation/organisation.repository.ts';
import { organisationRoutes } from './features/organisation/organisation.routes.ts';
import { OrganisationService } from './features/organisation/organisation.service.ts';
import type { FleetLimits } from './features/fleet/fleet.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { hashPassword, verifyPassword } from './lib/password.ts';
import { registerPersonalDataJobs } from './features/personal-data/personal-data.jobs.ts';
import { PersonalDataRepository } from './features/personal-data/personal-data.repository.ts';
import { personalDataRoutes } from './features/personal-data/personal-data.routes.ts';
import { PersonalDataService } from './features/personal-data/personal-data.service.ts';
import { registerOperator } from './features/operator/operator.feature.ts';
import { registerPicoPlaca } from './features/pico-placa/pico-placa.feature.ts';
import { ReferenceRepository } from './features/reference/reference.repository.ts';
import { referenceRoutes } from './features/reference/reference.routes.ts';
import { ReferenceService } from './features/reference/reference.service.ts';
import { orgHandlers } from './http/org-access.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerApiSchemas } from './http/openapi.ts';
import { registerRequestContext, requestIdMixin, requestIdOf } from './http/request-context.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { registerWebApp, resolveWebDist } from './http/web-app.ts';
import { inlineScriptHashes } from './http/inline-scripts.ts';
import type { Clock } from './lib/clock.ts';
import { Metrics } from './lib/metrics.ts';
import { countProviderErrors } from './integrations/provider-metrics.ts';
import { recordingFailures } from './jobs/failure-recorder.ts';
import { registerGarageRefresh } from './features/garage/garage-refresh.feature.ts';
import { InlineJobQueue } from './jobs/inline.queue.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { type Providers } from './providers.ts';
import { wireAccounts } from './wiring/accounts.wiring.ts';
import { wireBooking } from './wiring/booking.wiring.ts';
import { wireCompanyViews } from './wiring/company.wiring.ts';
import { wireFleet } from './wiring/fleet.wiring.ts';
import { wireGarage } from './wiring/garage.wiring.ts';
import { wireNotifications } from './wiring/notifications.wiring.ts';
import type { WiringContext } from './wiring/wiring-context.ts';

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

/** Builds the whole HTTP application; used by server.ts and by the tests. Each feature wires itself (wiring/). */
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
  registerSecurityHeaders(app, {
    hsts: config.NODE_ENV === 'production',
    scriptHashes: inlineScriptHashes(resolveWebDist(config.WEB_DIST_DIR)),
  });
  // Shared by every upload route; each route passes its own fileSize limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
  });

  const ctx: WiringContext = { app, config, database, clock, providers, jobs, secret: deps.secret };
  const publicConfig = publicConfigOf(config, providers);
  healthRoutes(app, { database, publicConfig, shuttingDown: deps.shuttingDown });

  const accounts = await wireAccounts(ctx);
  const { auth } = accounts;
  const { expiryEngine, delivery } = await wireNotifications(ctx, auth);
  const { garage, garageRepo } = await wireGarage(ctx, {
    auth,
    fileUrls: accounts.fileUrls,
    onRegistryUpdated: expiryEngine.onRegistryUpdated,
  });
  const { fleet, fleetDetail, fleetPhotos } = await wireFleet(app, {
    database,
    providers,
    jobs,
    clock,
    fileUrls: accounts.fileUrls,
    garage,
    garageRepo,
    fleetLimits: deps.fleetLimits,
    fleetParser: deps.fleetParser,
  });
  const { bookingRepo, payments } = await wireBooking(ctx, auth, metrics);
  const personalData = new PersonalDataService({
    repo: new PersonalDataRepository(database.db),
    storage: providers.fileStorage,
    clock,
    verifyPassword,
    log: app.log,
  });
  await registerPersonalDataJobs(jobs, personalData);
  personalDataRoutes(app, { personalData, auth });

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
  await wireCompanyViews(ctx, { auth, access: orgAccess, bookingRepo });

  if (publicConfig.outbox) devOutboxRoutes(app, { db: database.db });
  referenceRoutes(app, { reference: new ReferenceService(new ReferenceRepository(database.db)), auth });
  const catalog = new CatalogService(new CatalogRepository(database.db));
  catalogRoutes(app, { catalog, auth });
  await registerPicoPlaca(app, { db: database.db, config, clock, jobs, notifications: delivery, auth });
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
    supportCodes: new SupportCodeService(accounts.repo, accounts.otp),
  });
  await registerStaticAssets(app);
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
