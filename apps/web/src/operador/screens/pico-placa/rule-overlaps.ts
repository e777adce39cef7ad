import type { PicoPlacaCity } from '@togo/domain/pico-placa/pico-placa.rules';

type Rule = PicoPlacaCity['rules'][number];

/** Two citywide rules for the same vehicles whose periods share days: the engine then applies both. */
export interface RuleOverlap {
  first: string;
  second: string;
  /** First and last shared day ('YYYY-MM-DD'); `to` null when both are open-ended. */
  from: string;
  to: string | null;
}

const FAR_PAST = '0000-01-01';

const sharesVehicles = (a: Rule, b: Rule) => a.applies_to.some((type) => b.applies_to.includes(type));
const sameCondition = (a: Rule, b: Rule) =>
  JSON.stringify(a.condition ?? null) === JSON.stringify(b.condition ?? null);
const counts = (r: Rule) => r.evaluate_by_default !== false && r.area_scope === 'citywide';

/**
 * The overlaps an operator most likely did not mean (issue 38: overlapping periods saved without a warning): two
 * rules the engine uses, both citywide, for a shared vehicle type and the same condition (registration), whose
 * validity periods share at least one day. A zone or corridor rule inside a citywide one is how cities work (Bogotá)
 * and is not reported, nor are rules for different registrations (Cúcuta).
 */
export function ruleOverlaps(city: PicoPlacaCity): RuleOverlap[] {
  const rules = city.rules.filter(counts);
  const out: RuleOverlap[] = [];
  rules.forEach((a, i) => {
    for (const b of rules.slice(i + 1)) {
      if (!sharesVehicles(a, b) || !sameCondition(a, b)) continue;
      const from = [a.valid_from ?? FAR_PAST, b.valid_from ?? FAR_PAST].sort()[1] ?? FAR_PAST;
      const ends = [a.valid_to, b.valid_to].filter((d): d is string => d !== null).sort();
      const to = ends[0] ?? null;
      if (to !== null && to < from) continue;
      out.push({ first: a.id, second: b.id, from, to });
    }
  });
  return out;
}
