import { z } from 'zod';
import { MAINTENANCE_TYPES, REMINDER_STATES } from './maintenance.catalogue.ts';

/**
 * A company's fleet-wide "Mantenimiento" (issue 39 "Companies", decision 077): the organisation's vehicles with a
 * service due or overdue (by date or km, whichever first), worst first, paginated, each with its cost per km of
 * the year so far. Every member of the organisation reads it (consulta included).
 */

export const FLEET_MAINTENANCE_PATH = '/api/togo/flota/mantenimiento/';
/** The same view as an .xlsx (every page, ?estado= as the list), one row per reminder. */
export const FLEET_MAINTENANCE_XLSX_PATH = '/api/togo/flota/mantenimiento.xlsx';
/** Most vehicles one export holds. */
export const FLEET_MAINTENANCE_EXPORT_MAX = 10_000;
export const FLEET_MAINTENANCE_PAGE_SIZE = 20;
export const FLEET_MAINTENANCE_MAX_PAGE_SIZE = 100;

/** Which vehicles: those with a service vencido or pronto (default), only vencido, or every one with reminders. */
export const FLEET_MAINTENANCE_FILTERS = ['pendientes', 'vencido', 'todos'] as const;
export type FleetMaintenanceFilter = (typeof FLEET_MAINTENANCE_FILTERS)[number];

const positive = (fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => {
      const n = v !== undefined && /^\d{1,9}$/.test(v.trim()) ? Number(v) : Number.NaN;
      return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : fallback;
    });

/** ?page=&page_size=&estado= — a bad page or size falls back to the first page / the default size. */
export const fleetMaintenanceQuerySchema = z.object({
  page: positive(1, 1_000_000),
  page_size: positive(FLEET_MAINTENANCE_PAGE_SIZE, FLEET_MAINTENANCE_MAX_PAGE_SIZE),
  estado: z
    .string()
    .optional()
    .transform((v): FleetMaintenanceFilter =>
      (FLEET_MAINTENANCE_FILTERS as readonly string[]).includes(v ?? '')
        ? (v as FleetMaintenanceFilter)
        : 'pendientes',
    ),
});
export type FleetMaintenanceQuery = z.output<typeof fleetMaintenanceQuerySchema>;

export const fleetMaintenanceServiceSchema = z.object({
  tipo: z.enum(MAINTENANCE_TYPES),
  estado: z.enum(REMINDER_STATES),
  proximo_km: z.number().int().nullable(),
  proxima_fecha: z.string().nullable(),
});

export const fleetMaintenanceRowSchema = z.object({
  vehicle_id: z.number().int(),
  placa: z.string(),
  kilometraje: z.number().int(),
  /** The worst state of its reminders. */
  estado: z.enum(REMINDER_STATES),
  /** Its reminders, worst and nearest first. */
  servicios: z.array(fleetMaintenanceServiceSchema),
  /** Pesos spent this year so far (every category) and per km driven; null without km. */
  costo_anio: z.number().int(),
  costo_por_km: z.number().int().nullable(),
});
export type FleetMaintenanceRow = z.infer<typeof fleetMaintenanceRowSchema>;

export const fleetMaintenancePageSchema = z.object({
  data: z.array(fleetMaintenanceRowSchema),
  total: z.number().int(),
  numero_paginas_totales: z.number().int(),
  /** Vehicles with a service overdue / soon, over the whole fleet (not only the page). */
  resumen: z.object({ vencido: z.number().int(), pronto: z.number().int() }),
});
export type FleetMaintenancePage = z.infer<typeof fleetMaintenancePageSchema>;
