import { useQuery } from '@tanstack/react-query';
import {
  DRIVER_COMPANY_VEHICLES_PATH,
  type DriverCompanyVehicles,
} from '@togo/domain/fleet/fleet-driver-vehicles.contract';
import { apiGet } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** GET /api/togo/empresa/mis-vehiculos/ → the company vehicles the user drives (decision 038). */
export function useCompanyVehiclesQuery() {
  return useQuery({
    queryKey: ['garage', 'company-vehicles'],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar los vehículos de empresa', () =>
        apiGet<DriverCompanyVehicles>(DRIVER_COMPANY_VEHICLES_PATH, signal),
      ),
    staleTime: 60_000,
  });
}
