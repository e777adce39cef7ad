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
  /**
   * The last answer is older than twice this kind's refresh period (REFRESH_REGISTRY_HOURS / REFRESH_FINES_HOURS):
   * the screens mark the data 'Desactualizado' (decision 072).
   */
  desactualizado: z.boolean(),
  /** Why the last consultation failed, in Spanish (estado 'error'); null otherwise. */
  motivo: z.string().nullable(),
  /** Due now and waiting for the next minute's provider quota (a manual refresh the quota could not take). */
  en_cola: z.boolean(),
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

/** The failure kinds the API reports (the providers' ProviderError kinds; 'unknown' for anything else). */
export const REFRESH_FAILURE_KINDS = [
  'not_found',
  'unauthorized',
  'bad_request',
  'rate_limited',
  'unavailable',
  'timeout',
  'invalid_answer',
  'unknown',
] as const;
export type RefreshFailureKind = (typeof REFRESH_FAILURE_KINDS)[number];

/** The reason shown for the last failure of a kind's consultation ('el RUNT' / 'el SIMIT'). */
export function refreshFailureReason(source: 'RUNT' | 'SIMIT', kind: string | null): string {
  const who = `el ${source}`;
  switch (kind) {
    case 'not_found':
      return source === 'RUNT'
        ? 'El RUNT no encontró el vehículo con la placa y el documento del propietario que registraste.'
        : 'El SIMIT no encontró registros para el documento del propietario.';
    case 'bad_request':
      return `La consulta fue rechazada: revisa el tipo y el número de documento del propietario.`;
    case 'unauthorized':
      return 'Nuestro proveedor de consultas rechazó el acceso de TOGO. Ya estamos revisándolo.';
    case 'rate_limited':
      return 'Nuestro proveedor de consultas recibió demasiadas solicitudes. Lo intentaremos de nuevo en unos minutos.';
    case 'unavailable':
      return `No pudimos comunicarnos con ${who} o con nuestro proveedor de consultas.`;
    case 'timeout':
      return `${who.charAt(0).toUpperCase()}${who.slice(1)} tardó demasiado en responder.`;
    case 'invalid_answer':
      return `La respuesta de ${who} no se pudo leer. Ya estamos revisándolo.`;
    default:
      return 'La última consulta falló.';
  }
}

export const VEHICLE_REFRESH_MSG = {
  tooSoon: 'Ya actualizaste este vehículo hace menos de una hora.',
  updating: 'Actualizando…',
  lastUpdate: 'Última actualización',
  never: 'Aún sin consultar',
  refresh: 'Actualizar ahora',
  stale: 'Desactualizado',
  queued: 'Tu consulta está en cola y se hará en el próximo minuto.',
  retrying: 'Lo intentaremos de nuevo automáticamente.',
} as const;
