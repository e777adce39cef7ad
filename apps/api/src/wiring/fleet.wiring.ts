import type { FastifyInstance } from 'fastify';
import { FleetDetailService } from '../features/fleet/fleet-detail.service.ts';
import { registerFleetJobs } from '../features/fleet/fleet-import.jobs.ts';
import { FleetImportService } from '../features/fleet/fleet-import.service.ts';
import { WorkerFleetParser, type FleetFileParser } from '../features/fleet/fleet-parser.ts';
import { FleetPhotoRepository } from '../features/fleet/fleet-photo.repository.ts';
import { driverPhotoUrl } from '../features/fleet/fleet-driver-person.ts';
import { FleetPhotoService } from '../features/fleet/fleet-photo.service.ts';
import { FleetRepository } from '../features/fleet/fleet.repository.ts';
import { FleetService, type FleetLimits } from '../features/fleet/fleet.service.ts';
import type { GarageRepository } from '../features/garage/garage.repository.ts';
import type { GarageService } from '../features/garage/garage.service.ts';
import type { Database } from '../db/client.ts';
import type { FileUrlSigner } from '../integrations/files/signed-url.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Clock } from '../lib/clock.ts';
import type { Providers } from '../providers.ts';

/**
 * The fleet feature's objects: the fleet (uploads, list), a vehicle's detail and driver photo, and the import
 * job with its parser (a WorkerFleetParser the app starts on first use and stops on close, unless given one).
 */
export async function wireFleet(
  app: FastifyInstance,
  deps: {
    database: Database;
    providers: Providers;
    jobs: JobQueue;
    clock: Clock;
    fileUrls: FileUrlSigner;
    garage: GarageService;
    garageRepo: GarageRepository;
    fleetLimits: FleetLimits | undefined;
    fleetParser: FleetFileParser | undefined;
  },
) {
  const { database, providers, jobs, clock, fileUrls } = deps;
  const fleetRepo = new FleetRepository(database.db);
  const fleet = new FleetService({
    repo: fleetRepo,
    storage: providers.fileStorage,
    jobs,
    clock,
    limits: deps.fleetLimits,
    log: app.log,
  });
  const fleetPhotoRepo = new FleetPhotoRepository(database.db);
  const fleetDetail = new FleetDetailService({
    repo: fleetRepo,
    photoUrl: driverPhotoUrl({ photos: fleetPhotoRepo, signer: fileUrls, clock }),
    garage: deps.garage,
    garageRepo: deps.garageRepo,
    registry: providers.registry,
    fines: providers.fines,
    jobs,
    clock,
    log: app.log,
  });
  const fleetPhotos = new FleetPhotoService({
    repo: fleetRepo,
    photos: fleetPhotoRepo,
    detail: fleetDetail,
    storage: providers.fileStorage,
    clock,
    log: app.log,
  });
  let fleetParser = deps.fleetParser;
  if (!fleetParser) {
    const owned = new WorkerFleetParser({ log: app.log });
    app.addHook('onClose', () => owned.close());
    fleetParser = owned;
  }
  await registerFleetJobs(
    jobs,
    new FleetImportService({
      repo: fleetRepo,
      storage: providers.fileStorage,
      clock,
      parser: fleetParser,
      log: app.log,
    }),
    fleetDetail,
  );
  return { fleet, fleetDetail, fleetPhotos };
}
