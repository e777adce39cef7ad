import { useQuery } from '@tanstack/react-query';
import { FLEET_COMPLIANCE_PATHS, fleetComplianceSchema } from '@togo/domain/fleet/fleet-compliance.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** GET /api/togo/flota/cumplimiento/ → every vehicle's compliance today (Bogotá) and the summary. */
export function fetchCompliance(signal?: AbortSignal) {
  return apiParse(fleetComplianceSchema, FLEET_COMPLIANCE_PATHS.grid, { signal });
}

export function useComplianceQuery() {
  return useQuery({
    queryKey: ['fleet', 'compliance'],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar el cumplimiento de la flota', () => fetchCompliance(signal)),
    staleTime: 60_000,
  });
}
