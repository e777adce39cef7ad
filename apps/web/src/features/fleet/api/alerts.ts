import { useQuery } from '@tanstack/react-query';
import {
  FLEET_ALERTS_PATH,
  fleetAlertsSchema,
  type FleetAlertDocument,
} from '@togo/domain/fleet/fleet-alerts.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** GET /api/togo/flota/alertas/?documento= → every expiry of the fleet in four groups (issue 16 'Alertas'). */
export function useFleetAlertsQuery(documento: FleetAlertDocument | null) {
  return useQuery({
    queryKey: ['fleet', 'alerts', documento],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar las alertas de la flota', () =>
        apiParse(fleetAlertsSchema, `${FLEET_ALERTS_PATH}${documento ? `?documento=${documento}` : ''}`, {
          signal,
        }),
      ),
    staleTime: 60_000,
  });
}
