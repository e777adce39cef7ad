import { z } from 'zod';

/**
 * "Vehículos de empresa" (issue 16, decision 038): the fleet vehicles a driver is assigned to, matched by the
 * driver's document on the fleet's driver record. Shown apart from the driver's own garage, read only.
 */
export const DRIVER_COMPANY_VEHICLES_PATH = '/api/togo/empresa/mis-vehiculos/';

export const driverCompanyVehicleSchema = z.object({
  placa: z.string(),
  empresa: z.string(),
  ciudad: z.string().nullable(),
  /** YYYY-MM-DD from the fleet's last registry look-up; null when unknown. */
  soat_vence: z.string().nullable(),
  rtm_vence: z.string().nullable(),
});
export type DriverCompanyVehicle = z.infer<typeof driverCompanyVehicleSchema>;

export const driverCompanyVehiclesSchema = z.object({ results: z.array(driverCompanyVehicleSchema) });
export type DriverCompanyVehicles = z.infer<typeof driverCompanyVehiclesSchema>;
