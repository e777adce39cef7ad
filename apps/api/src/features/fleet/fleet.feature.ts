import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import type { OrgHandlers } from '../../http/org-access.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { FinesProvider } from '../../integrations/fines/fines-provider.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { RegistryProvider } from '../../integrations/registry/registry-provider.ts';
import type { GarageRepository } from '../garage/garage.repository.ts';
import type { GarageService } from '../garage/garage.service.ts';
import { FleetAlertsRepository } from './fleet-alerts.repository.ts';
import { FleetAlertsService } from './fleet-alerts.service.ts';
import {
  fleetBulkBookingRoutes,
  type FleetBookingsLister,
  type FleetBulkBooker,
} from './fleet-bulk-booking.routes.ts';
import { FleetCompanyRepository } from './fleet-company.repository.ts';
import { FleetComplianceRepository } from './fleet-compliance.repository.ts';
import { fleetComplianceRoutes } from './fleet-compliance.routes.ts';
import { FleetComplianceService } from './fleet-compliance.service.ts';
import { FleetDetailService } from './fleet-detail.service.ts';
import { registerFleetDigestJobs } from './fleet-digest.jobs.ts';
import { FleetDigestRepository } from './fleet-digest.repository.ts';
import { fleetDigestRoutes } from './fleet-digest.routes.ts';
import { FleetDigestService } from './fleet-digest.service.ts';
import { driverPhotoUrl } from './fleet-driver-person.ts';
import { DriverCompanyVehiclesRepository } from './fleet-driver-vehicles.repository.ts';
import { driverCompanyVehiclesRoutes } from './fleet-driver-vehicles.routes.ts';
import { registerFleetJobs } from './fleet-import.jobs.ts';
import { FleetImportService } from './fleet-import.service.ts';
import { WorkerFleetParser, type FleetFileParser } from './fleet-parser.ts';
import { FleetPhotoRepository } from './fleet-photo.repository.ts';
import { FleetPhotoService } from './fleet-photo.service.ts';
import { FleetReportsRepository } from './fleet-reports.repository.ts';
import { FleetReportsService } from './fleet-reports.service.ts';
import { FleetSummaryService } from './fleet-summary-pdf.service.ts';
import { fleetSummaryRoutes } from './fleet-summary.routes.ts';
import { fleetViewsRoutes } from './fleet-views.routes.ts';
import { FleetRepository } from './fleet.repository.ts';
import { fleetRoutes } from './fleet.routes.ts';
import { FleetService, type FleetLimits } from './fleet.service.ts';

/**
 * A company's fleet: uploads and their import job (a WorkerFleetParser the app starts on first use and stops on
 * close, unless given one), the list, a vehicle's detail and driver photo, and the fleet-wide views (decision
 * 038): compliance grid and exports, Alertas and Reportes, the PDF summary, the weekly digest (job and toggle),
 * the bulk RTM booking, and a driver's company vehicles. All their routes are registered here.
 */
export async function registerFleet(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'config' | 'db' | 'clock' | 'jobs' | 'log'> & {
    registry: RegistryProvider;
    fines: FinesProvider;
    storage: FileStorage;
    messenger: Messenger;
    fileUrls: FileUrlSigner;
    /** Fleet vehicles are garage vehicles (decision 034). */
    garage: GarageService;
    garageRepo: GarageRepository;
    auth: preHandlerAsyncHookHandler;
    access: OrgHandlers;
    /** The booking feature's all-or-nothing RTM booking of several vehicles. */
    bookRtm: FleetBulkBooker;
    /** The booking feature's list of a user's bookings, for the organisation's company. */
    listBookings: FleetBookingsLister;
    /** Upload limits (the fleet benchmark imports more rows than the product allows). */
    limits: FleetLimits | undefined;
    parser: FleetFileParser | undefined;
  },
): Promise<void> {
  const { config, db, clock, jobs, log, access } = deps;
  const fleetRepo = new FleetRepository(db);
  const fleet = new FleetService({
    repo: fleetRepo,
    storage: deps.storage,
    jobs,
    clock,
    limits: deps.limits,
    log,
  });
  const photoRepo = new FleetPhotoRepository(db);
  const detail = new FleetDetailService({
    repo: fleetRepo,
    photoUrl: driverPhotoUrl({ photos: photoRepo, signer: deps.fileUrls, clock }),
    garage: deps.garage,
    garageRepo: deps.garageRepo,
    registry: deps.registry,
    fines: deps.fines,
    jobs,
    clock,
    log,
  });
  const photos = new FleetPhotoService({
    repo: fleetRepo,
    photos: photoRepo,
    detail,
    storage: deps.storage,
    clock,
    log,
  });
  let parser = deps.parser;
  if (!parser) {
    const owned = new WorkerFleetParser({ log });
    app.addHook('onClose', () => owned.close());
    parser = owned;
  }
  await registerFleetJobs(
    jobs,
    new FleetImportService({ repo: fleetRepo, storage: deps.storage, clock, parser, log }),
    detail,
  );
  fleetRoutes(app, { fleet, detail, photos, access });

  const complianceRepo = new FleetComplianceRepository(db);
  const compliance = new FleetComplianceService(complianceRepo, clock);
  const alerts = new FleetAlertsService(new FleetAlertsRepository(db), clock);
  const reports = new FleetReportsService(new FleetReportsRepository(db), complianceRepo, clock);
  const company = new FleetCompanyRepository(db);
  fleetComplianceRoutes(app, { compliance, company, access });
  fleetViewsRoutes(app, { alerts, reports, access });
  const digest = new FleetDigestService({
    repo: new FleetDigestRepository(db),
    company,
    alerts,
    compliance,
    messenger: deps.messenger,
    clock,
    webUrl: config.WEB_URL,
    log,
  });
  await registerFleetDigestJobs(jobs, digest);
  fleetDigestRoutes(app, { digest, access });
  driverCompanyVehiclesRoutes(app, { repo: new DriverCompanyVehiclesRepository(db), auth: deps.auth });
  fleetSummaryRoutes(app, { summary: new FleetSummaryService({ compliance, reports, company }), access });
  fleetBulkBookingRoutes(app, { book: deps.bookRtm, list: deps.listBookings, access });
}
