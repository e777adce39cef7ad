import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FLEET_PATHS, fleetVehicleDetailSchema } from '@togo/domain/fleet/fleet.contract';
import type { FleetDriverAssignRequest } from '@togo/domain/fleet/fleet.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { fleetVehicleKey } from './vehicle-detail.ts';

/** PUT /api/togo/vehicle/{id}/conductor_flota/ → the vehicle detail with its new driver. */
export function assignDriver(id: number, body: FleetDriverAssignRequest) {
  return apiParse(fleetVehicleDetailSchema, FLEET_PATHS.driver(id), { method: 'PUT', body });
}

export function useAssignDriverMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FleetDriverAssignRequest) => assignDriver(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(fleetVehicleKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: ['fleet', 'vehicles'] });
    },
  });
}
