import { addDays } from '../pico-placa/pico-placa.calendar.ts';
import { reviewDate } from '../pico-placa/pico-placa.certainty.ts';
import type { PicoPlacaCity, PicoPlacaRule } from '../pico-placa/pico-placa.rules.ts';
import type { PicoPlacaReviewReason, PicoPlacaState } from './operator-console.contract.ts';

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

/** One rule the console's "Por revisar" list names (issue 33), before the city and vehicle counts are added. */
export interface RuleToReview {
  regla: string;
  motivo: PicoPlacaReviewReason;
  /** The end (valid_to) or the review date; null for an open-ended rule never verified. */
  fecha: string | null;
}

/** A later rule for one of the same vehicle types takes over when this one ends: its end is not a blind spot. */
function supersededBy(rule: PicoPlacaRule, rules: readonly PicoPlacaRule[]): boolean {
  if (rule.valid_to === null) return false;
  const end = rule.valid_to;
  return rules.some(
    (other) =>
      other !== rule &&
      other.evaluate_by_default !== false &&
      other.applies_to.some((t) => rule.applies_to.includes(t)) &&
      (other.valid_to === null || other.valid_to > end),
  );
}

/**
 * The rules of a city TOGO is about to go blind on, or already has (issue 33, decision 083): a dated rule whose
 * end is within 30 days or past and that no later rule for the same vehicle types follows; an open-ended rule
 * whose review date (review_by, else verified_on + 183 days) is within 30 days or past, or that was never
 * verified. Informational rules (evaluate_by_default false) are not answers, so not listed.
 */
export function rulesToReview(city: Pick<PicoPlacaCity, 'rules'>, today: string): RuleToReview[] {
  const soon = addDays(today, EXPIRING_WITHIN_DAYS);
  const out: RuleToReview[] = [];
  for (const rule of city.rules) {
    if (rule.evaluate_by_default === false) continue;
    if (rule.valid_to !== null) {
      if (rule.valid_to > soon || supersededBy(rule, city.rules)) continue;
      out.push({ regla: rule.id, motivo: rule.valid_to < today ? 'vencida' : 'vence', fecha: rule.valid_to });
      continue;
    }
    const review = reviewDate(rule);
    if (review === null) out.push({ regla: rule.id, motivo: 'sin_verificar', fecha: null });
    else if (review <= soon) {
      out.push({ regla: rule.id, motivo: review < today ? 'revision_vencida' : 'revisar', fecha: review });
    }
  }
  return out;
}

/** The staff emails go out this many days before a rule ends or is due for review, once each (issue 33). */
export const REVIEW_NOTICE_DAYS = [30, 7] as const;

/**
 * Which notice is due for a date on `today`: 7 within 7 days (inclusive), 30 within 30 days, null when the date
 * is further, past, or unknown (a rule never verified is in the list but has no date to announce).
 */
export function reviewNoticeDue(fecha: string | null, today: string): 30 | 7 | null {
  if (fecha === null || fecha < today) return null;
  if (fecha <= addDays(today, 7)) return 7;
  if (fecha <= addDays(today, 30)) return 30;
  return null;
}
