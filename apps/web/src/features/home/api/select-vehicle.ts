import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vehicleSchema, type Vehicle } from '@togo/domain/garage/garage.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { garageKeys } from './garage.ts';

/** PUT /api/togo/vehicle/{id}/set_garaje_selected/ → the vehicle. */
export function selectVehicle(id: number): Promise<Vehicle> {
  return apiParse(vehicleSchema, `/api/togo/vehicle/${id}/set_garaje_selected/`, { method: 'PUT' });
}

/**
 * Plate selection (AHGA §4): the chosen vehicle is stored locally as vehicleSelected, the server is told,
 * then the garage queries (selected vehicle, and with it its notifications) are fetched again.
 */
export function useSelectVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicle: Vehicle) => {
      localStorage.setItem(STORAGE_KEYS.vehicleSelected, JSON.stringify(vehicle));
      return selectVehicle(vehicle.id);
    },
    // Show the chosen plate at once; the refetch below confirms it.
    onMutate: (vehicle) => queryClient.setQueryData(garageKeys.selected, vehicle),
    onError: (error) => console.error('Selección de vehículo', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: garageKeys.all }),
  });
}
