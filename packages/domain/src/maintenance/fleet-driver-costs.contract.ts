import { z } from 'zod';

/**
 * A company's costs per driver (issue 39 "Companies", decision 091): what the fleet's vehicles cost in a period,
 * grouped by each vehicle's assigned driver (fleet_drivers) — the vehicles without one under "Sin conductor
 * asignado" — by category, with the cost per km. Every member of the organisation reads it (consulta included).
 */

export const FLEET_DRIVER_COSTS_PATH = '/api/togo/flota/mantenimiento/conductores/';
/** The same breakdown as an .xlsx (same ?desde=&hasta=). */
export const FLEET_DRIVER_COSTS_XLSX_PATH = '/api/togo/flota/mantenimiento/conductores.xlsx';

/** The group of the vehicles that have no driver assigned in the fleet. */
export const NO_DRIVER_LABEL = 'Sin conductor asignado';

const categories = z.object({
  mantenimiento: z.number().int(),
  combustible: z.number().int(),
  servicios: z.number().int(),
  multas: z.number().int(),
});

const totals = z.object({
  total: z.number().int(),
  por_categoria: categories,
  /** Kilometres driven in the period over the group's vehicles (each vehicle's odometer series rule). */
  kilometros: z.number().int(),
  /** Pesos per kilometre driven; null without kilometres. */
  costo_por_km: z.number().int().nullable(),
});

const fleetDriverCostsRowSchema = totals.extend({
  /** The driver's name (or document when it has none); NO_DRIVER_LABEL for the vehicles without a driver. */
  conductor: z.string(),
  /** 'CC', 'CE'…; null for the vehicles without a driver. */
  tipo_documento: z.string().nullable(),
  documento: z.string().nullable(),
  /** The plates the driver is assigned to today, alphabetical. */
  placas: z.array(z.string()),
});
export type FleetDriverCostsRow = z.infer<typeof fleetDriverCostsRowSchema>;

/** GET FLEET_DRIVER_COSTS_PATH?desde=&hasta= (default: the year so far, as the view's per-vehicle costs). */
export const fleetDriverCostsSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  /** Drivers with a cost or kilometres in the period, most expensive first; "Sin conductor asignado" last. */
  data: z.array(fleetDriverCostsRowSchema),
  /** The whole fleet over the period. */
  flota: totals,
});
export type FleetDriverCosts = z.infer<typeof fleetDriverCostsSchema>;
