import { useQuery } from '@tanstack/react-query';
import type {
  DatesAlertResponse,
  FinesAlertResponse,
  LicenceAlertResponse,
  UserDatesAlertResponse,
} from '@togo/domain/alerts/alerts.contract';
import type { AlertCode } from '@togo/domain/alerts/alerts.rules';
import { apiGet } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** The answer of each code (AHGA §3, §7). */
export interface AlertResponses {
  ALERTA_SOAT: DatesAlertResponse;
  ALERTA_RTM: DatesAlertResponse;
  ALERTA_TODO_RIESGO: UserDatesAlertResponse;
  ALERTA_IMPUESTO: UserDatesAlertResponse;
  ALERTA_KIT: UserDatesAlertResponse;
  ALERTA_LICENCIA: LicenceAlertResponse;
  INFRACCION_TRANSITO: FinesAlertResponse;
}

export const alertKey = (code: AlertCode, vehicleId: number | null) => ['alerts', code, vehicleId] as const;

/** GET /api/togo/alerta/get_alerta/?id_garaje=&code= — {empty, data}. */
export function getAlert<C extends AlertCode>(
  code: C,
  vehicleId: number,
  signal?: AbortSignal,
): Promise<AlertResponses[C]> {
  const query = new URLSearchParams({ id_garaje: String(vehicleId), code });
  return apiGet<AlertResponses[C]>(`/api/togo/alerta/get_alerta/?${query.toString()}`, signal);
}

/** An alert of the selected vehicle; failures are only logged (AHGA §8). Disabled without a vehicle. */
export function useAlertQuery<C extends AlertCode>(code: C, vehicleId: number | null) {
  return useQuery({
    queryKey: alertKey(code, vehicleId),
    enabled: vehicleId !== null,
    // Each visit asks again: the registry look-up or the user's dates may have changed meanwhile.
    staleTime: 0,
    queryFn: ({ signal }) =>
      logFailure(`No se pudo consultar la alerta ${code}`, () => getAlert(code, vehicleId as number, signal)),
  });
}
