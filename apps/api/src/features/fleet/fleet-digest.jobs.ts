import type { JobQueue } from '../../jobs/job-queue.ts';
import type { FleetDigestService } from './fleet-digest.service.ts';

export const FLEET_DIGEST_JOB = 'fleet-weekly-digest';
/** Mondays at 07:00 in Bogotá. */
export const FLEET_DIGEST_CRON = '0 7 * * 1';
export const FLEET_DIGEST_TZ = 'America/Bogota';

export async function registerFleetDigestJobs(
  queue: JobQueue,
  digest: Pick<FleetDigestService, 'runWeekly'>,
): Promise<void> {
  await queue.work(FLEET_DIGEST_JOB, async () => {
    await digest.runWeekly();
  });
  await queue.schedule(FLEET_DIGEST_JOB, FLEET_DIGEST_CRON, {}, FLEET_DIGEST_TZ);
}
