import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { FLEET_PATHS, fleetVehicleDetailSchema } from '@togo/domain/fleet/fleet.contract';
import { fileUploadResponseSchema, vehicleListSchema } from '@togo/domain/garage/garage.contract';
import {
  FLEET_DRIVER_COSTS_PATH,
  FLEET_DRIVER_COSTS_XLSX_PATH,
  fleetDriverCostsSchema,
} from '@togo/domain/maintenance/fleet-driver-costs.contract';
import {
  FLEET_MAINTENANCE_PATH,
  FLEET_MAINTENANCE_XLSX_PATH,
  fleetMaintenancePageSchema,
  type FleetMaintenanceFilter,
} from '@togo/domain/maintenance/fleet-maintenance.contract';
import { INVOICE_FIELD } from '@togo/domain/maintenance/maintenance.catalogue';
import {
  costsSchema,
  fuelRecordSchema,
  MAINTENANCE_PATHS as P,
  maintenancePath,
  maintenanceRecordSchema,
  monthlyCostsSchema,
  reminderSchema,
  type FuelCreate,
  type MaintenanceCreate,
  type ReminderCreate,
} from '@togo/domain/maintenance/maintenance.contract';
import { apiParse, apiUploadParse, downloadWithToken } from '../../../lib/api-client.ts';

/** Whose vehicle the screen shows: a driver's own (app) or a company's (flota, organisation roles). */
export type MaintenanceScope = 'app' | 'flota';

/** What the screen shows of the vehicle itself: its plate, mileage and legal deadlines. */
export interface MaintenanceVehicle {
  id: number;
  placa: string;
  kilometraje: number;
  soat: string | null;
  rtm: string | null;
}

export const maintenanceKeys = {
  all: (vehicleId: number) => ['maintenance', vehicleId] as const,
  vehicle: (scope: MaintenanceScope, vehicleId: number) =>
    ['maintenance', vehicleId, 'vehicle', scope] as const,
  records: (vehicleId: number) => ['maintenance', vehicleId, 'records'] as const,
  fuel: (vehicleId: number) => ['maintenance', vehicleId, 'fuel'] as const,
  reminders: (vehicleId: number) => ['maintenance', vehicleId, 'reminders'] as const,
  costs: (vehicleId: number, desde: string, hasta: string) =>
    ['maintenance', vehicleId, 'costs', desde, hasta] as const,
  monthly: (vehicleId: number) => ['maintenance', vehicleId, 'monthly'] as const,
};

async function fetchVehicle(
  scope: MaintenanceScope,
  vehicleId: number,
  signal: AbortSignal,
): Promise<MaintenanceVehicle | null> {
  if (scope === 'flota') {
    const v = await apiParse(fleetVehicleDetailSchema, FLEET_PATHS.detail(vehicleId), { signal });
    return {
      id: v.id,
      placa: v.placa,
      kilometraje: v.kilometraje_digitado,
      soat: v.vehicle_data?.expiration_soat ?? null,
      rtm: v.vehicle_data?.expiration_rtm ?? null,
    };
  }
  const list = await apiParse(vehicleListSchema, '/api/togo/vehicle/user_garages/', { signal });
  const v = list.find((item) => item.id === vehicleId);
  if (!v) return null;
  return {
    id: v.id,
    placa: v.placa,
    kilometraje: v.vehicle_data?.mileage ?? v.kilometraje_digitado,
    soat: v.vehicle_data?.expiration_soat ?? null,
    rtm: v.vehicle_data?.expiration_rtm ?? null,
  };
}

/** The vehicle of the screen (null: not in the driver's garage). */
export function useMaintenanceVehicle(scope: MaintenanceScope, vehicleId: number) {
  return useQuery({
    queryKey: maintenanceKeys.vehicle(scope, vehicleId),
    queryFn: ({ signal }) => fetchVehicle(scope, vehicleId, signal),
  });
}

/** GET …/mantenimientos/ (newest first). */
export function useRecords(vehicleId: number) {
  return useQuery({
    queryKey: maintenanceKeys.records(vehicleId),
    queryFn: ({ signal }) =>
      apiParse(z.array(maintenanceRecordSchema), maintenancePath(P.records, vehicleId), { signal }),
  });
}

/** GET …/combustible/ (each with its km/gal). */
export function useFuel(vehicleId: number) {
  return useQuery({
    queryKey: maintenanceKeys.fuel(vehicleId),
    queryFn: ({ signal }) =>
      apiParse(z.array(fuelRecordSchema), maintenancePath(P.fuel, vehicleId), { signal }),
  });
}

/** GET …/recordatorios/ (vencido, pronto, al día). */
export function useReminders(vehicleId: number) {
  return useQuery({
    queryKey: maintenanceKeys.reminders(vehicleId),
    queryFn: ({ signal }) =>
      apiParse(z.array(reminderSchema), maintenancePath(P.reminders, vehicleId), { signal }),
  });
}

const costsQuery = (desde: string, hasta: string) => `?${new URLSearchParams({ desde, hasta }).toString()}`;

