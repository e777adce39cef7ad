import type { JobQueue } from '../../jobs/job-queue.ts';
import type { OperatorBookingsService } from './operator-bookings.service.ts';

export const OPERATOR_REFUND_RETRY_JOB = 'operator-refund-retry';
/** Every 10 minutes: failed refunds (and pending ones whose first attempt was lost) are tried again. */
export const OPERATOR_REFUND_RETRY_CRON = '*/10 * * * *';

export async function registerOperatorJobs(
  queue: JobQueue,
  bookings: Pick<OperatorBookingsService, 'retryRefunds'>,
): Promise<void> {
  await queue.work(OPERATOR_REFUND_RETRY_JOB, async () => {
    await bookings.retryRefunds();
  });
  await queue.schedule(OPERATOR_REFUND_RETRY_JOB, OPERATOR_REFUND_RETRY_CRON, {}, 'America/Bogota');
}
