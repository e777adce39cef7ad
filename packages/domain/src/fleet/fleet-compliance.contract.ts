import { z } from 'zod';
import { picoPlacaCertezaSchema } from '../pico-placa/pico-placa.contract.ts';
import { PicoPlacaResultStatusSchema } from '../pico-placa/pico-placa.rules.ts';
import { fleetCityCodeSchema } from './fleet-cities.contract.ts';

/** Fleet compliance grid (issue 16 contract): who can drive on a date and what expires. */

export const FLEET_COMPLIANCE_PATHS = {
  grid: '/api/togo/flota/cumplimiento/',
  xlsx: '/api/togo/flota/cumplimiento.xlsx',
  finesXlsx: '/api/togo/flota/multas.xlsx',
} as const;

export const FLEET_COMPLIANCE_PAGE_SIZE = 50;
export const FLEET_COMPLIANCE_MAX_PAGE_SIZE = 500;
/** Days ahead counted by resumen.vencen_30. */
export const FLEET_COMPLIANCE_SOON_DAYS = 30;

export const FLEET_COMPLIANCE_MSG = {
  dateInvalid: 'Fecha inválida. Usa el formato AAAA-MM-DD.',
  pageInvalid: 'Página inválida.',
  pageSizeInvalid: 'Tamaño de página inválido (de 1 a 500).',
  stateInvalid: 'Estado no válido: usa "atencion", "no_pueden" o "sin_informacion".',
} as const;

/** A calendar date 'AAAA-MM-DD' between 2000 and 2099 (the fleet's date pickers). */
export const fleetIsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FLEET_COMPLIANCE_MSG.dateInvalid })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return (
        !Number.isNaN(d.getTime()) &&
        d.toISOString().slice(0, 10) === s &&
        s >= '2000-01-01' &&
        s <= '2099-12-31'
      );
    },
    { error: FLEET_COMPLIANCE_MSG.dateInvalid },
  );

const positive = (max: number, msg: string) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: msg })
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { error: msg });

/**
 * Rows of the grid by state (issue 37: 'Hoy' pages on the server): `no_pueden` (puede_circular false),
 * `sin_informacion` (null), `atencion` (both: those first, then the unknown ones, each by plate).
 */
export const FLEET_COMPLIANCE_STATES = ['atencion', 'no_pueden', 'sin_informacion'] as const;
export type FleetComplianceState = (typeof FLEET_COMPLIANCE_STATES)[number];

export const fleetComplianceQuerySchema = z.object({
  fecha: fleetIsoDateSchema.optional(),
  estado: z.enum(FLEET_COMPLIANCE_STATES, { error: FLEET_COMPLIANCE_MSG.stateInvalid }).optional(),
  /** Only the vehicles registered in this city (DANE code). */
  ciudad: fleetCityCodeSchema.optional(),
  page: positive(1_000_000, FLEET_COMPLIANCE_MSG.pageInvalid).optional(),
  page_size: positive(FLEET_COMPLIANCE_MAX_PAGE_SIZE, FLEET_COMPLIANCE_MSG.pageSizeInvalid).optional(),
});
export type FleetComplianceQuery = z.infer<typeof fleetComplianceQuerySchema>;

export const fleetComplianceRowSchema = z.object({
  placa: z.string(),
  ciudad: z.string().nullable(),
  /**
   * false when a reason in `motivos` keeps it off the road; null when nothing does but TOGO has no pico y placa
   * rule in force for its city that day (sin_informacion, issue 33): unknown is never "puede circular".
   */
  puede_circular: z.boolean().nullable(),
  /** The vehicle's pico y placa that day in its city and how sure TOGO is of it (decision 080). */
  pico_placa: z.object({ status: PicoPlacaResultStatusSchema, certeza: picoPlacaCertezaSchema }),
  motivos: z.array(z.string()),
  soat_vence: z.string().nullable(),
  rtm_vence: z.string().nullable(),
  /** The vehicle's owed fines (every unpaid state, as SIMIT counts them; decision 071) and their total in COP. */
  multas_pendientes: z.number().int(),
  multas_total: z.number().int(),
  /** The same fines by state, labelled ('Vigente', 'En cobro coactivo', 'Acuerdo de pago'), in that order. */
  multas_por_estado: z.array(
    z.object({ estado: z.string(), cantidad: z.number().int(), total: z.number().int() }),
  ),
});
export type FleetComplianceRow = z.infer<typeof fleetComplianceRowSchema>;

export const fleetComplianceSummarySchema = z.object({
  vehiculos: z.number().int(),
  no_pueden_circular: z.number().int(),
  /** Vehicles nothing keeps off the road but whose pico y placa is unknown that day (puede_circular null). */
  sin_informacion: z.number().int(),
  /** Vehicles with an expired (or missing) SOAT or an expired RTM. */
  vencidos: z.number().int(),
  /** Vehicles not expired whose SOAT or RTM expires within 30 days. */
  vencen_30: z.number().int(),
});
export type FleetComplianceSummary = z.infer<typeof fleetComplianceSummarySchema>;

export const fleetComplianceSchema = z.object({
  fecha: z.string(),
  data: z.array(fleetComplianceRowSchema),
  resumen: fleetComplianceSummarySchema,
  /** The rows counted: every vehicle, or those of `estado` and `ciudad` when they are given. */
  total: z.number().int(),
  page: z.number().int().nullable(),
  numero_paginas_totales: z.number().int(),
});
export type FleetCompliance = z.infer<typeof fleetComplianceSchema>;

/** 'Sí', 'No' or 'Sin información' (pico y placa unknown that day and nothing else keeps it off the road). */
export function canDriveLabel(puedeCircular: boolean | null): string {
  if (puedeCircular === null) return 'Sin información';
  return puedeCircular ? 'Sí' : 'No';
}

/** The row's pico y placa in plain Spanish: 'Tiene pico y placa', 'No tiene', 'Sin información', '… (por confirmar)'. */
export function picoPlacaStateLabel(pico: FleetComplianceRow['pico_placa']): string {
  if (pico.certeza === 'sin_informacion' || pico.status === 'unknown') return 'Sin información';
  const state = pico.status === 'restricted' ? 'Tiene pico y placa' : 'No tiene';
  return pico.certeza === 'por_confirmar' ? `${state} (por confirmar)` : state;
}

export const FLEET_COMPLIANCE_XLSX_COLUMNS = [
  'Placa',
  'Ciudad',
  'Puede circular',
  'Pico y placa',
  'Motivos',
  'SOAT vence',
  'RTM vence',
  'Multas pendientes',
  'Total multas (COP)',
  'Multas por estado',
] as const;

/** One fine of a fleet vehicle in the fines export. */
export interface FleetFineRow {
  placa: string;
  numero: string;
  tipo: string;
  estado: string;
  fecha_infraccion: string;
  total: number;
  infractor: string;
  descripcion: string;
  organismo_transito: string;
}

export const FLEET_FINES_XLSX_COLUMNS = [
  'Placa',
  'Número',
  'Tipo',
  'Estado',
  'Fecha infracción',
  'Valor (COP)',
  'Infractor',
  'Descripción',
  'Organismo de tránsito',
] as const;
