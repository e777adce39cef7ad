import type { z } from 'zod';
import type {
  peritajeBookRequestSchema,
  peritajeBranchDetailRequestSchema,
} from '@togo/domain/booking/booking.contract';
import { BOOKING_MSG, type BranchDetailParameters, type Combo } from '@togo/domain/booking/booking.contract';
import { peritajeClassAndFuel } from '@togo/domain/booking/booking.rules';
import { AppError } from '../../http/app-error.ts';
import {
  bookingPrologue,
  both,
  message,
  type BookResult,
  type DetailAnswer,
  type MessageOnlyAnswer,
} from './booking-answers.ts';
import { branchFor, detailParameters } from './booking-branch.ts';
import { combos } from './booking-catalog.ts';
import { placeBooking } from './booking-placement.ts';
import type { BookingDeps } from './booking.deps.ts';
import type { BookingRepository, BranchRow } from './booking.repository.ts';

/** The peritaje flow: a combo at a branch or at home (Bogotá only), and its booking. */

type PeritajeDetailParams = z.output<typeof peritajeBranchDetailRequestSchema>['sessionInfo']['parameters'];
type PeritajeBookParams = z.output<typeof peritajeBookRequestSchema>['sessionInfo']['parameters'];

/** Only Bogotá has the peritaje home service (SPPF §3). */
const HOME_SERVICE_CITY = 11001;

async function peritajeQuote(
  repo: BookingRepository,
  p: { combo: string; tipo_atencion: string },
  branch: BranchRow,
): Promise<{ combo: Combo; clase: string; combustible: string } | { message: string }> {
  const [combo] = (await combos(repo, {})).filter((c) => c.id === p.combo);
  if (!combo) throw AppError.field('combo', BOOKING_MSG.comboNotFound);
  const home = combo.grupo === 'A Domicilio';
  if (home !== branch.aDomicilio || home !== (p.tipo_atencion === 'a_domicilio')) {
    return {
      message:
        home || branch.aDomicilio ? BOOKING_MSG.homeServiceNotAvailable : BOOKING_MSG.vehicleTypeNotServed,
    };
  }
  if (home && branch.cityId !== HOME_SERVICE_CITY) return { message: BOOKING_MSG.homeServiceNotAvailable };
  const group = combo.grupo === 'Motocicletas' ? 'MOTOS' : 'LIVIANOS';
  if (!(branch.atiende as string[]).includes(group)) return { message: BOOKING_MSG.vehicleTypeNotServed };
  const mapped = peritajeClassAndFuel(combo.grupo, combo.combustible);
  return { combo, clase: mapped.clase, combustible: mapped.combustible };
}

export async function peritajeDetail(
  deps: BookingDeps,
  _userId: number,
  p: PeritajeDetailParams,
): Promise<DetailAnswer<BranchDetailParameters> | MessageOnlyAnswer> {
  const branch = await branchFor(deps.repo, p.sede, 'peritaje');
  const quote = await peritajeQuote(deps.repo, p, branch);
  if ('message' in quote) return message(quote.message);
  return both({
    ...detailParameters(branch, p.placa, quote.clase, quote.combo.price),
    combo: quote.combo.id,
    combo_nombre: quote.combo.short_name,
    clase: quote.clase,
    combustible: quote.combustible,
    tipo_atencion: p.tipo_atencion,
  });
}

export async function bookPeritaje(
  deps: BookingDeps,
  userId: number,
  p: PeritajeBookParams,
  idempotencyKey: string | null,
): Promise<BookResult> {
  const base = await bookingPrologue(deps, 'peritaje', userId, p, idempotencyKey);
  const quote = await peritajeQuote(deps.repo, p, base.branch);
  if ('message' in quote) throw AppError.badRequest(quote.message);
  return placeBooking(deps, {
    ...base,
    tipoVehiculo: quote.clase,
    tipoAtencion: p.tipo_atencion,
    precio: quote.combo.price,
    detalle: [`Combo ${quote.combo.short_name}`],
    datos: {
      combo: quote.combo.id,
      clase: quote.clase,
      combustible: quote.combustible,
      recibir_resultado: p.recibir_resultado,
      correo_resultado: p.correo_resultado,
      nombre_resultado: p.nombre_resultado,
      cliente: p.cliente ?? null,
      promocion: p.promocion,
    },
    direccionServicio: p.tipo_atencion === 'a_domicilio' ? p.direccion_servicio : null,
    correo: p.correo_resultado,
  });
}
