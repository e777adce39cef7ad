import { useQuery } from '@tanstack/react-query';
import { FLEET_PATHS, fleetVehicleDetailSchema } from '@togo/domain/fleet/fleet.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

export const fleetVehicleKey = (id: number) => ['fleet', 'vehicle', id] as const;

/** GET /api/togo/vehicle/{id}/detalle_flota/ → the vehicle, its fines, its driver, licence and person fines. */
export function fetchFleetVehicle(id: number, signal?: AbortSignal) {
  return apiParse(fleetVehicleDetailSchema, FLEET_PATHS.detail(id), { signal });
}

/**
 * One fleet vehicle. While the registry or fines look-up is pending the answer is asked again every 2 s, so
 * the screen fills in by itself.
 */
export function useFleetVehicleQuery(id: number | null) {
  return useQuery({
    queryKey: fleetVehicleKey(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar el vehículo', () => fetchFleetVehicle(id as number, signal)),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (data.lookup_status === 'pending' || data.fines_status === 'pending') ? 2000 : false;
    },
  });
}
