import type { FastifyInstance } from 'fastify';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { STAFF_ROLES, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import { DriverMessages } from '../../integrations/messaging/driver-messages.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { WhatsAppSender } from '../../integrations/messaging/whatsapp.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationSink } from '../../lib/notification-sink.ts';
import { AuditRepository } from './audit.repository.ts';
import { requireStaff } from './operator-auth.hook.ts';
import { OperatorBookingNotices } from './operator-booking-notices.ts';
import { OperatorBookingsRepository } from './operator-bookings.repository.ts';
import { OperatorBookingsService } from './operator-bookings.service.ts';
import { OperatorBranchesRepository } from './operator-branches.repository.ts';
import { OperatorBranchesService } from './operator-branches.service.ts';
import { operatorConsoleRoutes } from './operator-console.routes.ts';
import { OperatorDivipolaRepository } from './operator-divipola.repository.ts';
import { OperatorDashboardRepository } from './operator-dashboard.repository.ts';
import { operatorDashboardRoutes } from './operator-dashboard.routes.ts';
import { OperatorDashboardService } from './operator-dashboard.service.ts';
import { operatorOpsRoutes } from './operator-ops.routes.ts';
import { OperatorContentRepository } from './operator-content.repository.ts';
import { operatorContentRoutes } from './operator-content.routes.ts';
import { OperatorContentService } from './operator-content.service.ts';
import { OperatorExportRepository } from './operator-export.repository.ts';
import { OperatorExportService } from './operator-export.service.ts';
import { OperatorPicoPlacaReportsRepository } from './operator-pico-placa-reports.repository.ts';
import { operatorPicoPlacaReportsRoutes } from './operator-pico-placa-reports.routes.ts';
import { OperatorPicoPlacaReportsService } from './operator-pico-placa-reports.service.ts';
import { OperatorPicoPlacaRepository } from './operator-pico-placa.repository.ts';
import { OperatorPicoPlacaService } from './operator-pico-placa.service.ts';
import { OperatorBlogRepository } from './operator-blog.repository.ts';
import { operatorBlogRoutes } from './operator-blog.routes.ts';
import { OperatorBlogService } from './operator-blog.service.ts';
import { OperatorPricesRepository } from './operator-prices.repository.ts';
import { operatorPriceSchedulesRoutes } from './operator-price-schedules.routes.ts';
import { OperatorPriceSchedulesService } from './operator-price-schedules.service.ts';
import { OperatorPricesService } from './operator-prices.service.ts';
import { OperatorSupportActionsRepository } from './operator-support-actions.repository.ts';
import { OperatorSupportRepository } from './operator-support.repository.ts';
import { operatorSupportRoutes } from './operator-support.routes.ts';
import { OperatorSupportService, type SupportCodeSender } from './operator-support.service.ts';
import { registerOperatorJobs } from './operator.jobs.ts';
import { PicoPlacaReviewMailService } from './operator-pico-placa-review.service.ts';
import { StaffAdminRepository } from './staff-admin.repository.ts';
import { StaffAdminService } from './staff-admin.service.ts';
import { StaffAuthService, type SignInThrottle } from './staff-auth.service.ts';
import { StaffRepository } from './staff.repository.ts';
import { PriceSchedulesRepository } from './operator-price-schedules.repository.ts';
import type { PricesInEffect } from './prices-in-effect.ts';
import { staffRoutes } from './staff.routes.ts';

/**
 * Roles that must use TOTP: OPERATOR_TOTP_ROLES, else every role in production and none elsewhere. Production
 * refuses a list without admin, operaciones and contenido (config.ts): listing only those three is the setting
 * that lets soporte sign in without it (decision 065).
 */
export function totpRoles(config: Pick<Config, 'OPERATOR_TOTP_ROLES' | 'NODE_ENV'>): StaffRole[] {
  if (config.OPERATOR_TOTP_ROLES) {
    return config.OPERATOR_TOTP_ROLES.split(',').filter((r): r is StaffRole =>
      (STAFF_ROLES as readonly string[]).includes(r),
    );
  }
  return config.NODE_ENV === 'production' ? [...STAFF_ROLES] : [];
}

/**
 * The operator console's API (/api/operador/…, decision 022): wires its repositories, services, routes and the
 * refund job, and creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when absent.
 */
