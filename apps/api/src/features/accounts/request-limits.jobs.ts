import type { JobQueue } from '../../jobs/job-queue.ts';
import type { RequestLimiter } from './request-limits.service.ts';

export const REQUEST_LIMITS_PURGE_JOB = 'request-limits-purge';
/** Every day at 03:50 in Colombia. */
export const REQUEST_LIMITS_PURGE_CRON = '50 3 * * *';

/** Schedules the daily purge of old request-limit hits; an extra run only finds nothing left to delete. */
export async function registerRequestLimitsJobs(
  queue: JobQueue,
  limiter: Pick<RequestLimiter, 'purge'>,
): Promise<void> {
  await queue.work(REQUEST_LIMITS_PURGE_JOB, async () => {
    await limiter.purge();
  });
  await queue.schedule(REQUEST_LIMITS_PURGE_JOB, REQUEST_LIMITS_PURGE_CRON, {}, 'America/Bogota');
}
