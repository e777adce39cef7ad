/**
 * The states of a booking: constants only, so that a screen listing bookings (the home's next booking, the fleet's
 * bookings) does not load the booking calls' request schemas with them (decision 124).
 */

/** atendido and no_asistio are set by staff in the operator console. */
export const BOOKING_STATES = [
  'pendiente_pago',
  'confirmada',
  'cancelada',
  'expirada',
  'rechazada',
  'atendido',
  'no_asistio',
  // A confirmed booking on a day the console closed its branch (decision 110): to reschedule or cancel.
  'afectada_cierre',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/**
 * A booking still to happen (or to be rescheduled after a closure): its vehicle's service is taken care of. The
 * fleet's bulk booking refuses a second one (the API) and 'Próximos servicios' shows its date (the web app).
 */
export const ACTIVE_BOOKING_STATES = [
  'pendiente_pago',
  'confirmada',
  'afectada_cierre',
] as const satisfies readonly BookingState[];
