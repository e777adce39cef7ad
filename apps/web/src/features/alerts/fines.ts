import type { Fine, FinesAlertResponse } from '@togo/domain/alerts/alerts.contract';
import { countByState, onlyUnpaid } from '@togo/domain/garage/fine-states';

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

/**
 * The vehicle's owed fines: every unpaid state (vigente, en cobro coactivo, acuerdo de pago), as SIMIT counts
 * them (decision 071; AHGA §4 counted 'vigente' only).
 */
export function currentFines(answer: FinesAlertResponse | null): Fine[] {
  const list = answer?.data.comparendos_vehiculo;
  return Array.isArray(list) ? onlyUnpaid(list) : [];
}

function stateWords(label: string, n: number): string {
  if (label === 'Vigente') return n === 1 ? 'vigente' : 'vigentes';
  if (label === 'Acuerdo de pago') return 'en acuerdo de pago';
  return label.toLocaleLowerCase('es-CO');
}

/** '2 vigentes · 1 en cobro coactivo': how many owed fines of each state. */
export function finesByStateText(fines: readonly Fine[]): string {
  return countByState(fines.map((f) => ({ estado: f.estado ?? '', n: 1, total: 0 })))
    .map(({ estado, cantidad }) => `${cantidad} ${stateWords(estado, cantidad)}`)
    .join(' · ');
}

/** Sum of the owed fines' amounts (COP). */
export function finesTotal(fines: readonly Fine[]): number {
  return fines.reduce(
    (sum, fine) => sum + (typeof fine.total === 'number' && Number.isFinite(fine.total) ? fine.total : 0),
    0,
  );
}
