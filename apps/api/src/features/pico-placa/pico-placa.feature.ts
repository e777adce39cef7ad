import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationSink } from '../../lib/notification-sink.ts';
import { registerPicoPlacaEveJobs } from './pico-placa-eve.jobs.ts';
import { PicoPlacaEveRepository } from './pico-placa-eve.repository.ts';
import { PicoPlacaEveService } from './pico-placa-eve.service.ts';
import { PicoPlacaReportsRepository } from './pico-placa-reports.repository.ts';
import { PicoPlacaReportsService, type PicoPlacaReportsDeps } from './pico-placa-reports.service.ts';
import { PicoPlacaRepository } from './pico-placa.repository.ts';
import { picoPlacaRoutes } from './pico-placa.routes.ts';
import { PicoPlacaService } from './pico-placa.service.ts';

/**
 * Wires pico y placa: the GET route, the drivers' reports (decision 104) and the evening-before notice's daily job
 * (decision 041).
 */
export async function registerPicoPlaca(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    jobs: JobQueue;
    notifications: NotificationSink;
    /** PICO_PLACA_NOTICE_TIME: 'HH:mm' America/Bogota. */
    config: Pick<Config, 'PICO_PLACA_NOTICE_TIME'>;
    auth: preHandlerAsyncHookHandler;
    /** The accounts feature's request limiter (the drivers' reports, decision 104). */
    limit: PicoPlacaReportsDeps['limit'];
  },
): Promise<void> {
  const rules = new PicoPlacaRepository(deps.db);
  const picoPlaca = new PicoPlacaService(rules, deps.clock);
  const reports = new PicoPlacaReportsService({
    reports: new PicoPlacaReportsRepository(deps.db),
    rules,
    picoPlaca,
    clock: deps.clock,
    limit: deps.limit,
  });
  picoPlacaRoutes(app, { picoPlaca, reports, auth: deps.auth });
  const eve = new PicoPlacaEveService({
    repo: new PicoPlacaEveRepository(deps.db),
    rules,
    notifications: deps.notifications,
    clock: deps.clock,
  });
  await registerPicoPlacaEveJobs(deps.jobs, eve, deps.config.PICO_PLACA_NOTICE_TIME);
  app.decorate('picoPlacaEve', eve);
}
