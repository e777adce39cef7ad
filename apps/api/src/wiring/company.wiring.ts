import type { BookingRepository } from '../features/booking/booking.repository.ts';
import { BulkBookingRepository } from '../features/booking/bulk-booking.repository.ts';
import { BulkBookingService } from '../features/booking/bulk-booking.service.ts';
import { FleetAlertsService } from '../features/fleet/fleet-alerts.service.ts';
import { fleetBulkBookingRoutes } from '../features/fleet/fleet-bulk-booking.routes.ts';
import { FleetCompanyRepository } from '../features/fleet/fleet-company.repository.ts';
import { FleetComplianceRepository } from '../features/fleet/fleet-compliance.repository.ts';
import { fleetComplianceRoutes } from '../features/fleet/fleet-compliance.routes.ts';
import { FleetComplianceService } from '../features/fleet/fleet-compliance.service.ts';
import { registerFleetDigestJobs } from '../features/fleet/fleet-digest.jobs.ts';
import { FleetDigestRepository } from '../features/fleet/fleet-digest.repository.ts';
import { fleetDigestRoutes } from '../features/fleet/fleet-digest.routes.ts';
import { FleetDigestService } from '../features/fleet/fleet-digest.service.ts';
import { DriverCompanyVehiclesRepository } from '../features/fleet/fleet-driver-vehicles.repository.ts';
import { driverCompanyVehiclesRoutes } from '../features/fleet/fleet-driver-vehicles.routes.ts';
import { FleetReportsRepository } from '../features/fleet/fleet-reports.repository.ts';
import { FleetReportsService } from '../features/fleet/fleet-reports.service.ts';
import { FleetSummaryService } from '../features/fleet/fleet-summary-pdf.service.ts';
import { fleetSummaryRoutes } from '../features/fleet/fleet-summary.routes.ts';
import { fleetViewsRoutes } from '../features/fleet/fleet-views.routes.ts';
import type { authenticate } from '../http/auth.ts';
import type { OrgHandlers } from '../http/org-access.ts';
import type { WiringContext } from './wiring-context.ts';

/**
 * A company's fleet-wide views (decision 038): compliance grid and exports, Alertas and Reportes, the PDF
 * summary, the weekly digest (job and toggle), the bulk RTM booking, and a driver's company vehicles.
 */
export async function wireCompanyViews(
  ctx: WiringContext,
  deps: { auth: ReturnType<typeof authenticate>; access: OrgHandlers; bookingRepo: BookingRepository },
) {
  const { app, config, database, clock, providers, jobs } = ctx;
  const { access } = deps;
  const complianceRepo = new FleetComplianceRepository(database.db);
  const compliance = new FleetComplianceService(complianceRepo, clock);
  const alerts = new FleetAlertsService(complianceRepo, clock);
  const reports = new FleetReportsService(new FleetReportsRepository(database.db), complianceRepo, clock);
  const company = new FleetCompanyRepository(database.db);
  fleetComplianceRoutes(app, { compliance, access });
  fleetViewsRoutes(app, { alerts, reports, access });

  const digest = new FleetDigestService({
    repo: new FleetDigestRepository(database.db),
    company,
    alerts,
    messenger: providers.messenger,
    clock,
    webUrl: config.WEB_URL,
    log: app.log,
  });
  await registerFleetDigestJobs(jobs, digest);
  fleetDigestRoutes(app, { digest, access });
  driverCompanyVehiclesRoutes(app, {
    repo: new DriverCompanyVehiclesRepository(database.db),
    auth: deps.auth,
  });
  fleetSummaryRoutes(app, {
    summary: new FleetSummaryService({ compliance, reports, company }),
    access,
  });
  fleetBulkBookingRoutes(app, {
    book: new BulkBookingService({
      repo: deps.bookingRepo,
      bulk: new BulkBookingRepository(database.db),
      clock,
      log: app.log,
    }).bookRtm,
    access,
  });
}
