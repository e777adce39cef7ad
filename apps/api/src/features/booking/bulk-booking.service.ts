import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import { BOOKING_MSG, type OpeningHours } from '@togo/domain/booking/booking.contract';
import { slotHour, slotHoursFor, slotLabel } from '@togo/domain/booking/booking.rules';
import { plateGroup } from '@togo/domain/plates/plate.rules';
import {
  FLEET_BULK_BOOKING_MSG,
  type FleetBulkBookingInput,
  type FleetBulkBookingResponse,
} from '@togo/domain/fleet/fleet-bulk-booking.contract';
import type { FieldErrors } from '@togo/domain/http-errors';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BookingRepository, NewBooking, NewPayment } from './booking.repository.ts';
import { newReference } from './book.service.ts';
import { vehicleGroup } from './booking-quotes.ts';
import type { BulkBookingRepository } from './bulk-booking.repository.ts';
import { SERVICE_LABELS } from '@togo/domain/labels';

/**
 * RTM bookings of several vehicles of one owner (a fleet's company) at one branch on one date, paid on site,
 * all or nothing (decision 038). Every input problem is a 400 naming the field (`vehiculos.<i>.placa`), a full
 * slot a 409 naming the vehicle and the hour; nothing is booked in either case.
 */
export class BulkBookingService {
  constructor(
    private readonly deps: {
      repo: BookingRepository;
      bulk: BulkBookingRepository;
      clock: Clock;
      log: Pick<Logger, 'info'>;
    },
  ) {}

  bookRtm = async (
    ownerUserId: number,
    input: FleetBulkBookingInput,
    bookedBy: number,
  ): Promise<FleetBulkBookingResponse> => {
    const { repo } = this.deps;
    const branch = await repo.findBranch(input.sede);
    if (!branch || branch.servicio !== 'rtm') throw AppError.field('sede', BOOKING_MSG.branchNotFound);
    if ((await repo.closedDates(branch.id, input.fecha, input.fecha)).length > 0) {
      throw AppError.field('fecha', BOOKING_MSG.slotUnavailable);
    }
    const now = this.deps.clock.now();
    const offered = new Set(
      slotHoursFor({ date: input.fecha, now, openingHours: branch.horario as OpeningHours }),
    );
    const served = branch.atiende as string[];
    const errors: Record<string, FieldErrors> = {};
    const items: { booking: NewBooking; payment: NewPayment }[] = [];
    for (const [i, v] of input.vehiculos.entries()) {
      const hour = slotHour(v.franja);
      const vehicle = await repo.findVehicle(ownerUserId, v.placa);
      const clase = vehicle?.clase ?? (plateGroup(v.placa) === 'moto' ? 'MOTOCICLETA' : 'AUTOMOVIL');
      const price = vehicle ? await repo.rtmPrice(clase) : undefined;
      const problem: FieldErrors = {};
      if (!vehicle) problem.placa = [FLEET_BULK_BOOKING_MSG.vehicleNotInFleet];
      else if (!price || !served.includes(vehicleGroup(clase))) {
        problem.placa = [BOOKING_MSG.vehicleTypeNotServed];
      }
      if (hour === null || !offered.has(hour)) problem.franja = [BOOKING_MSG.slotUnavailable];
      if (Object.keys(problem).length > 0 || hour === null || !price) {
        errors[String(i)] = problem;
        continue;
      }
      const id = randomUUID();
      const referencia = newReference();
      items.push({
        booking: {
          id,
          userId: ownerUserId,
          referencia,
          servicio: 'rtm',
          branchId: branch.id,
          fecha: input.fecha,
          hora: hour,
          placa: v.placa,
          tipoVehiculo: clase,
          tipoAtencion: 'presencial',
          metodoPago: 'pagar_en_sitio',
          estado: 'confirmada',
          precio: price.precio,
          detalle: [SERVICE_LABELS.rtm],
          datos: { flota: true, agendado_por: bookedBy, ciudad: branch.cityName },
          direccionServicio: null,
          correo: null,
          expiraEn: null,
        },
        payment: {
          id: randomUUID(),
          provider: 'en_sitio',
          reference: referencia,
          amountInCents: price.precio * 100,
          status: 'EN_SITIO',
          link: null,
        },
      });
    }
    if (Object.keys(errors).length > 0) throw AppError.badRequest({ vehiculos: errors });

    const outcome = await this.deps.bulk.bookAll({
      branchId: branch.id,
      fecha: input.fecha,
      today: bogotaLocalDateTime(now).slice(0, 10),
      capacity: branch.capacidad,
      items,
      now,
    });
    if (outcome.kind === 'already') {
      throw AppError.conflict(FLEET_BULK_BOOKING_MSG.alreadyBooked(outcome.placa, outcome.fecha));
    }
    if (outcome.kind === 'full') {
      throw AppError.conflict(FLEET_BULK_BOOKING_MSG.slotFull(outcome.placa, slotLabel(outcome.hora)));
    }
    this.deps.log.info(
      { ownerUserId, bookedBy, branch: branch.id, fecha: input.fecha, n: items.length },
      'fleet bulk booking',
    );
    return {
      sede: { id: branch.id, nombre: branch.nombre, direccion: branch.direccion, ciudad: branch.cityName },
      agendamientos: items.map(({ booking: b }) => ({
        id: b.id,
        referencia: b.referencia,
        placa: b.placa,
        fecha_agenda: b.fecha,
        franja: slotLabel(b.hora),
        precio: b.precio,
        estado: 'confirmada' as const,
      })),
      total: items.reduce((sum, { booking }) => sum + booking.precio, 0),
      mensaje: FLEET_BULK_BOOKING_MSG.done(items.length),
    };
  };
}
