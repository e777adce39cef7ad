/** A city's restrictions on one local date, and the answers built from them (instant and whole day). */
import { MINUTES_PER_DAY, addDays, minutesToClock, weekdayOf } from './pico-placa.calendar.ts';
import {
  NO_RESTRICTION_STATUSES,
  type PicoPlacaCity,
  type PicoPlacaResultStatus,
  type PicoPlacaRule,
} from './pico-placa.rules.ts';
import {
  cityEvidence,
  combineEvidence,
  evidenceFor,
  exemptEvidence,
  noEvidence,
  ruleEvidence,
  suspensionEvidence,
} from './pico-placa.certainty.ts';
import type {
  PicoPlacaDayResult,
  PicoPlacaEvidence,
  PicoPlacaQuery,
  PicoPlacaRestriction,
  PicoPlacaResult,
  PicoPlacaWindow,
} from './pico-placa.types.ts';
import {
  SCOPE_PRIORITY,
  coveringRules,
  formatWindows,
  isSuspended,
  ruleRef,
  ruleRunsOn,
  ruleSegments,
} from './pico-placa.coverage.ts';
import { plateDigit } from './pico-placa.plate.ts';
import { isColombianHoliday } from '../calendar/colombian-holidays.ts';

export interface Interval {
  start: number;
  end: number;
}

export interface RawRestriction {
  rule: PicoPlacaRule;
  intervals: Interval[];
  digit: number;
}

export type DayAnalysis =
  | { kind: 'resolved'; status: PicoPlacaResultStatus; reason: string; evidence: PicoPlacaEvidence }
  | {
      kind: 'rules';
      /** at least one rule covers the date itself */
      covered: boolean;
      restrictions: RawRestriction[];
      reasonFree: string;
      /** The covering rules and the previous day's rules that restrict into this date. */
      evidence: PicoPlacaEvidence;
      /** Covering rules that run on the date (their digits and hours are the city's for that day). */
      running: PicoPlacaRule[];
    };

export function addRestriction(
  list: RawRestriction[],
  rule: PicoPlacaRule,
  interval: Interval,
  digit: number,
): void {
  const existing = list.find((r) => r.rule.id === rule.id);
  if (existing) existing.intervals.push(interval);
  else list.push({ rule, intervals: [interval], digit });
}

export function analyzeDay(
  city: PicoPlacaCity,
  query: PicoPlacaQuery,
  date: string,
  registration: string | undefined,
): DayAnalysis {
  const { vehicleType, plate } = query;
  if (city.exempt_vehicle_types?.includes(vehicleType)) {
    return {
      kind: 'resolved',
      status: 'not_restricted',
      reason: `${city.name}: ${vehicleType} exento`,
      evidence: exemptEvidence(city, vehicleType, date),
    };
  }
  const suspension = isSuspended(city, vehicleType, date);
  if (suspension) {
    return {
      kind: 'resolved',
      status: 'not_restricted',
      reason: `${city.name}: medida suspendida ${suspension.from} a ${suspension.to} (${suspension.reason})`,
      evidence: suspensionEvidence(suspension),
    };
  }

  const restrictions: RawRestriction[] = [];
  let missingDigit = false;

  // Windows of the previous day's rules that run past 24:00 into this date.
  const previous = addDays(date, -1);
  if (!isSuspended(city, vehicleType, previous)) {
    for (const rule of coveringRules(city, vehicleType, previous, registration)) {
      if (!ruleRunsOn(rule, previous)) continue;
      const digit = plateDigit(plate, rule.digit);
      for (const segment of ruleSegments(rule, previous)) {
        if (segment.end <= MINUTES_PER_DAY) continue;
        if (digit === undefined) {
          missingDigit = true;
          continue;
        }
        if (!segment.digits.includes(digit)) continue;
        addRestriction(
          restrictions,
          rule,
          {
            start: Math.max(segment.start, MINUTES_PER_DAY) - MINUTES_PER_DAY,
            end: Math.min(segment.end, 2 * MINUTES_PER_DAY) - MINUTES_PER_DAY,
          },
          digit,
        );
      }
    }
  }

  const covering = coveringRules(city, vehicleType, date, registration);
  const noRestrictionCity = (NO_RESTRICTION_STATUSES as readonly string[]).includes(city.status);
  if (noRestrictionCity && covering.length === 0 && restrictions.length === 0) {
    return {
      kind: 'resolved',
      status: 'not_restricted',
      reason: `${city.name}: sin pico y placa para ${vehicleType} (${city.status})`,
      evidence: cityEvidence(city, vehicleType, date),
    };
  }
  // The previous day's rules count only where they restrict into this date.
  const spill = restrictions.map((r) => ruleEvidence(r.rule, previous));
  if (covering.length === 0) {
    return {
      kind: 'rules',
      covered: false,
      restrictions,
      reasonFree: `${city.name}: ninguna regla vigente cubre ${date} para ${vehicleType} (dato desconocido)`,
      evidence: combineEvidence(spill),
      running: [],
    };
  }

  const running = covering.filter((rule) => ruleRunsOn(rule, date));
  for (const rule of running) {
    const digit = plateDigit(plate, rule.digit);
    for (const segment of ruleSegments(rule, date)) {
      if (digit === undefined) {
        missingDigit = true;
        continue;
      }
      if (!segment.digits.includes(digit)) continue;
      addRestriction(
        restrictions,
        rule,
        { start: segment.start, end: Math.min(segment.end, MINUTES_PER_DAY) },
        digit,
      );
    }
  }

  if (missingDigit && restrictions.length === 0) {
    return {
      kind: 'resolved',
      status: 'unknown',
      reason: `Placa '${plate}' sin dígitos`,
      evidence: noEvidence(),
    };
  }

  let reasonFree: string;
  if (running.length === 0) {
    reasonFree = covering.some((r) => r.skip_holidays && isColombianHoliday(date))
      ? `${city.name}: ${date} es festivo, sin pico y placa`
      : `${city.name}: sin pico y placa el ${weekdayOf(date)}`;
  } else {
    const digits = [...new Set(running.map((r) => plateDigit(plate, r.digit)))].join('/');
    reasonFree = `${city.name}: el dígito ${digits} no tiene pico y placa el ${date}`;
  }
  const evidence = combineEvidence([...covering.map((r) => ruleEvidence(r, date)), ...spill]);
  return { kind: 'rules', covered: true, restrictions, reasonFree, evidence, running };
}

