import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import type { OrgHandlers } from '../../http/org-access.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { FinesProvider } from '../../integrations/fines/fines-provider.ts';
import type { RegistryProvider } from '../../integrations/registry/registry-provider.ts';
import type { VehicleValueProvider } from '../../integrations/vehicle-value/vehicle-value-provider.ts';
import type { NotificationSink } from '../../lib/notification-sink.ts';
import { GarageFilesService } from './garage-files.service.ts';
import { registerGarageJobs } from './garage-lookup.jobs.ts';
import { GarageLookupService } from './garage-lookup.service.ts';
import { registerRefreshJobs } from './garage-refresh.jobs.ts';
import { RefreshQuotaPurge, registerQuotaPurgeJob } from './garage-refresh.purge.ts';
import { GarageRefreshManualService } from './garage-refresh-manual.service.ts';
import { GarageRefreshRepository } from './garage-refresh.repository.ts';
import { garageRefreshRoutes } from './garage-refresh.routes.ts';
import { refreshSettings } from './garage-refresh.schedule.ts';
import { GarageRefreshService } from './garage-refresh.service.ts';
import { GarageRepository } from './garage.repository.ts';
import { fileRoutes, garageRoutes } from './garage.routes.ts';
import { GarageService } from './garage.service.ts';
import { usdCopRateFrom } from './vehicle-value-cop.ts';

/**
 * The drivers' garage: vehicles, the registry and fines look-ups (jobs), the vehicle value, documents and files,
 * and the scheduled refresh (decision 032: minute tick, quota purge, manual refresh of a driver's or a company's
 * vehicles); their routes. Answers the garage service and repository, which the fleet feature builds on.
 */
export async function registerGarage(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'config' | 'db' | 'clock' | 'jobs' | 'log'> & {
    registry: RegistryProvider;
    fines: FinesProvider;
    vehicleValue: VehicleValueProvider;
    storage: FileStorage;
    fileUrls: FileUrlSigner;
    /** Where the refresh's notices go (the notifications' delivery). */
    notifications: NotificationSink;
    /** After new registry dates are stored (the expiry engine runs for the vehicle). */
    onRegistryUpdated: (vehicleId: number) => Promise<void>;
    auth: preHandlerAsyncHookHandler;
    access: OrgHandlers;
  },
) {
  const { config, db, clock, jobs, log } = deps;
  const garageRepo = new GarageRepository(db);
  const garage = new GarageService({
    repo: garageRepo,
    jobs,
    clock,
    signer: deps.fileUrls,
    providerNames: { registry: deps.registry.name, fines: deps.fines.name },
    value: deps.vehicleValue,
    usdCopRate: usdCopRateFrom(config),
    log,
  });
  const lookups = new GarageLookupService({
    repo: garageRepo,
    registry: deps.registry,
    fines: deps.fines,
    clock,
    log,
    onRegistryUpdated: deps.onRegistryUpdated,
  });
  const files = new GarageFilesService({
    repo: garageRepo,
    storage: deps.storage,
    signer: deps.fileUrls,
    clock,
    log,
  });
  await registerGarageJobs(jobs, lookups, garage);
  garageRoutes(app, { garage, files, auth: deps.auth });
  fileRoutes(app, { files });

  const refreshRepo = new GarageRefreshRepository(db);
  const settings = refreshSettings(config);
  const refresh = new GarageRefreshService({
    repo: refreshRepo,
    registry: deps.registry,
    fines: deps.fines,
    clock,
    settings,
    notifications: deps.notifications,
    onRegistryUpdated: deps.onRegistryUpdated,
    log,
  });
  await registerRefreshJobs(jobs, refresh);
  await registerQuotaPurgeJob(jobs, new RefreshQuotaPurge(db, clock, config.REFRESH_QUOTA_RETENTION_HOURS));
  const manual = new GarageRefreshManualService({ repo: refreshRepo, refresh, clock, settings });
  garageRefreshRoutes(app, { manual, auth: deps.auth, access: deps.access });
  app.decorate('garageRefresh', refresh);
  return { garage, garageRepo };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled refresh (tests and the benchmark call tick() with an injected clock). */
    garageRefresh: GarageRefreshService;
  }
}
