import {
  BOOKING_MSG,
  type BranchDetailParameters,
  type FromFlow,
  type OpeningHours,
} from '@togo/domain/booking/booking.contract';
import { slotHour, slotHoursFor } from '@togo/domain/booking/booking.rules';
import { isMotorcycleClass } from '@togo/domain/garage/vehicle.rules';
import { plateGroup } from '@togo/domain/plates/plate.rules';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BookingRepository, BranchRow } from './booking.repository.ts';

/** What every service flow checks first: the branch serves the flow, the vehicle's class, the slot is offered. */

export async function branchFor(
  repo: BookingRepository,
  sede: string,
  servicio: FromFlow,
): Promise<BranchRow> {
  const branch = await repo.findBranch(sede);
  if (!branch || branch.servicio !== servicio) throw AppError.notFound(BOOKING_MSG.branchNotFound);
  return branch;
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
