import type { JobQueue } from '../../jobs/job-queue.ts';
import type { GarageRefreshService } from './garage-refresh.service.ts';

/** The refresh scheduler's tick: every minute on every instance (the quota and leases are in PostgreSQL). */
export const REFRESH_TICK_JOB = 'garage-refresh-tick';
export const REFRESH_TICK_CRON = '* * * * *';

export async function registerRefreshJobs(
  queue: JobQueue,
  refresh: Pick<GarageRefreshService, 'tick'>,
): Promise<void> {
  await queue.work(REFRESH_TICK_JOB, async () => {
    await refresh.tick();
  });
  await queue.schedule(REFRESH_TICK_JOB, REFRESH_TICK_CRON, {}, 'America/Bogota');
}
