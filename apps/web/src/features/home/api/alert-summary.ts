import { useQuery } from '@tanstack/react-query';
import {
  datesAlertResponseSchema,
  finesAlertResponseSchema,
  type DatesAlertResponse,
  type FinesAlertResponse,
} from '@togo/domain/alerts/alerts-answers.contract';
import { apiParse, type AnswerSchema } from '../../../lib/api-client.ts';

type SummaryCode = 'INFRACCION_TRANSITO' | 'ALERTA_SOAT' | 'ALERTA_RTM';
interface SummaryAnswers {
  INFRACCION_TRANSITO: FinesAlertResponse;
  ALERTA_SOAT: DatesAlertResponse;
  ALERTA_RTM: DatesAlertResponse;
}

/** The domain's schema of each answer (the alerts screens parse the same ones under the same keys). */
const SUMMARY_SCHEMAS: { [C in SummaryCode]: AnswerSchema<SummaryAnswers[C]> } = {
  INFRACCION_TRANSITO: finesAlertResponseSchema,
  ALERTA_SOAT: datesAlertResponseSchema,
  ALERTA_RTM: datesAlertResponseSchema,
};

/**
 * GET /api/togo/alerta/get_alerta/?id_garaje=&code= — the raw answer, under the alerts screens' own key
 * (['alerts', code, id]) so the home and those screens share one cache entry of one shape.
 */
function fetchAlert<C extends SummaryCode>(code: C, vehicleId: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ id_garaje: String(vehicleId), code });
  const schema: AnswerSchema<SummaryAnswers[C]> = SUMMARY_SCHEMAS[code];
  return apiParse(schema, `/api/togo/alerta/get_alerta/?${query.toString()}`, { signal });
}

export const useHomeAlert = <C extends SummaryCode>(code: C, vehicleId: number | undefined) =>
  useQuery({
    queryKey: ['alerts', code, vehicleId ?? null],
    queryFn: ({ signal }) => fetchAlert(code, vehicleId as number, signal),
    enabled: vehicleId !== undefined,
    retry: false,
  });
