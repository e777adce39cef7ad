/** Which rules cover a date, run on it, and the digits and time segments they restrict. */
import { isColombianHoliday } from '../calendar/colombian-holidays.ts';
import {
  addDays,
  dayOfMonth,
  epochDay,
  weekdayIndex,
  weekdayOf,
  weeksBetween,
} from './pico-placa.calendar.ts';
import {
  clockToMinutes,
  type AreaScope,
  type PicoPlacaCity,
  type PicoPlacaRule,
  type PicoPlacaVehicleType,
  type RuleCondition,
} from './pico-placa.rules.ts';
import type { PicoPlacaRuleRef, PicoPlacaWindow } from './pico-placa.types.ts';

export function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

export const SCOPE_PRIORITY: Record<AreaScope, number> = { citywide: 0, zone: 1, corridors: 2 };

export function ruleRef(rule: PicoPlacaRule): PicoPlacaRuleRef {
  return {
    id: rule.id,
    area: rule.area,
    area_scope: rule.area_scope,
    confidence: rule.confidence,
    sources: [...rule.sources],
  };
}

export function formatWindows(windows: readonly PicoPlacaWindow[]): string {
  return windows.map((w) => `${w.start}-${w.end}`).join(', ');
}

// ---------------------------------------------------------------------------------------------------------
// Rule selection and schemes
// ---------------------------------------------------------------------------------------------------------

export function conditionHolds(
  condition: RuleCondition | undefined,
  registration: string | undefined,
): boolean {
  if (condition === undefined) return true;
  // Scenarios always supply a registration when a city has conditional rules (see registrationScenarios).
  if (registration === undefined) return false;
  if (condition.registered_in && !condition.registered_in.includes(registration)) return false;
  if (condition.registered_outside && condition.registered_outside.includes(registration)) return false;
  return true;
}

export function isValidOn(rule: PicoPlacaRule, date: string): boolean {
  return (
    (rule.valid_from === null || rule.valid_from <= date) && (rule.valid_to === null || date <= rule.valid_to)
  );
}

/** Step 4: rules evaluated by default, for the vehicle type, valid on the date, condition satisfied. */
export function coveringRules(
  city: PicoPlacaCity,
  vehicleType: PicoPlacaVehicleType,
  date: string,
  registration: string | undefined,
): PicoPlacaRule[] {
  return city.rules.filter(
    (rule) =>
      rule.evaluate_by_default !== false &&
      rule.applies_to.includes(vehicleType) &&
      isValidOn(rule, date) &&
      conditionHolds(rule.condition, registration),
  );
}

export function isSuspended(city: PicoPlacaCity, vehicleType: PicoPlacaVehicleType, date: string) {
  return city.suspensions.find((s) => s.applies_to.includes(vehicleType) && s.from <= date && date <= s.to);
}

/** The rule restricts on that date: one of its weekdays, and not a holiday when it skips them. */
export function ruleRunsOn(rule: Pick<PicoPlacaRule, 'days' | 'skip_holidays'>, date: string): boolean {
  return rule.days.includes(weekdayOf(date)) && !(rule.skip_holidays && isColombianHoliday(date));
}

/** Days the rule runs from `from` (inclusive) to `to` (exclusive); negative when `to` is earlier. */
export function runningDaysBetween(
  rule: Pick<PicoPlacaRule, 'days' | 'skip_holidays'>,
  from: string,
  to: string,
): number {
  const span = epochDay(to) - epochDay(from);
  const [start, sign] = span >= 0 ? [from, 1] : [to, -1];
  let count = 0;
  for (let i = 0; i < Math.abs(span); i++) if (ruleRunsOn(rule, addDays(start, i))) count++;
  return sign * count;
}

/** Restricted digits of a scheme on a date (regional_entry_parity is per window: see ruleSegments). */
export function restrictedDigitsOn(rule: PicoPlacaRule, date: string): readonly number[] {
  const scheme = rule.scheme;
  switch (scheme.type) {
    case 'weekday_digits':
      return scheme.map[weekdayOf(date)] ?? [];
    case 'date_parity':
      return dayOfMonth(date) % 2 === 0 ? scheme.even_dates : scheme.odd_dates;
    case 'rotating_pairs': {
      const published = scheme.published_dates?.[date];
      if (published) return published;
      const index =
        scheme.anchor_index +
        weeksBetween(scheme.anchor_week_monday, date) * scheme.step_per_week +
        weekdayIndex(date) * scheme.step_per_weekday;
      return scheme.pairs[mod(index, scheme.pairs.length)] ?? [];
    }
    case 'working_day_rotation': {
      const published = scheme.published_dates?.[date];
      if (published) return published;
      // A day the rule does not run restricts nothing (and takes no step of the rotation).
      if (!ruleRunsOn(rule, date)) return [];
      const index = scheme.anchor_index + runningDaysBetween(rule, scheme.anchor_date, date);
      return scheme.pairs[mod(index, scheme.pairs.length)] ?? [];
    }
    case 'date_allowed_digits': {
      const allowed = scheme.allowed[date];
      if (!allowed) return [];
      return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !allowed.includes(d));
    }
    case 'regional_entry_parity': {
      const all = new Set(scheme.windows.flatMap((w) => w.restricted));
      return [...all].sort((a, b) => a - b);
    }
  }
}

/** A part of a rule's day: [start, end) in minutes after the rule day's midnight (end may exceed 1440). */
export interface Segment {
  start: number;
  end: number;
  digits: readonly number[];
}

export function ruleSegments(rule: PicoPlacaRule, date: string): Segment[] {
  const scheme = rule.scheme;
  const windows = rule.time_windows.map((w) => ({
    start: clockToMinutes(w.start),
    end: clockToMinutes(w.end),
  }));
  if (scheme.type !== 'regional_entry_parity') {
    const digits = restrictedDigitsOn(rule, date);
    return windows.map((w) => ({ ...w, digits }));
  }
  // Each scheme window restricts its own digits, within the rule's time windows.
  const segments: Segment[] = [];
  for (const w of windows) {
    for (const sw of scheme.windows) {
      const start = Math.max(w.start, clockToMinutes(sw.start));
      const end = Math.min(w.end, clockToMinutes(sw.end));
      if (start < end) segments.push({ start, end, digits: sw.restricted });
    }
  }
  return segments;
}

// ---------------------------------------------------------------------------------------------------------
// Day analysis (shared by the instant and the whole-day evaluation)
// ---------------------------------------------------------------------------------------------------------
