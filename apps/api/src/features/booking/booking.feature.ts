import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import type { WhatsAppSender } from '../../integrations/messaging/whatsapp.ts';
import { DriverMessages } from '../../integrations/messaging/driver-messages.ts';
import { BookingChangesRepository } from './booking-changes.repository.ts';
import { BookService } from './book.service.ts';
import { BookingPlaceRepository } from './booking-place.repository.ts';
import { registerBookingJobs } from './booking.jobs.ts';
import type { BookingDeps } from './booking.deps.ts';
import { BookingRepository } from './booking.repository.ts';
import { bookingRoutes } from './booking.routes.ts';
import { BookingService } from './booking.service.ts';
import { BulkBookingRepository } from './bulk-booking.repository.ts';
import { BulkBookingService } from './bulk-booking.service.ts';
import { MyBookingsRepository } from './my-bookings.repository.ts';
import { myBookingsRoutes } from './my-bookings.routes.ts';
import { MyBookingsService } from './my-bookings.service.ts';
import { paymentRoutes } from './payments.routes.ts';

/**
 * Bookings: RTM, peritaje and trámites, payments (the given provider), the drivers' 'Mis agendamientos' and the
 * payment pages; their jobs and routes. Answers the fleet's all-or-nothing RTM booking of several vehicles.
 */
export async function registerBooking(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'config' | 'db' | 'clock' | 'jobs' | 'log' | 'secret'> & {
    messenger: Messenger;
    /** WhatsApp of a driver's own booking changes, when they turned it on (issue 36). */
    whatsapp?: WhatsAppSender | undefined;
    payments: PaymentProvider;
    auth: preHandlerAsyncHookHandler;
    /** Scheduled prices whose day has come are applied before any quote or booking (decision 118). */
    prices: BookingDeps['prices'];
  },
) {
  const { config, db, clock, jobs, log, payments } = deps;
  const bookingRepo = new BookingRepository(db);
  const paymentRedirectUrl = config.WOMPI_REDIRECT_URL ?? `${config.WEB_URL}/app/agendamientos`;
  const messages = new DriverMessages({ db, messenger: deps.messenger, whatsapp: deps.whatsapp, clock, log });
  const bookingDeps = {
    repo: bookingRepo,
    clock,
    prices: deps.prices,
    payments,
    jobs,
    messages,
    webUrl: config.WEB_URL,
    paymentRedirectUrl,
    secret: deps.secret,
    log,
  };
  const booking = new BookingService(bookingDeps);
  const book = new BookService({ ...bookingDeps, places: new BookingPlaceRepository(db) });
  await registerBookingJobs(jobs, booking);
  const myBookings = new MyBookingsService({
    booking,
    bookingRepo,
    repo: new MyBookingsRepository(db),
    clock,
    payments,
    jobs,
    freeCancelHours: config.BOOKING_FREE_CANCEL_HOURS,
    paymentRedirectUrl,
    log,
    changes: new BookingChangesRepository(db),
    notice: { repo: bookingRepo, messages, webUrl: config.WEB_URL },
  });
  bookingRoutes(app, {
    booking,
    book,
    repo: bookingRepo,
    auth: deps.auth,
    chatbotToken: config.CHATBOT_TOKEN,
  });
  myBookingsRoutes(app, { myBookings, auth: deps.auth });
  paymentRoutes(app, {
    booking,
    clock,
    webUrl: config.WEB_URL,
    // The sandbox checkout approves payments for anyone with a reference: never on a real production server.
    sandboxCheckout: config.NODE_ENV !== 'production' || config.ALLOW_DEMO,
  });
  const bulk = new BulkBookingService({ repo: bookingRepo, bulk: new BulkBookingRepository(db), clock, log });
  // The fleet's bookings screen lists the organisation's bookings (its company owns them) as 'Mis agendamientos'.
  return {
    bookRtm: bulk.bookRtm,
    listBookings: (userId: number) => myBookings.list(userId),
  };
}
