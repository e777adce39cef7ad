import { useQuery } from '@tanstack/react-query';
import { FLEET_CITIES_PATH, fleetCitiesSchema } from '@togo/domain/fleet/fleet-cities.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** GET /api/togo/flota/ciudades/ → the fleet's cities with their vehicle counts (the screens' city filter). */
export function useFleetCitiesQuery() {
  return useQuery({
    queryKey: ['fleet', 'cities'],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar las ciudades de la flota', () =>
        apiParse(fleetCitiesSchema, FLEET_CITIES_PATH, { signal }),
      ),
    staleTime: 5 * 60_000,
  });
}
