import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  fleetLookupProgressSchema,
  VEHICLE_REFRESH_PATHS,
} from '@togo/domain/garage/vehicle-refresh.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** How often the look-up progress is asked while some vehicle has never been answered. */
export const LOOKUP_POLL_MS = 5000;

/** GET /api/togo/flota/consultas/ → registry (RUNT) and fines look-ups done / total of the company's vehicles. */
export const lookupProgressQuery = queryOptions({
  queryKey: ['fleet', 'lookups'] as const,
  queryFn: ({ signal }) =>
    apiParse(fleetLookupProgressSchema, VEHICLE_REFRESH_PATHS.fleetProgress, { signal }),
  retry: false,
});

export function useLookupProgressQuery() {
  return useQuery({
    ...lookupProgressQuery,
    refetchInterval: (query) => (query.state.data?.en_curso === true ? LOOKUP_POLL_MS : false),
  });
}
