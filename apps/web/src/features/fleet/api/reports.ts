import { useQuery } from '@tanstack/react-query';
import { FLEET_REPORTS_PATH, fleetReportsSchema } from '@togo/domain/fleet/fleet-reports.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** GET /api/togo/flota/reportes/ → fines totals by vehicle, driver and month; documents in order. */
export function useFleetReportsQuery() {
  return useQuery({
    queryKey: ['fleet', 'reports'],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar los reportes de la flota', () =>
        apiParse(fleetReportsSchema, FLEET_REPORTS_PATH, { signal }),
      ),
    staleTime: 60_000,
  });
}
