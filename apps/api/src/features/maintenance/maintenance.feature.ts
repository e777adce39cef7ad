import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import type { OrgHandlers } from '../../http/org-access.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { NotificationSink } from '../../lib/notification-sink.ts';
import { FleetDriverCostsRepository } from './fleet-driver-costs.repository.ts';
import { FleetDriverCostsService } from './fleet-driver-costs.service.ts';
import { FleetMaintenanceRepository } from './fleet-maintenance.repository.ts';
import { fleetMaintenanceRoutes } from './fleet-maintenance.routes.ts';
import { FleetMaintenanceService } from './fleet-maintenance.service.ts';
import { MaintenanceAccess } from './maintenance-access.ts';
import { MaintenanceCostsRepository } from './maintenance-costs.repository.ts';
import { MaintenanceCostsService } from './maintenance-costs.service.ts';
import { maintenanceImportRoutes } from './maintenance-import.routes.ts';
import { MaintenanceImportService } from './maintenance-import.service.ts';
import { MaintenanceInvoiceService } from './maintenance-invoice.service.ts';
import { registerMaintenanceJobs } from './maintenance-notices.jobs.ts';
import { MaintenanceNoticesRepository } from './maintenance-notices.repository.ts';
import { MaintenanceNoticesService } from './maintenance-notices.service.ts';
import { MaintenanceRepository } from './maintenance.repository.ts';
import { maintenanceRoutes } from './maintenance.routes.ts';
import { MaintenanceService } from './maintenance.service.ts';

/**
 * Wires maintenance, fuel, reminders and costs (issue 39, decision 075): a vehicle's routes under
 * /api/togo/vehicle/{id}/, and the fleet-wide view (decision 077). `access` holds the organisation resolver of the fleet routes (decision 026), so a company's
 * members reach its vehicles with their role.
 */
export async function registerMaintenance(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'db' | 'clock' | 'log' | 'jobs'> & {
    auth: preHandlerAsyncHookHandler;
    /** The organisation handlers of the fleet routes (decision 026): its resolver, and its read guard. */
    access: OrgHandlers;
    storage: FileStorage;
    fileUrls: FileUrlSigner;
    /** The notifications' delivery: channels, preferences, quiet hours. */
    notifications: NotificationSink;
  },
): Promise<void> {
  app.decorateRequest('maintenanceVehicle', null);
  const repo = new MaintenanceRepository(deps.db);
  const maintenance = new MaintenanceService({ repo, signer: deps.fileUrls, clock: deps.clock });
  const costs = new MaintenanceCostsService({
    costs: new MaintenanceCostsRepository(deps.db),
    repo,
    maintenance,
    clock: deps.clock,
  });
  maintenanceRoutes(app, {
    auth: deps.auth,
    access: new MaintenanceAccess(repo, deps.access.resolve),
    maintenance,
    costs,
    invoices: new MaintenanceInvoiceService({
      repo,
      storage: deps.storage,
      signer: deps.fileUrls,
      clock: deps.clock,
      log: deps.log,
    }),
  });
  fleetMaintenanceRoutes(app, {
    access: deps.access,
    drivers: new FleetDriverCostsService({
      repo: new FleetDriverCostsRepository(deps.db),
      costs,
      clock: deps.clock,
    }),
    fleet: new FleetMaintenanceService({
      repo: new FleetMaintenanceRepository(deps.db),
      costs,
      clock: deps.clock,
    }),
  });
  maintenanceImportRoutes(app, {
    access: deps.access,
    imports: new MaintenanceImportService({ repo, maintenance, clock: deps.clock, log: deps.log }),
  });
  const notices = new MaintenanceNoticesService({
    repo: new MaintenanceNoticesRepository(deps.db),
    notifications: deps.notifications,
    clock: deps.clock,
  });
  await registerMaintenanceJobs(deps.jobs, notices);
  app.decorate('maintenanceNotices', notices);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily service-reminder notices (tests run them with an injected clock). */
    maintenanceNotices: MaintenanceNoticesService;
  }
}
