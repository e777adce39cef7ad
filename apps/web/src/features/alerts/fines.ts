import type { Fine, FinesAlertResponse } from '@togo/domain/alerts/alerts.contract';
import { onlyVigentes } from '@togo/domain/alerts/alerts.fines';

/** AHGA §4 'Traffic-fines check': shown when the fines answer is flagged empty. */
export const FINES_UPDATING_MESSAGE =
  'Estamos actualizando tu información, por favor verifica en unos minutos';
/** AHGA §4: shown when the vehicle has no fines count. */
export const NO_FINES_MESSAGE = 'Felicitaciones, no tienes comparendos pendientes';

export type FinesCheck = 'updating' | 'pending' | 'none';

/** Outcome of the fines check: still updating, fines pending (count > 0) or none. */
export function finesCheck(answer: FinesAlertResponse): FinesCheck {
  if (answer.empty) return 'updating';
  return answer.data.cant_comparendos_vehiculo > 0 ? 'pending' : 'none';
}

/** The vehicle's current fines ('vigente' only, AHGA §4 'Fines'). */
export function currentFines(answer: FinesAlertResponse | null): Fine[] {
  const list = answer?.data.comparendos_vehiculo;
  return Array.isArray(list) ? onlyVigentes(list) : [];
}

/** Sum of the current fines' amounts (COP). */
export function finesTotal(fines: readonly Fine[]): number {
  return fines.reduce(
    (sum, fine) => sum + (typeof fine.total === 'number' && Number.isFinite(fine.total) ? fine.total : 0),
    0,
  );
}
