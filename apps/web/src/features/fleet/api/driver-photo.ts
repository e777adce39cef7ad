import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FLEET_DRIVER_PHOTO_FIELD,
  FLEET_PATHS,
  fleetVehicleDetailSchema,
} from '@togo/domain/fleet/fleet.contract';
import { apiParse, apiUploadParse } from '../../../lib/api-client.ts';
import { fleetVehicleKey } from './vehicle-detail.ts';

/** PUT /api/togo/vehicle/{id}/conductor_flota/foto/ (multipart `foto`) → the detail with the driver's new photo. */
export function uploadDriverPhoto(id: number, file: File) {
  return apiUploadParse(
    fleetVehicleDetailSchema,
    FLEET_PATHS.driverPhoto(id),
    FLEET_DRIVER_PHOTO_FIELD,
    file,
    {
      method: 'PUT',
    },
  );
}

/** DELETE /api/togo/vehicle/{id}/conductor_flota/foto/ → the detail without the photo. */
export function removeDriverPhoto(id: number) {
  return apiParse(fleetVehicleDetailSchema, FLEET_PATHS.driverPhoto(id), { method: 'DELETE' });
}

/**
 * Changes or removes the photo of the vehicle's driver. The answer is the fresh detail; the other vehicles of the
 * same driver show the photo too, so every cached fleet vehicle is refreshed.
 */
export function useDriverPhotoMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => (file ? uploadDriverPhoto(id, file) : removeDriverPhoto(id)),
    onSuccess: (detail) => {
      queryClient.setQueryData(fleetVehicleKey(id), detail);
      void queryClient.invalidateQueries({
        queryKey: ['fleet', 'vehicle'],
        predicate: (query) => query.queryKey[2] !== id,
      });
    },
  });
}