export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

export function toWindows(intervals: readonly Interval[]): PicoPlacaWindow[] {
  return mergeIntervals(intervals).map((i) => ({
    start: minutesToClock(i.start),
    end: minutesToClock(i.end),
  }));
}

export function byPriority(a: RawRestriction, b: RawRestriction): number {
  const starts = (r: RawRestriction) => Math.min(...r.intervals.map((i) => i.start));
  return SCOPE_PRIORITY[a.rule.area_scope] - SCOPE_PRIORITY[b.rule.area_scope] || starts(a) - starts(b);
}

export function publicRestrictions(raw: readonly RawRestriction[]): PicoPlacaRestriction[] {
  return [...raw]
    .sort(byPriority)
    .map((r) => ({ rule: ruleRef(r.rule), windows: toWindows(r.intervals), digit: r.digit }));
}

type ResultBase = {
  status: PicoPlacaResultStatus;
  city?: { key: string; name: string } | undefined;
  reason: string;
} & PicoPlacaEvidence;

export function withRestrictions(base: ResultBase, restrictions: PicoPlacaRestriction[]): PicoPlacaResult {
  const primary = restrictions[0];
  if (!primary) return base;
  return { ...base, rule: primary.rule, windows: primary.windows, digit: primary.digit, restrictions };
}

/** The answer's status with the analysis's evidence (sin_informacion exactly when unknown). */
function based(
  analysis: DayAnalysis,
  status: PicoPlacaResultStatus,
  city: { key: string; name: string },
  reason: string,
): ResultBase {
  return { status, city, reason, ...evidenceFor(status, analysis.evidence) };
}

export function instantFromAnalysis(
  city: PicoPlacaCity,
  analysis: DayAnalysis,
  minutes: number,
  time: string,
): PicoPlacaResult {
  const cityRef = { key: city.key, name: city.name };
  if (analysis.kind === 'resolved') return based(analysis, analysis.status, cityRef, analysis.reason);

  const all = publicRestrictions(analysis.restrictions);
  const now = analysis.restrictions
    .filter((r) => r.intervals.some((i) => i.start <= minutes && minutes < i.end))
    .sort(byPriority);
  const matching = now[0];
  if (matching) {
    const ordered = [
      ...all.filter((r) => r.rule.id === matching.rule.id),
      ...all.filter((r) => r.rule.id !== matching.rule.id),
    ];
    const primary = ordered[0];
    const scope = matching.rule.area_scope === 'citywide' ? '' : ` (solo ${matching.rule.area_scope})`;
    const reason = `${city.name}: dígito ${matching.digit} restringido a las ${time} por ${matching.rule.id}${scope}, ${formatWindows(primary?.windows ?? [])}`;
    return withRestrictions(based(analysis, 'restricted', cityRef, reason), ordered);
  }
  if (!analysis.covered) {
    return withRestrictions(based(analysis, 'unknown', cityRef, analysis.reasonFree), all);
  }
  if (all.length > 0) {
    const reason = `${city.name}: sin restricción a las ${time}; hoy ${formatWindows(all[0]?.windows ?? [])}`;
    return withRestrictions(based(analysis, 'not_restricted', cityRef, reason), all);
  }
  return based(analysis, 'not_restricted', cityRef, analysis.reasonFree);
}

/** The digits the city restricts that day for the vehicle type, and when (whatever the plate). */
export function cityDay(
  running: readonly PicoPlacaRule[],
  date: string,
): { digits: number[]; dayWindows: PicoPlacaWindow[] } {
  const digits = new Set<number>();
  const intervals: Interval[] = [];
  for (const rule of running) {
    for (const segment of ruleSegments(rule, date)) {
      if (segment.digits.length === 0) continue;
      for (const d of segment.digits) digits.add(d);
      intervals.push({ start: segment.start, end: Math.min(segment.end, MINUTES_PER_DAY) });
    }
  }
  return { digits: [...digits].sort((a, b) => a - b), dayWindows: toWindows(intervals) };
}

export function dayFromAnalysis(
  city: PicoPlacaCity,
  analysis: DayAnalysis,
  date: string,
): PicoPlacaDayResult {
  const cityRef = { key: city.key, name: city.name };
  if (analysis.kind === 'resolved') {
    return {
      date,
      digits: [],
      dayWindows: [],
      ...based(analysis, analysis.status, cityRef, analysis.reason),
    };
  }
  const day = cityDay(analysis.running, date);
  const all = publicRestrictions(analysis.restrictions);
  const primary = all[0];
  if (primary) {
    const partial = analysis.covered ? '' : ' (solo la madrugada; el resto del día no tiene regla conocida)';
    const reason = `${city.name}: dígito ${primary.digit} con pico y placa ${date} ${formatWindows(primary.windows)}${partial}`;
    return { date, ...day, ...withRestrictions(based(analysis, 'restricted', cityRef, reason), all) };
  }
  const status = analysis.covered ? 'not_restricted' : 'unknown';
  return { date, ...day, ...based(analysis, status, cityRef, analysis.reasonFree) };
}
