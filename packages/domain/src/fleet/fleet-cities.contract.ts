import { z } from 'zod';

/** The cities of a company's fleet (issue 37: 'Hoy' and 'Alertas' filter by city). */

export const FLEET_CITIES_PATH = '/api/togo/flota/ciudades/';

export const FLEET_CITIES_MSG = {
  cityInvalid: 'Ciudad inválida: usa el código DANE de 5 dígitos.',
} as const;

/** A DANE municipality code, as the fleet's screens filter by it: '11001'. */
export const fleetCityCodeSchema = z.string().regex(/^\d{5}$/, { error: FLEET_CITIES_MSG.cityInvalid });

export const fleetCitiesSchema = z.object({
  /** Each city with the fleet's vehicles registered in it, most vehicles first. */
  ciudades: z.array(z.object({ codigo: z.string(), nombre: z.string(), vehiculos: z.number().int() })),
});
export type FleetCities = z.infer<typeof fleetCitiesSchema>;
