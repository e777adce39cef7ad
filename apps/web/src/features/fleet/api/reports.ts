import { useQuery } from '@tanstack/react-query';
import {
  FLEET_REPORTS_PATH,
  FLEET_REPORTS_SCREEN_ROWS,
  fleetReportsSchema,
} from '@togo/domain/fleet/fleet-reports.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/**
 * GET /api/togo/flota/reportes/?limite=20 → the first 20 rows of the fines totals by vehicle, driver and month, with
 * each table's count in all; documents in order. Every fine is in the .xlsx export.
 */
export function useFleetReportsQuery() {
  return useQuery({
    queryKey: ['fleet', 'reports', FLEET_REPORTS_SCREEN_ROWS],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar los reportes de la flota', () =>
        apiParse(fleetReportsSchema, `${FLEET_REPORTS_PATH}?limite=${FLEET_REPORTS_SCREEN_ROWS}`, { signal }),
      ),
    staleTime: 60_000,
  });
}
