import type { FromFlow, PaymentMethod } from '@togo/domain/booking/booking.contract';
import { branchFor, checkSlot } from './booking-branch.ts';
import type { BookingDeps } from './booking.deps.ts';
import type { BranchRow } from './booking.repository.ts';

/** A 200 answer without session info: the client shows its first text in an 'Ups!' warning (SPPF §8). */
export interface MessageOnlyAnswer {
  fulfillmentResponse: { messages: [{ text: { text: [string] } }] };
}

export interface DetailAnswer<P> {
  sessionInfo: { parameters: P };
  session_info: { parameters: P };
}

export interface BookResult {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

export const SERVICE_TITLES: Record<FromFlow, string> = {
  rtm: 'Revisión técnico-mecánica',
  peritaje: 'Peritaje',
  tramites: 'Trámites',
};

export function message(text: string): MessageOnlyAnswer {
  return { fulfillmentResponse: { messages: [{ text: { text: [text] } }] } };
}

export function both<P>(parameters: P): DetailAnswer<P> {
  return { sessionInfo: { parameters }, session_info: { parameters } };
}

/** The fields of a booking request every service flow has. */
export interface BookingRequestBasics {
  sede: string;
  fecha_agenda: string;
  franja: string;
  placa: string;
  metodo_pago: PaymentMethod;
}

/** What every service's booking starts with: the checked branch and slot and the request's own fields. */
export interface BookingPrologue {
  userId: number;
  path: FromFlow;
  servicio: FromFlow;
  request: unknown;
  idempotencyKey: string | null;
  branch: BranchRow;
  hour: number;
  fecha: string;
  placa: string;
  metodoPago: PaymentMethod;
}

/**
 * The prologue the RTM, peritaje and trámites bookings share: the branch serves the flow (else 404/400), the
 * slot is offered that day (else 400), then the fields of placeBooking that come straight from the request.
 * Each flow prices its own service after it.
 */
export async function bookingPrologue(
  deps: Pick<BookingDeps, 'repo' | 'clock'>,
  servicio: FromFlow,
  userId: number,
  p: BookingRequestBasics,
  idempotencyKey: string | null,
): Promise<BookingPrologue> {
  const branch = await branchFor(deps.repo, p.sede, servicio);
  const hour = checkSlot(deps.clock, branch, p.fecha_agenda, p.franja);
  return {
    userId,
    path: servicio,
    servicio,
    request: p,
    idempotencyKey,
    branch,
    hour,
    fecha: p.fecha_agenda,
    placa: p.placa,
    metodoPago: p.metodo_pago,
  };
}
