import { queryOptions, useQuery } from '@tanstack/react-query';
import { vehicleListSchema, vehicleSchema } from '@togo/domain/garage/garage.contract';
import type { Vehicle } from '@togo/domain/garage/garage.contract';
import { apiParse, isApiError } from '../../../lib/api-client.ts';

/** Every garage query key starts with 'garage' (the garage form invalidates them after a creation). */
export const garageKeys = {
  all: ['garage'] as const,
  list: ['garage', 'list'] as const,
  selected: ['garage', 'selected'] as const,
};

/** GET /api/togo/vehicle/user_garages/ → the user's vehicles. */
export function fetchUserGarages(signal?: AbortSignal): Promise<Vehicle[]> {
  return apiParse(vehicleListSchema, '/api/togo/vehicle/user_garages/', { signal });
}

/** GET /api/togo/vehicle/get_garaje_selected/ → the selected vehicle; null on 404 (none selected). */
export async function fetchSelectedVehicle(signal?: AbortSignal): Promise<Vehicle | null> {
  try {
    return await apiParse(vehicleSchema, '/api/togo/vehicle/get_garaje_selected/', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const userGaragesQuery = queryOptions({
  queryKey: garageKeys.list,
  queryFn: ({ signal }) => fetchUserGarages(signal),
});

export const selectedVehicleQuery = queryOptions({
  queryKey: garageKeys.selected,
  queryFn: ({ signal }) => fetchSelectedVehicle(signal),
});

export const useUserGarages = () => useQuery(userGaragesQuery);

export const useSelectedVehicle = () => useQuery(selectedVehicleQuery);
