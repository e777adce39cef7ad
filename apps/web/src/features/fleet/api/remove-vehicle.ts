import { useMutation, useQueryClient } from '@tanstack/react-query';
import { detailAnswerSchema } from '@togo/domain/detail-answer.contract';
import { FLEET_PATHS } from '@togo/domain/fleet/fleet.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { fleetVehicleKey } from './vehicle-detail.ts';

/** DELETE /api/togo/vehicle/{id}/eliminar_flota/ → { detail } */
export function removeFleetVehicle(id: number) {
  return apiParse(detailAnswerSchema, FLEET_PATHS.remove(id), { method: 'DELETE' });
}

/** Takes the vehicle out of the fleet; its detail is forgotten and the fleet list read again. */
export function useRemoveFleetVehicleMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeFleetVehicle(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: fleetVehicleKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['fleet', 'vehicles'] });
    },
  });
}
