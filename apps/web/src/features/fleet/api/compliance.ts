import { useQuery } from '@tanstack/react-query';
import {
  FLEET_COMPLIANCE_PAGE_SIZE,
  FLEET_COMPLIANCE_PATHS,
  fleetComplianceSchema,
  type FleetComplianceState,
} from '@togo/domain/fleet/fleet-compliance.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** The address of one page of 'Hoy' (also started early by the /flota/hoy page: app/early-reads.ts). */
export function todayPath(
  estado: FleetComplianceState,
  fecha: string | null,
  ciudad: string | null,
  page: number,
): string {
  const params = new URLSearchParams({
    estado,
    page: String(page),
    page_size: String(FLEET_COMPLIANCE_PAGE_SIZE),
  });
  if (fecha) params.set('fecha', fecha);
  if (ciudad) params.set('ciudad', ciudad);
  return `${FLEET_COMPLIANCE_PATHS.grid}?${params.toString()}`;
}

/**
 * GET /api/togo/flota/cumplimiento/?estado=atencion (or one of its two states) → a page of the vehicles that cannot
 * go out on a date (Bogotá
 * today when `fecha` is null; one city's when `ciudad` is given), then those whose pico y placa is unknown, and the
 * whole fleet's summary ('Hoy').
 */
export function useTodayQuery(
  estado: FleetComplianceState,
  fecha: string | null,
  ciudad: string | null,
  page: number,
) {
  const path = todayPath(estado, fecha, ciudad, page);
  return useQuery({
    queryKey: ['fleet', 'compliance', path],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar el cumplimiento de la flota', () =>
        apiParse(fleetComplianceSchema, path, { signal }),
      ),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
