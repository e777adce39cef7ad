import { BOOKING_PATHS, readPaymentLink } from '@togo/domain/booking/booking.contract';
import type {
  BookingAnswer,
  PaymentMethod,
  PeritajeBookRequest,
  RtmBookRequest,
  TramitesBookRequest,
} from '@togo/domain/booking/booking.contract';
import type { BookingResult, PaymentMode } from '../use-confirm-booking.ts';
import { envelope, whPost } from './wh.ts';

export const paymentMethod = (mode: PaymentMode): PaymentMethod =>
  mode === 'ahora' ? 'pagar_ahora' : 'pagar_en_sitio';

async function book(path: string, body: unknown, idempotencyKey: string): Promise<BookingResult> {
  const answer = await whPost<BookingAnswer>(path, body, { 'Idempotency-Key': idempotencyKey });
  return { linkPago: readPaymentLink(answer) };
}

type Params<R extends { sessionInfo: { parameters: unknown } }> = R['sessionInfo']['parameters'];

/** POST wh/agendamiento/agenda/ — RTM booking. */
export const bookRtm = (parameters: Params<RtmBookRequest>, key: string) =>
  book(BOOKING_PATHS.rtmBook, envelope(parameters), key);

/** POST wh/tramites/agenda/ — the stored trámites details plus fecha_agenda, franja, promocion 'NO'. */
export const bookTramites = (parameters: Params<TramitesBookRequest>, key: string) =>
  book(BOOKING_PATHS.tramitesBook, envelope(parameters), key);

/** POST wh/peritajes/agenda/ — peritaje booking with branch data and result-delivery fields. */
export const bookPeritaje = (parameters: Params<PeritajeBookRequest>, key: string) =>
  book(BOOKING_PATHS.peritajeBook, envelope(parameters), key);
