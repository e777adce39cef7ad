import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fileUploadResponseSchema,
  vehicleSchema,
  vehicleValueResponseSchema,
  type Vehicle,
} from '@togo/domain/garage/garage.contract';
import { apiParse, apiUploadParse, isApiError } from '../../../lib/api-client.ts';
import { readJson, STORAGE_KEYS } from '../../../lib/storage.ts';

/** Same key as the home screen's selected-vehicle query, so both share one cached answer. */
export const selectedVehicleKey = ['garage', 'selected'] as const;

function storedVehicle(): Vehicle | undefined {
  const value = readJson<Vehicle>(localStorage, STORAGE_KEYS.vehicleSelected);
  return value && typeof value === 'object' && typeof value.id === 'number' ? value : undefined;
}

/** GET /api/togo/vehicle/get_garaje_selected/ (null on 404); shows the stored vehicleSelected meanwhile. */
export function usePersonalVehicle() {
  return useQuery<Vehicle | null>({
    queryKey: selectedVehicleKey,
    queryFn: async ({ signal }) => {
      try {
        const vehicle = await apiParse(vehicleSchema, '/api/togo/vehicle/get_garaje_selected/', { signal });
        localStorage.setItem(STORAGE_KEYS.vehicleSelected, JSON.stringify(vehicle));
        return vehicle;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    placeholderData: () => storedVehicle(),
  });
}

/** GET /api/togo/vehicle/{id}/valor_vehicle/ → commercial value in USD. */
export function useVehicleValue(vehicleId: number | undefined) {
  return useQuery({
    queryKey: ['garage', 'value', vehicleId],
    queryFn: ({ signal }) =>
      apiParse(vehicleValueResponseSchema, `/api/togo/vehicle/${vehicleId}/valor_vehicle/`, { signal }),
    enabled: vehicleId !== undefined,
    retry: false,
  });
}

/**
 * POST /api/togo/vehicle/{id}/upload_image_to_garage/ (multipart field 'file') → {file_url}; the new URL
 * replaces the displayed image and is stored back into vehicleSelected (SPPF §4).
 */
export function useUploadVehicleImage() {
  const queryClient = useQueryClient();
  return async (vehicle: Vehicle, file: File): Promise<string> => {
    const { file_url } = await apiUploadParse(
      fileUploadResponseSchema,
      `/api/togo/vehicle/${vehicle.id}/upload_image_to_garage/`,
      'file',
      file,
    );
    const next = { ...vehicle, url_imagen_vehiculo: file_url };
    localStorage.setItem(STORAGE_KEYS.vehicleSelected, JSON.stringify(next));
    queryClient.setQueryData(selectedVehicleKey, next);
    return file_url;
  };
}
