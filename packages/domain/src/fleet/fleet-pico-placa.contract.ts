import { z } from 'zod';
import { slotHour } from '../booking/booking.rules.ts';
import { picoPlacaCertezaSchema } from '../pico-placa/pico-placa.contract.ts';
import { PicoPlacaResultStatusSchema } from '../pico-placa/pico-placa.rules.ts';
import { fleetIsoDateSchema } from './fleet-compliance.contract.ts';
import { FLEET_BULK_BOOKING_MAX } from './fleet-bulk-booking.contract.ts';
import { FLEET_CITIES_MSG, fleetCityCodeSchema } from './fleet-cities.contract.ts';

/**
 * Pico y placa of some of the fleet's plates in one city on one date (issue 37): what the bulk RTM booking warns
 * of before it books a vehicle at an hour it may not drive to the branch. The same engine and stored rules as the
 * compliance grid; unknown stays unknown (certeza `sin_informacion`).
 */

export const FLEET_PICO_PLACA_PATH = '/api/togo/flota/pico-placa/';

export const FLEET_PICO_PLACA_MSG = {
  cityInvalid: FLEET_CITIES_MSG.cityInvalid,
  platesInvalid: `Indica entre 1 y ${FLEET_BULK_BOOKING_MAX} placas válidas, separadas por comas.`,
} as const;

const PLATE = /^[A-Z0-9]{5,7}$/;

export const fleetPicoPlacaQuerySchema = z.object({
  fecha: fleetIsoDateSchema,
  ciudad: fleetCityCodeSchema,
  /** Comma-separated plates; spaces and dashes are ignored, duplicates counted once. */
  placas: z
    .string({ error: FLEET_PICO_PLACA_MSG.platesInvalid })
    .max(FLEET_BULK_BOOKING_MAX * 10, { error: FLEET_PICO_PLACA_MSG.platesInvalid })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((p) => p.replace(/[\s-]/g, '').toUpperCase())
          .filter(Boolean),
      ),
    ])
    .refine(
      (list) => list.length >= 1 && list.length <= FLEET_BULK_BOOKING_MAX && list.every((p) => PLATE.test(p)),
      {
        error: FLEET_PICO_PLACA_MSG.platesInvalid,
      },
    ),
});
export type FleetPicoPlacaQuery = z.infer<typeof fleetPicoPlacaQuerySchema>;

/** A restricted window of the day, 'HH:MM' to 'HH:MM' (Bogotá time). */
export const picoPlacaWindowSchema = z.object({ inicio: z.string(), fin: z.string() });
export type PicoPlacaWindow = z.infer<typeof picoPlacaWindowSchema>;

export const fleetPicoPlacaVehicleSchema = z.object({
  placa: z.string(),
  pico_placa: z.object({ status: PicoPlacaResultStatusSchema, certeza: picoPlacaCertezaSchema }),
  /** The restricted windows when restricted, else empty. */
  ventanas: z.array(picoPlacaWindowSchema),
});
export type FleetPicoPlacaVehicle = z.infer<typeof fleetPicoPlacaVehicleSchema>;

export const fleetPicoPlacaSchema = z.object({
  fecha: z.string(),
  ciudad: z.string(),
  vehiculos: z.array(fleetPicoPlacaVehicleSchema),
});
export type FleetPicoPlaca = z.infer<typeof fleetPicoPlacaSchema>;

function minutes(hhmm: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * The restricted window that overlaps a booking's hour (a slot label such as '8:00 AM', one hour long), or null:
 * the vehicle could not drive to the branch at that hour.
 */
export function windowAtSlot(franja: string, ventanas: readonly PicoPlacaWindow[]): PicoPlacaWindow | null {
  const hour = slotHour(franja);
  if (hour === null) return null;
  const from = hour * 60;
  const to = from + 60;
  for (const w of ventanas) {
    const start = minutes(w.inicio);
    const end = minutes(w.fin);
    if (start === null || end === null) continue;
    if (start < to && from < end) return w;
  }
  return null;
}
