import type { JobQueue } from '../../jobs/job-queue.ts';
import { BOOKING_HOLD_RELEASE_JOB } from './book.service.ts';
import type { BookingService } from './booking.service.ts';

export const BOOKING_HOLD_SWEEP_JOB = 'booking-hold-sweep';
/** Every minute: releases holds whose own job was lost or delayed. */
export const BOOKING_HOLD_SWEEP_CRON = '* * * * *';

/**
 * 'Pagar Ahora' holds a seat for 15 minutes: each booking queues BOOKING_HOLD_RELEASE_JOB to run when its hold
 * ends, and a sweep runs every minute as a safety net. Both run one set-based release (idempotent), so several
 * processes may run them at once.
 */
export async function registerBookingJobs(
  queue: JobQueue,
  booking: Pick<BookingService, 'releaseExpiredHolds'>,
): Promise<void> {
  const release = async () => {
    await booking.releaseExpiredHolds();
  };
  await queue.work(BOOKING_HOLD_RELEASE_JOB, release);
  await queue.work(BOOKING_HOLD_SWEEP_JOB, release);
  await queue.schedule(BOOKING_HOLD_SWEEP_JOB, BOOKING_HOLD_SWEEP_CRON, {}, 'America/Bogota');
}
