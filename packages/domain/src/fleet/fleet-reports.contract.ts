import { z } from 'zod';

/** Fleet Reportes (issue 16): fines totals by vehicle, by driver and by month; documents in order. */

export const FLEET_REPORTS_PATH = '/api/togo/flota/reportes/';

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
  documentos: z.object({
    vehiculos: z.number().int(),
    al_dia: z.number().int(),
    /** Percentage (0–100, one decimal) of vehicles with SOAT and RTM not expired; 100 for an empty fleet. */
    porcentaje_al_dia: z.number(),
  }),
});
export type FleetReports = z.infer<typeof fleetReportsSchema>;
