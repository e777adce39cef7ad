import { useQuery } from '@tanstack/react-query';
import type { DatesAlertResponse, FinesAlertResponse } from '@togo/domain/alerts/alerts.contract';
import { apiGet } from '../../../lib/api-client.ts';

type SummaryCode = 'INFRACCION_TRANSITO' | 'ALERTA_SOAT' | 'ALERTA_RTM';
interface SummaryAnswers {
  INFRACCION_TRANSITO: FinesAlertResponse;
  ALERTA_SOAT: DatesAlertResponse;
  ALERTA_RTM: DatesAlertResponse;
}

/**
 * GET /api/togo/alerta/get_alerta/?id_garaje=&code= — the raw answer, under the alerts screens' own key
 * (['alerts', code, id]) so the home and those screens share one cache entry of one shape.
 */
function fetchAlert<C extends SummaryCode>(code: C, vehicleId: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ id_garaje: String(vehicleId), code });
  return apiGet<SummaryAnswers[C]>(`/api/togo/alerta/get_alerta/?${query.toString()}`, signal);
}

export const useHomeAlert = <C extends SummaryCode>(code: C, vehicleId: number | undefined) =>
  useQuery({
    queryKey: ['alerts', code, vehicleId ?? null],
    queryFn: ({ signal }) => fetchAlert(code, vehicleId as number, signal),
    enabled: vehicleId !== undefined,
    retry: false,
  });
