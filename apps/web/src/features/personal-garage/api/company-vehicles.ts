import { useQuery } from '@tanstack/react-query';
import {
  DRIVER_COMPANY_VEHICLES_PATH,
  driverCompanyVehiclesSchema,
} from '@togo/domain/fleet/fleet-driver-vehicles.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** GET /api/togo/empresa/mis-vehiculos/ → the company vehicles the user drives (decision 038). */
export function useCompanyVehiclesQuery() {
  return useQuery({
    queryKey: ['garage', 'company-vehicles'],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar los vehículos de empresa', () =>
        apiParse(driverCompanyVehiclesSchema, DRIVER_COMPANY_VEHICLES_PATH, { signal }),
      ),
    staleTime: 60_000,
  });
}