/** GET …/costos/?desde=&hasta= */
export function useCosts(vehicleId: number, desde: string, hasta: string) {
  return useQuery({
    queryKey: maintenanceKeys.costs(vehicleId, desde, hasta),
    queryFn: ({ signal }) =>
      apiParse(costsSchema, maintenancePath(P.costs, vehicleId) + costsQuery(desde, hasta), { signal }),
    placeholderData: (previous) => previous,
  });
}

/** GET …/costos/mensual/ (twelve months ending this one). */
export function useMonthlyCosts(vehicleId: number) {
  return useQuery({
    queryKey: maintenanceKeys.monthly(vehicleId),
    queryFn: ({ signal }) => apiParse(monthlyCostsSchema, maintenancePath(P.monthly, vehicleId), { signal }),
  });
}

/** The .xlsx of the period, saved under the API's file name. */
export function downloadCosts(vehicleId: number, desde: string, hasta: string): Promise<void> {
  return downloadWithToken(
    maintenancePath(P.costsXlsx, vehicleId) + costsQuery(desde, hasta),
    `costos-${desde}-${hasta}.xlsx`,
  );
}

/** Wire bodies as the forms send them (correccion optional, as the contract defaults it). */
export type RecordBody = Omit<MaintenanceCreate, 'correccion'> & { correccion?: boolean };
export type FuelBody = Omit<FuelCreate, 'correccion'> & { correccion?: boolean };
export type ReminderBody = Partial<ReminderCreate> & Pick<ReminderCreate, 'tipo'>;

function useInvalidate(vehicleId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: maintenanceKeys.all(vehicleId) });
}

/**
 * POST …/mantenimientos/, then the invoice (…/factura/) when one was chosen; a failed upload does not undo the
 * record (invoiceError says why).
 */
export function useCreateRecord(vehicleId: number) {
  const invalidate = useInvalidate(vehicleId);
  return useMutation({
    mutationFn: async ({ body, invoice }: { body: RecordBody; invoice: File | null }) => {
      const record = await apiParse(maintenanceRecordSchema, maintenancePath(P.records, vehicleId), {
        method: 'POST',
        body,
      });
      if (!invoice) return { record, invoiceError: null };
      try {
        await apiUploadParse(
          fileUploadResponseSchema,
          maintenancePath(P.invoice, vehicleId, record.id),
          INVOICE_FIELD,
          invoice,
        );
        return { record, invoiceError: null };
      } catch (error) {
        // The record is stored: the screen says the invoice was not, and why.
        return { record, invoiceError: error };
      }
    },
    onSettled: invalidate,
  });
}

/** POST …/combustible/ */
export function useCreateFuel(vehicleId: number) {
  const invalidate = useInvalidate(vehicleId);
  return useMutation({
    mutationFn: (body: FuelBody) =>
      apiParse(fuelRecordSchema, maintenancePath(P.fuel, vehicleId), { method: 'POST', body }),
    onSettled: invalidate,
  });
}

/** POST …/recordatorios/ (a second one of a type replaces it). */
export function useCreateReminder(vehicleId: number) {
  const invalidate = useInvalidate(vehicleId);
  return useMutation({
    mutationFn: (body: ReminderBody) =>
      apiParse(reminderSchema, maintenancePath(P.reminders, vehicleId), { method: 'POST', body }),
    onSettled: invalidate,
  });
}

/** GET /api/togo/flota/mantenimiento/ — a company's vehicles due for service (decision 077). */
export function useFleetMaintenance(page: number, estado: FleetMaintenanceFilter) {
  return useQuery({
    queryKey: ['maintenance', 'fleet', page, estado] as const,
    queryFn: ({ signal }) =>
      apiParse(
        fleetMaintenancePageSchema,
        `${FLEET_MAINTENANCE_PATH}?${new URLSearchParams({ page: String(page), estado }).toString()}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

/** The fleet view as an .xlsx (every page of the filter). */
export function downloadFleetMaintenance(estado: FleetMaintenanceFilter): Promise<void> {
  return downloadWithToken(
    `${FLEET_MAINTENANCE_XLSX_PATH}?${new URLSearchParams({ estado }).toString()}`,
    'mantenimiento-flota.xlsx',
  );
}

/** GET /api/togo/flota/mantenimiento/conductores/?desde=&hasta= — the fleet's costs per driver (decision 091). */
export function useFleetDriverCosts(desde: string, hasta: string) {
  return useQuery({
    queryKey: ['maintenance', 'fleet', 'drivers', desde, hasta] as const,
    queryFn: ({ signal }) =>
      apiParse(fleetDriverCostsSchema, FLEET_DRIVER_COSTS_PATH + costsQuery(desde, hasta), { signal }),
    placeholderData: (previous) => previous,
  });
}

/** The costs per driver of the period as an .xlsx. */
export function downloadFleetDriverCosts(desde: string, hasta: string): Promise<void> {
  return downloadWithToken(
    FLEET_DRIVER_COSTS_XLSX_PATH + costsQuery(desde, hasta),
    `costos-por-conductor-${desde}-${hasta}.xlsx`,
  );
}
