import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { OrgHandlers } from '../../http/org-access.ts';
import type { FinesProvider } from '../../integrations/fines/fines-provider.ts';
import type { RegistryProvider } from '../../integrations/registry/registry-provider.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRefreshJobs } from './garage-refresh.jobs.ts';
import { RefreshQuotaPurge, registerQuotaPurgeJob } from './garage-refresh.purge.ts';
import { GarageRefreshManualService } from './garage-refresh-manual.service.ts';
import { GarageRefreshRepository } from './garage-refresh.repository.ts';
import { garageRefreshRoutes } from './garage-refresh.routes.ts';
import { refreshSettings } from './garage-refresh.schedule.ts';
import { GarageRefreshService, type NotificationSink } from './garage-refresh.service.ts';

/** Wires the scheduled refresh (decision 032): service, minute tick and routes. */
export async function registerGarageRefresh(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    clock: Clock;
    jobs: JobQueue;
    registry: RegistryProvider;
    fines: FinesProvider;
    notifications: NotificationSink;
    onRegistryUpdated?: (vehicleId: number) => Promise<void>;
    auth: preHandlerAsyncHookHandler;
    access: OrgHandlers;
  },
): Promise<GarageRefreshService> {
  const repo = new GarageRefreshRepository(deps.db);
  const settings = refreshSettings(deps.config);
  const refresh = new GarageRefreshService({
    repo,
    registry: deps.registry,
    fines: deps.fines,
    clock: deps.clock,
    settings,
    notifications: deps.notifications,
    onRegistryUpdated: deps.onRegistryUpdated,
    log: app.log,
  });
  await registerRefreshJobs(deps.jobs, refresh);
  await registerQuotaPurgeJob(
    deps.jobs,
    new RefreshQuotaPurge(deps.db, deps.clock, deps.config.REFRESH_QUOTA_RETENTION_HOURS),
  );
  const manual = new GarageRefreshManualService({ repo, refresh, clock: deps.clock, settings });
  garageRefreshRoutes(app, { manual, auth: deps.auth, access: deps.access });
  app.decorate('garageRefresh', refresh);
  return refresh;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled refresh (tests and the benchmark call tick() with an injected clock). */
    garageRefresh: GarageRefreshService;
  }
}
