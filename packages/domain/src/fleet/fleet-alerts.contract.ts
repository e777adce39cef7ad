import { z } from 'zod';
import { FLEET_COMPLIANCE_MSG } from './fleet-compliance.contract.ts';

/** Fleet Alertas (issue 16): every vehicle's document expiries in four groups, filtered by document. */

export const FLEET_ALERTS_PATH = '/api/togo/flota/alertas/';

/** Documents whose expiry the fleet knows today (registry snapshot): SOAT and RTM. */
export const FLEET_ALERT_DOCUMENTS = ['soat', 'rtm'] as const;
export type FleetAlertDocument = (typeof FLEET_ALERT_DOCUMENTS)[number];

export const FLEET_ALERT_DOCUMENT_NAMES: Record<FleetAlertDocument, string> = {
  soat: 'SOAT',
  rtm: 'Revisión técnico-mecánica',
};

export const FLEET_ALERT_GROUPS = ['vencidos', 'vencen_30', 'vencen_60', 'vencen_90'] as const;
export type FleetAlertGroup = (typeof FLEET_ALERT_GROUPS)[number];

export const FLEET_ALERTS_MSG = {
  documentInvalid: 'Documento no válido: usa "soat" (SOAT) o "rtm" (RTM).',
} as const;

export const fleetAlertsQuerySchema = z.object({
  fecha: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FLEET_COMPLIANCE_MSG.dateInvalid })
    .refine(
      (s) =>
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      {
        error: FLEET_COMPLIANCE_MSG.dateInvalid,
      },
    )
    .optional(),
  documento: z.enum(FLEET_ALERT_DOCUMENTS, { error: FLEET_ALERTS_MSG.documentInvalid }).optional(),
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

export const fleetAlertsSchema = z.object({
  fecha: z.string(),
  documento: z.enum(FLEET_ALERT_DOCUMENTS).nullable(),
  grupos: z.object({
    vencidos: z.array(fleetAlertSchema),
    vencen_30: z.array(fleetAlertSchema),
    vencen_60: z.array(fleetAlertSchema),
    vencen_90: z.array(fleetAlertSchema),
  }),
});
export type FleetAlerts = z.infer<typeof fleetAlertsSchema>;
