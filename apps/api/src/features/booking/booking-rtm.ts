import type { z } from 'zod';
import type {
  rtmBookRequestSchema,
  rtmBranchDetailRequestSchema,
} from '@togo/domain/booking/booking.contract';
import { BOOKING_MSG, type BranchDetailParameters } from '@togo/domain/booking/booking.contract';
import { AppError } from '../../http/app-error.ts';
import {
  bookingPrologue,
  both,
  message,
  SERVICE_TITLES,
  type BookResult,
  type DetailAnswer,
  type MessageOnlyAnswer,
} from './booking-answers.ts';
import { branchFor, detailParameters, vehicleClass, vehicleGroup } from './booking-branch.ts';
import { placeBooking } from './booking-placement.ts';
import type { BookingDeps } from './booking.deps.ts';
import type { BookingRepository, BranchRow } from './booking.repository.ts';

/** The RTM (revisión técnico-mecánica) flow: a garage vehicle's price at a branch, and its booking. */

type RtmDetailParams = z.output<typeof rtmBranchDetailRequestSchema>['sessionInfo']['parameters'];
type RtmBookParams = z.output<typeof rtmBookRequestSchema>['sessionInfo']['parameters'];

/** RTM price and vehicle type for a garage vehicle at a branch, or the message to show instead. */
async function rtmQuote(
  repo: BookingRepository,
  userId: number,
  branch: BranchRow,
  placa: string,
): Promise<{ message: string } | { clase: string; price: number }> {
  const { clase, inGarage } = await vehicleClass(repo, userId, placa);
  if (!inGarage) return { message: BOOKING_MSG.vehicleNotInGarage };
  const price = await repo.rtmPrice(clase);
  const served = branch.atiende as string[];
  if (!price || !served.includes(vehicleGroup(clase))) {
    return { message: BOOKING_MSG.vehicleTypeNotServed };
  }
  return { clase, price: price.precio };
}

export async function rtmDetail(
  deps: BookingDeps,
  userId: number,
  p: RtmDetailParams,
): Promise<DetailAnswer<BranchDetailParameters> | MessageOnlyAnswer> {
  const branch = await branchFor(deps.repo, p.sede, 'rtm');
  const quote = await rtmQuote(deps.repo, userId, branch, p.placa);
  if ('message' in quote) return message(quote.message);
  return both(detailParameters(branch, p.placa, quote.clase, quote.price));
}

export async function bookRtm(
  deps: BookingDeps,
  userId: number,
  p: RtmBookParams,
  idempotencyKey: string | null,
): Promise<BookResult> {
  const base = await bookingPrologue(deps, 'rtm', userId, p, idempotencyKey);
  const quote = await rtmQuote(deps.repo, userId, base.branch, p.placa);
  if ('message' in quote) throw AppError.badRequest(quote.message);
  return placeBooking(deps, {
    ...base,
    tipoVehiculo: quote.clase,
    tipoAtencion: 'presencial',
    precio: quote.price,
    detalle: [SERVICE_TITLES.rtm],
    datos: { ciudad: p.ciudad ?? null, cliente: p.cliente ?? null, promocion: p.promocion },
    direccionServicio: null,
    correo: null,
  });
}
