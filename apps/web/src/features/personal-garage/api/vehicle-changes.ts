import { useMutation, useQueryClient } from '@tanstack/react-query';
import { detailAnswerSchema } from '@togo/domain/detail-answer.contract';
import { VEHICLE_MILEAGE_PATH, vehicleSchema, type Vehicle } from '@togo/domain/garage/garage.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { selectedVehicleKey } from './personal-vehicle.ts';

/** PUT /api/togo/vehicle/{id}/kilometraje/ (issue 36): the mileage corrected; the cached vehicle follows. */
export function useCorrectMileage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, km }: { vehicleId: number; km: string }) =>
      apiParse(vehicleSchema, VEHICLE_MILEAGE_PATH.replace(':id', String(vehicleId)), {
        method: 'PUT',
        body: { kilometraje_digitado: km },
      }),
    onSuccess: (vehicle: Vehicle) => {
      client.setQueryData(selectedVehicleKey, vehicle);
      localStorage.setItem(STORAGE_KEYS.vehicleSelected, JSON.stringify(vehicle));
      void client.invalidateQueries({ queryKey: ['garage', 'list'] });
    },
  });
}

/** PUT /api/togo/vehicle/{id}/delete_garage/ (AHGA §7): the vehicle leaves the garage; the garage is read again. */
export function useRemoveVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vehicleId: number) =>
      apiParse(detailAnswerSchema, `/api/togo/vehicle/${vehicleId}/delete_garage/`, { method: 'PUT' }),
    onSuccess: async () => {
      localStorage.removeItem(STORAGE_KEYS.vehicleSelected);
      await client.invalidateQueries({ queryKey: ['garage'] });
    },
  });
}
