import type { JobQueue } from '../../jobs/job-queue.ts';
import type { OperatorBookingsService } from './operator-bookings.service.ts';
import type { PicoPlacaReviewMailService } from './operator-pico-placa-review.service.ts';
import type { PricesInEffect } from './prices-in-effect.ts';

export const OPERATOR_REFUND_RETRY_JOB = 'operator-refund-retry';
/** Every 10 minutes: failed refunds (and pending ones whose first attempt was lost) are tried again. */
export const OPERATOR_REFUND_RETRY_CRON = '*/10 * * * *';

/** Every day at 08:00 Bogotá: staff emails 30 and 7 days before a pico y placa rule ends or is due for review. */
export const PICO_PLACA_REVIEW_MAIL_JOB = 'pico-placa-review-mail';
export const PICO_PLACA_REVIEW_MAIL_CRON = '0 8 * * *';

export const PRICES_IN_EFFECT_JOB = 'prices-in-effect';
/** Every day at 00:00 Bogotá: prices scheduled for the day take effect (decision 118). */
export const PRICES_IN_EFFECT_CRON = '0 0 * * *';

export async function registerOperatorJobs(
  queue: JobQueue,
  bookings: Pick<OperatorBookingsService, 'retryRefunds'>,
  reviewMail?: Pick<PicoPlacaReviewMailService, 'run'>,
  prices?: Pick<PricesInEffect, 'apply'>,
): Promise<void> {
  if (prices) {
    await queue.work(PRICES_IN_EFFECT_JOB, async () => {
      await prices.apply();
    });
    await queue.schedule(PRICES_IN_EFFECT_JOB, PRICES_IN_EFFECT_CRON, {}, 'America/Bogota');
  }
  if (reviewMail) {
    await queue.work(PICO_PLACA_REVIEW_MAIL_JOB, async () => {
      await reviewMail.run();
    });
    await queue.schedule(PICO_PLACA_REVIEW_MAIL_JOB, PICO_PLACA_REVIEW_MAIL_CRON, {}, 'America/Bogota');
  }
  await queue.work(OPERATOR_REFUND_RETRY_JOB, async () => {
    await bookings.retryRefunds();
  });
  await queue.schedule(OPERATOR_REFUND_RETRY_JOB, OPERATOR_REFUND_RETRY_CRON, {}, 'America/Bogota');
}
