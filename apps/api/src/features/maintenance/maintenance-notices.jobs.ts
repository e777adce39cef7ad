import type { JobQueue } from '../../jobs/job-queue.ts';
import type { MaintenanceNoticesService } from './maintenance-notices.service.ts';

export const MAINTENANCE_NOTICES_JOB = 'maintenance-notices';
/** Every day at 07:10 in Colombia: after the expiry run, when the default quiet hours have ended. */
export const MAINTENANCE_NOTICES_CRON = '10 7 * * *';
export const MAINTENANCE_NOTICES_TZ = 'America/Bogota';

/**
 * Schedules the daily service-reminder notices. pg-boss hands each run to one process and retries a failed one;
 * a retry or a second instance notifies nothing twice (each reminder's notice is claimed, then inserted once).
 */
export async function registerMaintenanceJobs(
  queue: JobQueue,
  notices: Pick<MaintenanceNoticesService, 'run'>,
): Promise<void> {
  await queue.work(MAINTENANCE_NOTICES_JOB, async () => {
    await notices.run();
  });
  await queue.schedule(MAINTENANCE_NOTICES_JOB, MAINTENANCE_NOTICES_CRON, {}, MAINTENANCE_NOTICES_TZ);
}
