import { GarageFilesService } from '../features/garage/garage-files.service.ts';
import { registerGarageJobs } from '../features/garage/garage-lookup.jobs.ts';
import { GarageLookupService } from '../features/garage/garage-lookup.service.ts';
import { GarageRepository } from '../features/garage/garage.repository.ts';
import { fileRoutes, garageRoutes } from '../features/garage/garage.routes.ts';
import { GarageService } from '../features/garage/garage.service.ts';
import { usdCopRateFrom } from '../features/garage/vehicle-value-cop.ts';
import type { authenticate } from '../http/auth.ts';
import type { FileUrlSigner } from '../integrations/files/signed-url.ts';
import type { WiringContext } from './wiring-context.ts';

/**
 * The drivers' garage: vehicles, the registry and fines look-ups (jobs), the vehicle value, documents and
 * files; their routes. Answers the garage service and repository, which the fleet feature builds on.
 */
export async function wireGarage(
  ctx: WiringContext,
  deps: {
    auth: ReturnType<typeof authenticate>;
    fileUrls: FileUrlSigner;
    onRegistryUpdated: (vehicleId: number) => Promise<void>;
  },
) {
  const { app, config, database, clock, providers, jobs } = ctx;
  const garageRepo = new GarageRepository(database.db);
  const garage = new GarageService({
    repo: garageRepo,
    jobs,
    clock,
    signer: deps.fileUrls,
    providerNames: { registry: providers.registry.name, fines: providers.fines.name },
    value: providers.vehicleValue,
    usdCopRate: usdCopRateFrom(config),
    log: app.log,
  });
  const lookups = new GarageLookupService({
    repo: garageRepo,
    registry: providers.registry,
    fines: providers.fines,
    clock,
    log: app.log,
    onRegistryUpdated: deps.onRegistryUpdated,
  });
  const files = new GarageFilesService({
    repo: garageRepo,
    storage: providers.fileStorage,
    signer: deps.fileUrls,
    clock,
    log: app.log,
  });
  await registerGarageJobs(jobs, lookups, garage);
  garageRoutes(app, { garage, files, auth: deps.auth });
  fileRoutes(app, { files });
  return { garage, garageRepo };
}
