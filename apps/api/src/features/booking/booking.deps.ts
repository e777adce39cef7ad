import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DriverMessages } from '../../integrations/messaging/driver-messages.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import type { BookingRepository } from './booking.repository.ts';

/** What the booking domain needs: shared by the service and the per-concept modules it delegates to. */
export interface BookingDeps {
  repo: BookingRepository;
  clock: Clock;
  /**
   * Applies the scheduled prices whose day has come, before any price is read (decision 118; the console's
   * schedules, wired in app.ts).
   */
  prices: { apply(): Promise<unknown> };
  payments: PaymentProvider;
  jobs: JobQueue;
  /** Messages to the driver, recorded in their delivery log (decision 109). */
  messages: DriverMessages;
  webUrl: string;
  /** Where the gateway sends the payer back. */
  paymentRedirectUrl: string;
  secret: string;
  log: Pick<Logger, 'warn' | 'error' | 'info'>;
}
