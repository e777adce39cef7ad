import type { JobQueue } from '../../jobs/job-queue.ts';
import type { NotificationDeliveryService } from './notification-delivery.service.ts';

export const RELEASE_HELD_JOB = 'notifications-release-held';
/** Every 5 minutes: messages held for quiet hours go out soon after the window opens. */
export const RELEASE_HELD_CRON = '*/5 * * * *';

/** Schedules the release of held messages (each held row is claimed before sending: safe with N processes). */
export async function registerDeliveryJobs(
  queue: JobQueue,
  delivery: Pick<NotificationDeliveryService, 'releaseHeld'>,
): Promise<void> {
  await queue.work(RELEASE_HELD_JOB, async () => {
    await delivery.releaseHeld();
  });
  await queue.schedule(RELEASE_HELD_JOB, RELEASE_HELD_CRON, {}, 'America/Bogota');
}
