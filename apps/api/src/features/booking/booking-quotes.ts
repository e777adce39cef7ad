import {
  BOOKING_MSG,
  type BranchDetailParameters,
  type Combo,
  type FromFlow,
  type OpeningHours,
} from '@togo/domain/booking/booking.contract';
import { peritajeClassAndFuel, slotHour, slotHoursFor } from '@togo/domain/booking/booking.rules';
import { isMotorcycleClass } from '@togo/domain/garage/vehicle.rules';
import { SERVICE_LABELS } from '@togo/domain/labels';
import { plateGroup } from '@togo/domain/plates/plate.rules';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { combos } from './booking-catalog.ts';
import type { BookingRepository, BranchRow } from './booking.repository.ts';

/**
 * What a branch detail and a booking both check and price, per service flow: the branch serves the flow, the
 * slot is offered, the vehicle's class, and each service's quote (RTM by vehicle class, peritaje by combo,
 * trámites line by line). Reads only.
 */

/** The services' names (packages/domain's labels). */
export const SERVICE_TITLES: Record<FromFlow, string> = SERVICE_LABELS;

/** Only Bogotá has the peritaje home service (SPPF §3). */
const HOME_SERVICE_CITY = 11001;

/** The branch, when it exists and serves the flow; else a 404. */
export async function branchFor(
  repo: BookingRepository,
  sede: string,
  servicio: FromFlow,
): Promise<BranchRow> {
  const branch = await repo.findBranch(sede);
  if (!branch || branch.servicio !== servicio) throw AppError.notFound(BOOKING_MSG.branchNotFound);
  return branch;
}

/** The hour of a requested slot, when the branch offers it on that date; else a 400. */
export function checkSlot(clock: Clock, branch: BranchRow, fecha: string, franja: string): number {
  const hour = slotHour(franja);
  const offered = slotHoursFor({
    date: fecha,
    now: clock.now(),
    openingHours: branch.horario as OpeningHours,
  });
  if (hour === null || !offered.includes(hour)) throw AppError.badRequest(BOOKING_MSG.slotUnavailable);
  return hour;
}

export function detailParameters(
  branch: BranchRow,
  placa: string,
  tipo: string,
  price: number,
): BranchDetailParameters {
  return {
    placa,
    tipo_vehiculo: tipo,
    price,
    sede: branch.id,
    nombre_sede: branch.nombre,
    direccion: branch.direccion,
    telefono: branch.telefono,
    maps: branch.maps,
    ciudad: branch.cityName,
  };
}

export function vehicleGroup(clase: string): 'LIVIANOS' | 'MOTOS' | 'PESADOS' {
  if (isMotorcycleClass(clase)) return 'MOTOS';
  if (['BUSETA', 'BUS', 'CAMION', 'VOLQUETA', 'TRACTOCAMION'].includes(clase)) return 'PESADOS';
  return 'LIVIANOS';
}

/** Vehicle class: the registry's for a garage vehicle, else inferred from the plate format. */
export async function vehicleClass(
  repo: BookingRepository,
  userId: number,
  placa: string,
): Promise<{ clase: string; inGarage: boolean }> {
  const vehicle = await repo.findVehicle(userId, placa);
  if (vehicle?.clase) return { clase: vehicle.clase, inGarage: true };
  const group = plateGroup(placa);
  return { clase: group === 'moto' ? 'MOTOCICLETA' : 'AUTOMOVIL', inGarage: Boolean(vehicle) };
}

/** RTM price and vehicle type for a garage vehicle at a branch, or the message to show instead. */
export async function rtmQuote(
  repo: BookingRepository,
  userId: number,
  branch: BranchRow,
  placa: string,
): Promise<{ message: string } | { clase: string; price: number }> {
  const { clase, inGarage } = await vehicleClass(repo, userId, placa);
  if (!inGarage) return { message: BOOKING_MSG.vehicleNotInGarage };
  const price = await repo.rtmPrice(clase);
  const served = branch.atiende as string[];
  if (!price || !served.includes(vehicleGroup(clase))) return { message: BOOKING_MSG.vehicleTypeNotServed };
  return { clase, price: price.precio };
}

/** A peritaje combo at a branch or at home (Bogotá only), or the message to show instead; an unknown combo is a 400. */
export async function peritajeQuote(
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

/** Several trámites in one appointment, priced line by line; an unknown trámite is a 400. */
export async function tramitesQuote(repo: BookingRepository, ids: string[]) {
  const rows = await repo.tramites(ids);
  if (rows.length !== ids.length) throw AppError.field('tramite', BOOKING_MSG.tramiteNotFound);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = ids.map((id) => {
    const t = byId.get(id);
    if (!t) throw AppError.field('tramite', BOOKING_MSG.tramiteNotFound);
    return { id: t.id, text: t.nombre, price: t.precio };
  });
  return { lines, total: lines.reduce((sum, l) => sum + l.price, 0) };
}

/** A 200 answer without session info: the client shows its first text in an 'Ups!' warning (SPPF §8). */
export interface MessageOnlyAnswer {
  fulfillmentResponse: { messages: [{ text: { text: [string] } }] };
}

export interface DetailAnswer<P> {
  sessionInfo: { parameters: P };
  session_info: { parameters: P };
}

export function message(text: string): MessageOnlyAnswer {
  return { fulfillmentResponse: { messages: [{ text: { text: [text] } }] } };
}

export function both<P>(parameters: P): DetailAnswer<P> {
  return { sessionInfo: { parameters }, session_info: { parameters } };
}
