import { z } from 'zod';

/**
 * The scheduled refresh of a vehicle's registry data and fines, as the screens see it (issue 15, decision 032):
 * 'Última actualización' per kind, the manual "Actualizar" (once an hour per vehicle) and the fleet's look-up
 * progress ("Consultando RUNT: 340/1.000").
 */

export const VEHICLE_REFRESH_PATHS = {
  /** GET → VehicleRefreshStatus of a vehicle of the user's garage. */
  status: (id: number | string) => `/api/togo/vehicle/${id}/actualizacion/`,
  /** POST → VehicleRefreshStatus after refreshing now; 429 (Retry-After) within an hour of the previous one. */
  refresh: (id: number | string) => `/api/togo/vehicle/${id}/actualizar/`,
  /** The same two for a vehicle of the company's fleet (members read; administrador/operador refresh). */
  fleetStatus: (id: number | string) => `/api/togo/vehicle/${id}/actualizacion_flota/`,
  fleetRefresh: (id: number | string) => `/api/togo/vehicle/${id}/actualizar_flota/`,
  /** GET → FleetLookupProgress of the company's vehicles. */
  fleetProgress: '/api/togo/flota/consultas/',
} as const;

/** 'al_dia': answered; 'pendiente': never answered yet; 'error': the last attempts failed (retried later). */
export const REFRESH_STATES = ['al_dia', 'pendiente', 'error'] as const;
export type RefreshState = (typeof REFRESH_STATES)[number];

export const refreshKindStatusSchema = z.object({
  /** ISO instant of the last answer of the provider, or null. */
  ultima_actualizacion: z.string().nullable(),
  estado: z.enum(REFRESH_STATES),
  /** ISO instant of the next scheduled refresh. */
  proxima: z.string().nullable(),
});
export type RefreshKindStatus = z.infer<typeof refreshKindStatusSchema>;

/** The answer of the status and refresh routes (VEHICLE_REFRESH_PATHS.status/refresh and their fleet twins). */
export const vehicleRefreshStatusSchema = z.object({
  /** Registry (RUNT): class, SOAT, RTM. */
  registro: refreshKindStatusSchema,
  multas: refreshKindStatusSchema,
  /** Seconds until "Actualizar" may be used again (0 = now). */
  actualizar_en: z.number().int().min(0),
});
export type VehicleRefreshStatus = z.infer<typeof vehicleRefreshStatusSchema>;

export const lookupCountSchema = z.object({
  hechas: z.number().int(),
  total: z.number().int(),
  errores: z.number().int(),
});
export type LookupCount = z.infer<typeof lookupCountSchema>;

export const fleetLookupProgressSchema = z.object({
  registro: lookupCountSchema,
  multas: lookupCountSchema,
  /** True while some vehicle has never been answered (the screens show the progress bar). */
  en_curso: z.boolean(),
});
export type FleetLookupProgress = z.infer<typeof fleetLookupProgressSchema>;

export const VEHICLE_REFRESH_MSG = {
  tooSoon: 'Ya actualizaste este vehículo hace menos de una hora.',
  updating: 'Actualizando…',
  lastUpdate: 'Última actualización',
  never: 'Aún sin consultar',
  refresh: 'Actualizar ahora',
} as const;
