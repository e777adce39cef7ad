import { addDays } from '../pico-placa/pico-placa.calendar.ts';
import type { PicoPlacaCity } from '../pico-placa/pico-placa.rules.ts';
import type { PicoPlacaState } from './operator-console.contract.ts';

/** Days before the end of the rules covering today when a city turns 'por_vencer'. */
export const EXPIRING_WITHIN_DAYS = 30;

/**
 * The console's state of a city's rules on `today` (YYYY-MM-DD, Bogotá): 'vencida' when no evaluated rule covers
 * today; otherwise `vigente_hasta` is the latest end of the rules covering today (null when one is open-ended)
 * and 'por_vencer' when that end is within 30 days.
 */
export function cityRulesState(
  city: Pick<PicoPlacaCity, 'rules'>,
  today: string,
): { vigente_hasta: string | null; estado: PicoPlacaState } {
  const covering = city.rules.filter(
    (r) =>
      r.evaluate_by_default !== false &&
      (r.valid_from === null || r.valid_from <= today) &&
      (r.valid_to === null || r.valid_to >= today),
  );
  if (covering.length === 0) return { vigente_hasta: null, estado: 'vencida' };
  if (covering.some((r) => r.valid_to === null)) return { vigente_hasta: null, estado: 'vigente' };
  const end = covering
    .map((r) => r.valid_to as string)
    .sort()
    .at(-1) as string;
  return {
    vigente_hasta: end,
    estado: end <= addDays(today, EXPIRING_WITHIN_DAYS) ? 'por_vencer' : 'vigente',
  };
}
