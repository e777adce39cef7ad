import { useQuery } from '@tanstack/react-query';
import {
  datesAlertResponseSchema,
  type DatesAlertResponse,
} from '@togo/domain/alerts/alerts-answers.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** GET /api/togo/alerta/get_alerta/?id_garaje=&code=ALERTA_RTM — the RTM dates of the selected vehicle. */
export function fetchRtmAlert(vehicleId: number, signal?: AbortSignal): Promise<DatesAlertResponse> {
  const query = new URLSearchParams({ id_garaje: String(vehicleId), code: 'ALERTA_RTM' });
  return apiParse(datesAlertResponseSchema, `/api/togo/alerta/get_alerta/?${query.toString()}`, { signal });
}

export const useRtmAlert = (vehicleId: number | null) =>
  useQuery({
    queryKey: ['booking', 'rtm-alert', vehicleId],
    enabled: vehicleId !== null,
    staleTime: 0,
    queryFn: ({ signal }) => fetchRtmAlert(vehicleId as number, signal),
  });
