import { z } from 'zod';
import { bookingDateSchema, bookingPlateSchema, franjaSchema } from '../booking/booking.contract.ts';
import { franjaText } from '../booking/booking.rules.ts';

/**
 * Bulk RTM booking for a fleet (issue 16, Próximos servicios): several vehicles at one branch on one date, one
 * hour per vehicle, paid on site. All or nothing (docs/decisions/038-companies.md).
 */

export const FLEET_BULK_BOOKING_PATH = '/api/togo/flota/agendamientos/';

/** At most this many vehicles per bulk booking (a branch holds a few per hour over a working day). */
export const FLEET_BULK_BOOKING_MAX = 50;

export const FLEET_BULK_BOOKING_MSG = {
  noVehicles: 'Selecciona al menos un vehículo.',
  tooMany: `Puedes agendar hasta ${FLEET_BULK_BOOKING_MAX} vehículos a la vez.`,
  duplicatePlate: 'Este vehículo está repetido en la lista.',
  vehicleNotInFleet: 'Este vehículo no está en la flota de la empresa.',
  slotFull: (placa: string, franja: string) =>
    `No quedan cupos a las ${franjaText(franja)} para ${placa}. No se agendó ningún vehículo; elige otra hora.`,
  done: (n: number) => (n === 1 ? 'Se agendó 1 vehículo.' : `Se agendaron ${n} vehículos.`),
  /** Issue 37: a vehicle with an RTM already booked (on any day from today) is not booked twice. */
  alreadyBooked: (placa: string, fecha: string) =>
    `${placa} ya tiene la revisión técnico-mecánica agendada el ${fecha.split('-').reverse().join('-')}. No se agendó ningún vehículo; quítalo de la selección o cancela esa cita.`,
} as const;

export const fleetBulkBookingRequestSchema = z
  .object({
    sede: z
      .string({ error: 'Este campo es obligatorio.' })
      .trim()
      .min(1, 'Este campo es obligatorio.')
      .max(100, 'Demasiado largo.'),
    fecha: bookingDateSchema,
    vehiculos: z
      .array(z.object({ placa: bookingPlateSchema, franja: franjaSchema }), {
        error: FLEET_BULK_BOOKING_MSG.noVehicles,
      })
      .min(1, FLEET_BULK_BOOKING_MSG.noVehicles)
      .max(FLEET_BULK_BOOKING_MAX, FLEET_BULK_BOOKING_MSG.tooMany),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.vehiculos.forEach((item, i) => {
      if (seen.has(item.placa)) {
        ctx.addIssue({
          code: 'custom',
          path: ['vehiculos', i, 'placa'],
          message: FLEET_BULK_BOOKING_MSG.duplicatePlate,
        });
      }
      seen.add(item.placa);
    });
  });
export type FleetBulkBookingRequest = z.input<typeof fleetBulkBookingRequestSchema>;
export type FleetBulkBookingInput = z.output<typeof fleetBulkBookingRequestSchema>;

export const fleetBulkBookedSchema = z.object({
  id: z.string(),
  referencia: z.string(),
  placa: z.string(),
  fecha_agenda: z.string(),
  franja: z.string(),
  precio: z.number().int(),
  estado: z.literal('confirmada'),
});
export type FleetBulkBooked = z.infer<typeof fleetBulkBookedSchema>;

/** 201: every booking made (all confirmed, paid on site at the branch). */
export const fleetBulkBookingResponseSchema = z.object({
  sede: z.object({ id: z.string(), nombre: z.string(), direccion: z.string(), ciudad: z.string() }),
  agendamientos: z.array(fleetBulkBookedSchema),
  total: z.number().int(),
  mensaje: z.string(),
});
export type FleetBulkBookingResponse = z.infer<typeof fleetBulkBookingResponseSchema>;