export async function registerOperator(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    messenger: Messenger;
    /** WhatsApp of staff's booking changes to drivers who chose it (decision 109). */
    whatsapp?: WhatsAppSender | undefined;
    payments: PaymentProvider;
    jobs: JobQueue;
    /** Where banner images are kept (the app's file storage). */
    storage: FileStorage;
    log: Logger;
    /** APP_SECRET (or the generated one): seals TOTP secrets. */
    secret: string;
    /** The accounts' code flow, for the support action 'reenviar código' (decision 031). */
    supportCodes: SupportCodeSender;
    /** The accounts' sign-in throttle: staff sign-in and TOTP codes are limited the same way (decision 065). */
    signInThrottle: SignInThrottle;
    /** The notifications' delivery: a driver is told when their pico y placa report is resolved (decision 104). */
    notifications: NotificationSink;
    /** Applies the scheduled prices whose day has come (decision 118); shared with the booking feature. */
    prices: Pick<PricesInEffect, 'apply'>;
  },
): Promise<void> {
  const { config, db, clock } = deps;
  const staffRepo = new StaffRepository(db);
  const auth = new StaffAuthService({
    repo: staffRepo,
    clock,
    totpRoles: totpRoles(config),
    appSecret: deps.secret,
    throttle: deps.signInThrottle,
    idleMs: config.OPERATOR_IDLE_MINUTES * 60_000,
  });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    if (await auth.ensureFirstAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD)) {
      deps.log.info({ email: config.ADMIN_EMAIL }, 'operator console: first admin created');
    }
  }
  const notices = new OperatorBookingNotices({
    messages: new DriverMessages({
      db,
      messenger: deps.messenger,
      whatsapp: deps.whatsapp,
      clock,
      log: deps.log,
    }),
    webUrl: config.WEB_URL,
  });
  const bookings = new OperatorBookingsService({
    repo: new OperatorBookingsRepository(db),
    clock,
    payments: deps.payments,
    log: deps.log,
    notices,
  });
  const picoPlacaRepo = new OperatorPicoPlacaRepository(db);
  const reviewMail = new PicoPlacaReviewMailService({
    repo: picoPlacaRepo,
    messenger: deps.messenger,
    clock,
    consoleUrl: config.WEB_URL,
  });
  await registerOperatorJobs(deps.jobs, bookings, reviewMail, deps.prices);
  const guard = requireStaff(auth);
  const picoPlaca = new OperatorPicoPlacaService(picoPlacaRepo, clock);
  staffRoutes(app, {
    auth,
    admin: new StaffAdminService({
      repo: staffRepo,
      actions: new StaffAdminRepository(db),
      clock,
      messenger: deps.messenger,
      webUrl: config.WEB_URL,
    }),
    guard,
  });
  const branches = new OperatorBranchesService({
    repo: new OperatorBranchesRepository(db),
    divipola: new OperatorDivipolaRepository(db),
    clock,
    notices,
    log: deps.log,
  });
  operatorConsoleRoutes(app, {
    guard,
    picoPlaca,
    bookings,
    branches,
  });
  operatorPicoPlacaReportsRoutes(app, {
    guard,
    reports: new OperatorPicoPlacaReportsService({
      repo: new OperatorPicoPlacaReportsRepository(db),
      clock,
      notifications: deps.notifications,
    }),
  });
  operatorSupportRoutes(app, {
    guard,
    support: new OperatorSupportService({
      repo: new OperatorSupportRepository(db),
      actions: new OperatorSupportActionsRepository(db),
      codes: deps.supportCodes,
      clock,
    }),
  });
  operatorDashboardRoutes(app, {
    guard,
    dashboard: new OperatorDashboardService(new OperatorDashboardRepository(db), picoPlaca, clock),
    audit: new AuditRepository(db),
    clock,
  });
  operatorOpsRoutes(app, {
    guard,
    bookings,
    branches,
    prices: new OperatorPricesService(new OperatorPricesRepository(db), clock, deps.prices),
  });
  operatorContentRoutes(app, {
    guard,
    content: new OperatorContentService({
      repo: new OperatorContentRepository(db),
      storage: deps.storage,
      clock,
    }),
    exporter: new OperatorExportService(new OperatorExportRepository(db)),
  });
  operatorPriceSchedulesRoutes(app, {
    guard,
    schedules: new OperatorPriceSchedulesService({
      repo: new PriceSchedulesRepository(db),
      prices: deps.prices,
      clock,
    }),
  });
  operatorBlogRoutes(app, {
    guard,
    blog: new OperatorBlogService({ repo: new OperatorBlogRepository(db), clock }),
  });
}
