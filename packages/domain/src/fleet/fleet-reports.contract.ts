import { z } from 'zod';

/** Fleet Reportes (issues 16, 37): fines totals by vehicle, by driver and by month; documents in order. */

export const FLEET_REPORTS_PATH = '/api/togo/flota/reportes/';

/** Rows per table: at most 1,000 (the default); the screen asks for the first 20 (issue 37). */
export const FLEET_REPORTS_MAX_ROWS = 1_000;
export const FLEET_REPORTS_SCREEN_ROWS = 20;
export const FLEET_REPORTS_MSG = { limitInvalid: 'Límite inválido (de 1 a 1000).' } as const;

export const fleetReportsQuerySchema = z.object({
  limite: z
    .string()
    .regex(/^\d{1,4}$/, { error: FLEET_REPORTS_MSG.limitInvalid })
    .transform(Number)
    .refine((n) => n >= 1 && n <= FLEET_REPORTS_MAX_ROWS, { error: FLEET_REPORTS_MSG.limitInvalid })
    .optional(),
});
export type FleetReportsQuery = z.infer<typeof fleetReportsQuerySchema>;

const total = z.object({
  /** Fines counted (every state) and their value in COP; the pending ('vigente') ones apart. */
  multas: z.number().int(),
  total: z.number().int(),
  pendientes: z.number().int(),
  total_pendiente: z.number().int(),
});

export const fleetReportsSchema = z.object({
  fecha: z.string(),
  por_vehiculo: z.array(total.extend({ placa: z.string() })),
  /** The vehicle's current driver (the owner when none is assigned): fines follow the vehicle. */
  por_conductor: z.array(total.extend({ conductor: z.string(), documento: z.string() })),
  /** 'YYYY-MM' of the infraction date; '' when the provider gave none. */
  por_mes: z.array(total.extend({ mes: z.string() })),
  /** Each table's rows in all (vehicles, drivers, months with fines), of which the first `limite` are listed. */
  totales: z.object({
    por_vehiculo: z.number().int(),
    por_conductor: z.number().int(),
    por_mes: z.number().int(),
  }),
  documentos: z.object({
    vehiculos: z.number().int(),
    /** Vehicles whose SOAT TOGO knows (registry answer or the company's date) and whose SOAT and RTM are in force. */
    al_dia: z.number().int(),
    /** Vehicles not expired whose SOAT TOGO does not know yet: never counted as al día. */
    sin_informacion: z.number().int(),
    /** Percentage (0–100, one decimal, rounded down) of `al_dia` among all vehicles; 100 for an empty fleet. */
    porcentaje_al_dia: z.number(),
  }),
});
export type FleetReports = z.infer<typeof fleetReportsSchema>;
