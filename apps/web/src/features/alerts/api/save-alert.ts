import { bogotaToday } from '@togo/domain/bogota-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedAlertSchema, type SavedAlert } from '@togo/domain/alerts/alerts-answers.contract';
import { ALERT_MSG, type DatedAlertCode } from '@togo/domain/alerts/alerts.rules';
import { apiParse, errorDetail, isApiError } from '../../../lib/api-client.ts';
import { alertKey } from './get-alert.ts';

export interface SaveAlertInput {
  code: DatedAlertCode;
  id_garaje: number;
  /** The user already has dates for this alert: update (PUT) instead of create (POST). */
  exists: boolean;
  fecha_expedicion: string | null;
  fecha_vencimiento: string;
}

/** The wire body of both calls: {code, id_garaje, fecha_base, data:{fecha_expedicion, fecha_vencimiento}}. */
export function saveAlertBody(input: SaveAlertInput, today: string = bogotaToday(new Date())) {
  return {
    code: input.code,
    id_garaje: input.id_garaje,
    fecha_base: today,
    data: { fecha_expedicion: input.fecha_expedicion, fecha_vencimiento: input.fecha_vencimiento },
  };
}

const update = (body: unknown) =>
  apiParse(savedAlertSchema, '/api/togo/alerta/update_alerta/', { method: 'PUT', body });
const create = (body: unknown) => apiParse(savedAlertSchema, '/api/togo/alerta/', { method: 'POST', body });

/**
 * PUT /api/togo/alerta/update_alerta/ when the dates exist, else POST /api/togo/alerta/. When the screen's
 * copy was stale (another tab saved meanwhile) the server answers 400 'Ya existen fechas…' to the create or
 * 404 to the update; the other call is then tried once.
 */
export async function saveAlert(input: SaveAlertInput): Promise<SavedAlert> {
  const body = saveAlertBody(input);
  try {
    return await (input.exists ? update(body) : create(body));
  } catch (error) {
    if (isApiError(error) && input.exists && error.status === 404) return create(body);
    if (
      isApiError(error) &&
      !input.exists &&
      error.status === 400 &&
      errorDetail(error) === ALERT_MSG.alreadyExists
    ) {
      return update(body);
    }
    throw error;
  }
}

/** Saves, then reloads the alert info (AHGA §4 'Alert modals'); failures are only logged (AHGA §8). */
export function useSaveAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlert,
    onSuccess: (_saved, input) =>
      queryClient.invalidateQueries({ queryKey: alertKey(input.code, input.id_garaje) }),
    onError: (error, input) => console.error(`No se pudieron guardar las fechas de ${input.code}`, error),
  });
}
