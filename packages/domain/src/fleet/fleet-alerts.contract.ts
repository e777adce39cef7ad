import { z } from 'zod';
import { fleetCityCodeSchema } from './fleet-cities.contract.ts';
import { FLEET_COMPLIANCE_MSG, fleetIsoDateSchema } from './fleet-compliance.contract.ts';

/**
 * Fleet Alertas (issues 16, 37): every vehicle's document expiries in four groups, filtered by document and
 * group, a page at a time.
 */

export const FLEET_ALERTS_PATH = '/api/togo/flota/alertas/';

/**
 * The documents of a fleet vehicle: SOAT and RTM (registry, or the company's date), the driver's licence (the
 * driver's registry look-up, or the company's date), and the all-risk policy, road tax and extinguisher recharge
 * (the company's dates only: the upload's optional columns).
 */
export const FLEET_ALERT_DOCUMENTS = ['soat', 'rtm', 'licencia', 'poliza', 'impuesto', 'kit'] as const;
export type FleetAlertDocument = (typeof FLEET_ALERT_DOCUMENTS)[number];

export const FLEET_ALERT_DOCUMENT_NAMES: Record<FleetAlertDocument, string> = {
  soat: 'SOAT',
  rtm: 'Revisión técnico-mecánica',
  licencia: 'Licencia de conducción',
  poliza: 'Póliza todo riesgo',
  impuesto: 'Impuesto vehicular',
  kit: 'Recarga del extintor',
};

/** Rows per group and page when the screen pages (`page` or `page_size` given); at most 500. */
export const FLEET_ALERTS_PAGE_SIZE = 50;
export const FLEET_ALERTS_MAX_PAGE_SIZE = 500;

export const FLEET_ALERT_GROUPS = ['vencidos', 'vencen_30', 'vencen_60', 'vencen_90'] as const;
export type FleetAlertGroup = (typeof FLEET_ALERT_GROUPS)[number];

export const FLEET_ALERTS_MSG = {
  documentInvalid:
    'Documento no válido: usa "soat", "rtm", "licencia", "poliza" (todo riesgo), "impuesto" o "kit" (extintor).',
  groupInvalid: 'Grupo no válido: usa "vencidos", "vencen_30", "vencen_60" o "vencen_90".',
  pageSizeInvalid: 'Tamaño de página inválido (de 1 a 500).',
  driverInvalid: 'Escribe de 2 a 60 caracteres del nombre o del documento del conductor.',
} as const;

const positive = (max: number, msg: string) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: msg })
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { error: msg });

export const fleetAlertsQuerySchema = z.object({
  fecha: fleetIsoDateSchema.optional(),
  documento: z.enum(FLEET_ALERT_DOCUMENTS, { error: FLEET_ALERTS_MSG.documentInvalid }).optional(),
  /** Only the vehicles registered in this city (DANE code): rows, totals and `sin_fecha`. */
  ciudad: fleetCityCodeSchema.optional(),
  /**
   * Only the vehicles whose driver's name or document contains this text (accents and case aside); the owner is
   * the driver of a vehicle with none assigned.
   */
  conductor: z
    .string()
    .trim()
    .min(2, { error: FLEET_ALERTS_MSG.driverInvalid })
    .max(60, { error: FLEET_ALERTS_MSG.driverInvalid })
    .optional(),
  /** Only this group's rows (the others come back empty; their totals stay). */
  grupo: z.enum(FLEET_ALERT_GROUPS, { error: FLEET_ALERTS_MSG.groupInvalid }).optional(),
  page: positive(1_000_000, FLEET_COMPLIANCE_MSG.pageInvalid).optional(),
  page_size: positive(FLEET_ALERTS_MAX_PAGE_SIZE, FLEET_ALERTS_MSG.pageSizeInvalid).optional(),
});
export type FleetAlertsQuery = z.infer<typeof fleetAlertsQuerySchema>;

export const fleetAlertSchema = z.object({
  /** The fleet vehicle (Próximos servicios opens the RTM booking with it). */
  vehiculo_id: z.number().int(),
  placa: z.string(),
  ciudad: z.string().nullable(),
  /** DANE code of the vehicle's city, for the booking's city. */
  ciudad_codigo: z.string().nullable(),
  documento: z.enum(FLEET_ALERT_DOCUMENTS),
  /** YYYY-MM-DD; null when the registry answered and the vehicle has no SOAT (counted as vencido). */
  vence: z.string().nullable(),
  /** Days from `fecha` to the expiry (negative: days since it expired); null with `vence`. */
  dias: z.number().int().nullable(),
});
export type FleetAlert = z.infer<typeof fleetAlertSchema>;

const perGroup = <T extends z.ZodType>(item: T) =>
  z.object({ vencidos: item, vencen_30: item, vencen_60: item, vencen_90: item });

export const fleetAlertsSchema = z.object({
  fecha: z.string(),
  documento: z.enum(FLEET_ALERT_DOCUMENTS).nullable(),
  grupo: z.enum(FLEET_ALERT_GROUPS).nullable(),
  /** Each group's rows, soonest first: all of them, or the asked page of each when paged. */
  grupos: perGroup(z.array(fleetAlertSchema)),
  /** Each group's row count over the whole fleet (with the document filter, whatever the page). */
  totales: perGroup(z.number().int()),
  /** The page shown (1-based), null when unpaged; rows per group and page. */
  page: z.number().int().nullable(),
  page_size: z.number().int().nullable(),
  /**
   * Vehicles whose date of each document TOGO does not know (never looked up, no licence in the registry, or no
   * date given by the company): not in any group, and never counted as up to date.
   */
  sin_fecha: z.object({
    soat: z.number().int(),
    rtm: z.number().int(),
    licencia: z.number().int(),
    poliza: z.number().int(),
    impuesto: z.number().int(),
    kit: z.number().int(),
  }),
});
export type FleetAlerts = z.infer<typeof fleetAlertsSchema>;
