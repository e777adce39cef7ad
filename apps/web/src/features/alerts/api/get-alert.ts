import { useQuery } from '@tanstack/react-query';
import {
  datesAlertResponseSchema,
  finesAlertResponseSchema,
  licenceAlertResponseSchema,
  userDatesAlertResponseSchema,
  type DatesAlertResponse,
  type FinesAlertResponse,
  type LicenceAlertResponse,
  type UserDatesAlertResponse,
} from '@togo/domain/alerts/alerts-answers.contract';
import type { AlertCode } from '@togo/domain/alerts/alerts.rules';
import { apiParse, type AnswerSchema } from '../../../lib/api-client.ts';
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

/** The domain's schema of each code's answer. */
const ALERT_SCHEMAS: { [C in AlertCode]: AnswerSchema<AlertResponses[C]> } = {
  ALERTA_SOAT: datesAlertResponseSchema,
  ALERTA_RTM: datesAlertResponseSchema,
  ALERTA_TODO_RIESGO: userDatesAlertResponseSchema,
  ALERTA_IMPUESTO: userDatesAlertResponseSchema,
  ALERTA_KIT: userDatesAlertResponseSchema,
  ALERTA_LICENCIA: licenceAlertResponseSchema,
  INFRACCION_TRANSITO: finesAlertResponseSchema,
};

export const alertKey = (code: AlertCode, vehicleId: number | null) => ['alerts', code, vehicleId] as const;

/** GET /api/togo/alerta/get_alerta/?id_garaje=&code= — {empty, data}. */
export function getAlert<C extends AlertCode>(
  code: C,
  vehicleId: number,
  signal?: AbortSignal,
): Promise<AlertResponses[C]> {
  const query = new URLSearchParams({ id_garaje: String(vehicleId), code });
  const schema: AnswerSchema<AlertResponses[C]> = ALERT_SCHEMAS[code];
  return apiParse(schema, `/api/togo/alerta/get_alerta/?${query.toString()}`, { signal });
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
