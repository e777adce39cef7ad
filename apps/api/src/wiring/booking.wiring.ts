import { registerBookingJobs } from '../features/booking/booking.jobs.ts';
import { BookingRepository } from '../features/booking/booking.repository.ts';
import { bookingRoutes } from '../features/booking/booking.routes.ts';
import { BookingService } from '../features/booking/booking.service.ts';
import { MyBookingsRepository } from '../features/booking/my-bookings.repository.ts';
import { myBookingsRoutes } from '../features/booking/my-bookings.routes.ts';
import { MyBookingsService } from '../features/booking/my-bookings.service.ts';
import { paymentRoutes } from '../features/booking/payments.routes.ts';
import type { authenticate } from '../http/auth.ts';
import { countPaymentErrors } from '../integrations/provider-metrics.ts';
import type { Metrics } from '../lib/metrics.ts';
import { paymentsFromConfig } from '../providers.ts';
import type { WiringContext } from './wiring-context.ts';

/**
 * Bookings: RTM, peritaje and trámites, payments (the configured provider, its errors counted), the drivers'
 * 'Mis agendamientos' and the payment pages; their jobs and routes. Answers the booking repository and the
 * payments provider, which the fleet's bulk booking and the operator console use.
 */
export async function wireBooking(
  ctx: WiringContext,
  auth: ReturnType<typeof authenticate>,
  metrics: Metrics,
) {
  const { app, config, database, clock, providers, jobs, secret } = ctx;
  const bookingRepo = new BookingRepository(database.db);
  const payments = countPaymentErrors(providers.payments ?? paymentsFromConfig(config, secret), metrics);
  const paymentRedirectUrl = config.WOMPI_REDIRECT_URL ?? `${config.WEB_URL}/app/agendamientos`;
  const booking = new BookingService({
    repo: bookingRepo,
    clock,
    payments,
    jobs,
    messenger: providers.messenger,
    webUrl: config.WEB_URL,
    paymentRedirectUrl,
    secret,
    log: app.log,
  });
  await registerBookingJobs(jobs, booking);
  const myBookings = new MyBookingsService({
    booking,
    bookingRepo,
    repo: new MyBookingsRepository(database.db),
    clock,
    payments,
    jobs,
    freeCancelHours: config.BOOKING_FREE_CANCEL_HOURS,
    paymentRedirectUrl,
    log: app.log,
  });
  bookingRoutes(app, { booking, repo: bookingRepo, auth, chatbotToken: config.CHATBOT_TOKEN });
  myBookingsRoutes(app, { myBookings, auth });
  paymentRoutes(app, {
    booking,
    clock,
    webUrl: config.WEB_URL,
    // The sandbox checkout approves payments for anyone with a reference: never on a real production server.
    sandboxCheckout: config.NODE_ENV !== 'production' || config.ALLOW_DEMO,
  });
  return { bookingRepo, payments };
}
