import {
  MINUTES_PER_DAY,
  addDays,
  dayOfMonth,
  epochDay,
  minutesToClock,
  parseLocalDateTime,
  weekdayIndex,
  weekdayOf,
  weeksBetween,
} from './pico-placa.calendar.ts';
import {
  NO_RESTRICTION_STATUSES,
  clockToMinutes,
  type AreaScope,
  type Confidence,
  type DigitSelector,
  type PicoPlacaCity,
  type PicoPlacaResultStatus,
  type PicoPlacaRule,
  type PicoPlacaVehicleType,
  type RuleCondition,
} from './pico-placa.rules.ts';

/**
 * Pico y placa engine: implements `engine.evaluate` of shared/data/pico-y-placa.json.
 *
 * 1) find the city by key or by a municipality in its `municipalities`; 2) exempt vehicle types and cities
 * whose status is no_private_car_restriction / no_restriction_found (with no default rule covering the date)
 * → not_restricted; 3) a suspension covering the date for the vehicle type → not_restricted; 4) rules with
 * evaluate_by_default != false, the vehicle type in applies_to, valid_from <= date <= valid_to (null = open)
 * and their condition satisfied cover the date — none → unknown; 5) a covering rule matches when the weekday
 * is in `days`, the date is not a holiday (skip_holidays), the local time is in a window (start inclusive,
 * end exclusive; ends past 24:00 continue into the next day, so the previous day's rules are also tested with
 * time + 24 h) and the plate digit ('last'/'first' numeric character) is among the scheme's digits; 6) any
 * match → restricted, else not_restricted.
 *
 * Everything is computed on local dates ('YYYY-MM-DD', America/Bogota); the functions are pure.
 */

export interface PicoPlacaData {
  cities: readonly PicoPlacaCity[];
  /** 'YYYY-MM-DD' national holidays (see `holidayDates`). */
  holidays: readonly string[];
}

export interface PicoPlacaQuery {
  plate: string;
  vehicleType: PicoPlacaVehicleType;
  /** `cities[].key`; takes precedence over municipalityCode. */
  cityKey?: string;
  /** DANE 5-digit code of the municipality where the vehicle drives (e.g. '05088' Bello → medellin). */
  municipalityCode?: string;
  /**
   * DANE code of the municipality where the vehicle is registered. Only rules with a `condition` read it
   * (Cúcuta: metropolitan vs other plates). When absent every registration is tried and a result that
   * depends on it is reported as 'unknown'.
   */
  registrationMunicipalityCode?: string;
}

export interface PicoPlacaInput extends PicoPlacaQuery {
  /** 'YYYY-MM-DDTHH:mm' local time in America/Bogota. */
  localDateTime: string;
}

export interface PicoPlacaDayInput extends PicoPlacaQuery {
  /** 'YYYY-MM-DD' local date in America/Bogota. */
  date: string;
}

export interface PicoPlacaWindow {
  /** 'HH:MM' */
  start: string;
  /** 'HH:MM', exclusive; '24:00' = until midnight. */
  end: string;
}

export interface PicoPlacaRuleRef {
  id: string;
  area: string;
  /** 'zone' / 'corridors': the restriction applies only inside that area. */
  area_scope: AreaScope;
  confidence: Confidence;
  sources: string[];
}

/** One rule that restricts the plate on the calendar day, with its windows clipped to that day. */
export interface PicoPlacaRestriction {
  rule: PicoPlacaRuleRef;
  windows: PicoPlacaWindow[];
  digit: number;
}

export interface PicoPlacaResult {
  status: PicoPlacaResultStatus;
  city?: { key: string; name: string };
  /** The matching rule (restricted) or the rule restricting the plate at another time of the day. */
  rule?: PicoPlacaRuleRef;
  /**
   * Windows of `rule` on that calendar day, clipped to 00:00-24:00 (a window 06:00-30:00 shows as 06:00-24:00
   * on its day and 00:00-06:00 on the next). Present whenever the plate is restricted at some time of the day.
   */
  windows?: PicoPlacaWindow[];
  /** The plate digit the rule reads. */
  digit?: number;
  /** Every rule restricting the plate that day (e.g. a zone rule and a citywide rule), primary first. */
  restrictions?: PicoPlacaRestriction[];
  /** Short Spanish explanation for logs and support. */
  reason: string;
}

export interface PicoPlacaDayResult extends PicoPlacaResult {
  /** 'YYYY-MM-DD' */
  date: string;
}

// ---------------------------------------------------------------------------------------------------------
// Small pure helpers
// ---------------------------------------------------------------------------------------------------------

/** Upper-case letters and digits only ('abc-123' → 'ABC123'). */
export function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Last or first numeric character of the plate (ABC12D: last → 2, first → 1); undefined without digits. */
export function plateDigit(plate: string, selector: DigitSelector): number | undefined {
  const digits = normalizePlate(plate).match(/\d/g);
  if (!digits) return undefined;
  const char = selector === 'first' ? digits[0] : digits[digits.length - 1];
  return char === undefined ? undefined : Number(char);
}

export function findPicoPlacaCity(
  cities: readonly PicoPlacaCity[],
  query: { cityKey?: string | undefined; municipalityCode?: string | undefined },
): PicoPlacaCity | undefined {
  if (query.cityKey !== undefined) {
    const byKey = cities.find((c) => c.key === query.cityKey);
    if (byKey) return byKey;
  }
  const code = query.municipalityCode;
  if (code === undefined) return undefined;
  return cities.find((c) => c.dane_code === code || c.municipalities.includes(code));
}

function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

const SCOPE_PRIORITY: Record<AreaScope, number> = { citywide: 0, zone: 1, corridors: 2 };

function ruleRef(rule: PicoPlacaRule): PicoPlacaRuleRef {
  return {
    id: rule.id,
    area: rule.area,
    area_scope: rule.area_scope,
    confidence: rule.confidence,
    sources: [...rule.sources],
  };
}

function formatWindows(windows: readonly PicoPlacaWindow[]): string {
  return windows.map((w) => `${w.start}-${w.end}`).join(', ');
}

// ---------------------------------------------------------------------------------------------------------
// Rule selection and schemes
// ---------------------------------------------------------------------------------------------------------

function conditionHolds(condition: RuleCondition | undefined, registration: string | undefined): boolean {
  if (condition === undefined) return true;
  // Scenarios always supply a registration when a city has conditional rules (see registrationScenarios).
  if (registration === undefined) return false;
  if (condition.registered_in && !condition.registered_in.includes(registration)) return false;
  if (condition.registered_outside && condition.registered_outside.includes(registration)) return false;
  return true;
}

function isValidOn(rule: PicoPlacaRule, date: string): boolean {
  return (
    (rule.valid_from === null || rule.valid_from <= date) && (rule.valid_to === null || date <= rule.valid_to)
  );
}

/** Step 4: rules evaluated by default, for the vehicle type, valid on the date, condition satisfied. */
function coveringRules(
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

function isSuspended(city: PicoPlacaCity, vehicleType: PicoPlacaVehicleType, date: string) {
  return city.suspensions.find((s) => s.applies_to.includes(vehicleType) && s.from <= date && date <= s.to);
}

function ruleRunsOn(rule: PicoPlacaRule, date: string, holidays: ReadonlySet<string>): boolean {
  return rule.days.includes(weekdayOf(date)) && !(rule.skip_holidays && holidays.has(date));
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
interface Segment {
  start: number;
  end: number;
  digits: readonly number[];
}

function ruleSegments(rule: PicoPlacaRule, date: string): Segment[] {
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

interface Interval {
  start: number;
  end: number;
}

interface RawRestriction {
  rule: PicoPlacaRule;
  intervals: Interval[];
  digit: number;
}

type DayAnalysis =
  | { kind: 'resolved'; status: PicoPlacaResultStatus; reason: string }
  | {
      kind: 'rules';
      /** at least one rule covers the date itself */
      covered: boolean;
      restrictions: RawRestriction[];
      reasonFree: string;
    };

function addRestriction(
  list: RawRestriction[],
  rule: PicoPlacaRule,
  interval: Interval,
  digit: number,
): void {
  const existing = list.find((r) => r.rule.id === rule.id);
  if (existing) existing.intervals.push(interval);
  else list.push({ rule, intervals: [interval], digit });
}

function analyzeDay(
  city: PicoPlacaCity,
  query: PicoPlacaQuery,
  date: string,
  holidays: ReadonlySet<string>,
  registration: string | undefined,
): DayAnalysis {
  const { vehicleType, plate } = query;
  if (city.exempt_vehicle_types?.includes(vehicleType)) {
    return { kind: 'resolved', status: 'not_restricted', reason: `${city.name}: ${vehicleType} exento` };
  }
  const suspension = isSuspended(city, vehicleType, date);
  if (suspension) {
    return {
      kind: 'resolved',
      status: 'not_restricted',
      reason: `${city.name}: medida suspendida ${suspension.from} a ${suspension.to} (${suspension.reason})`,
    };
  }

  const restrictions: RawRestriction[] = [];
  let missingDigit = false;

  // Windows of the previous day's rules that run past 24:00 into this date.
  const previous = addDays(date, -1);
  if (!isSuspended(city, vehicleType, previous)) {
    for (const rule of coveringRules(city, vehicleType, previous, registration)) {
      if (!ruleRunsOn(rule, previous, holidays)) continue;
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
    };
  }
  if (covering.length === 0) {
    return {
      kind: 'rules',
      covered: false,
      restrictions,
      reasonFree: `${city.name}: ninguna regla vigente cubre ${date} para ${vehicleType} (dato desconocido)`,
    };
  }

  const running = covering.filter((rule) => ruleRunsOn(rule, date, holidays));
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
    return { kind: 'resolved', status: 'unknown', reason: `Placa '${plate}' sin dígitos` };
  }

  let reasonFree: string;
  if (running.length === 0) {
    reasonFree = covering.some((r) => r.skip_holidays && holidays.has(date))
      ? `${city.name}: ${date} es festivo, sin pico y placa`
      : `${city.name}: sin pico y placa el ${weekdayOf(date)}`;
  } else {
    const digits = [...new Set(running.map((r) => plateDigit(plate, r.digit)))].join('/');
    reasonFree = `${city.name}: el dígito ${digits} no tiene pico y placa el ${date}`;
  }
  return { kind: 'rules', covered: true, restrictions, reasonFree };
}

function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

function toWindows(intervals: readonly Interval[]): PicoPlacaWindow[] {
  return mergeIntervals(intervals).map((i) => ({
    start: minutesToClock(i.start),
    end: minutesToClock(i.end),
  }));
}

function byPriority(a: RawRestriction, b: RawRestriction): number {
  const starts = (r: RawRestriction) => Math.min(...r.intervals.map((i) => i.start));
  return SCOPE_PRIORITY[a.rule.area_scope] - SCOPE_PRIORITY[b.rule.area_scope] || starts(a) - starts(b);
}

function publicRestrictions(raw: readonly RawRestriction[]): PicoPlacaRestriction[] {
  return [...raw]
    .sort(byPriority)
    .map((r) => ({ rule: ruleRef(r.rule), windows: toWindows(r.intervals), digit: r.digit }));
}

function withRestrictions(
  base: { status: PicoPlacaResultStatus; city?: { key: string; name: string } | undefined; reason: string },
  restrictions: PicoPlacaRestriction[],
): PicoPlacaResult {
  const primary = restrictions[0];
  if (!primary) return base;
  return { ...base, rule: primary.rule, windows: primary.windows, digit: primary.digit, restrictions };
}

function instantFromAnalysis(
  city: PicoPlacaCity,
  analysis: DayAnalysis,
  minutes: number,
  time: string,
): PicoPlacaResult {
  const cityRef = { key: city.key, name: city.name };
  if (analysis.kind === 'resolved')
    return { status: analysis.status, city: cityRef, reason: analysis.reason };

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
    return withRestrictions(
      {
        status: 'restricted',
        city: cityRef,
        reason: `${city.name}: dígito ${matching.digit} restringido a las ${time} por ${matching.rule.id}${scope}, ${formatWindows(primary?.windows ?? [])}`,
      },
      ordered,
    );
  }
  if (!analysis.covered) {
    return withRestrictions({ status: 'unknown', city: cityRef, reason: analysis.reasonFree }, all);
  }
  if (all.length > 0) {
    return withRestrictions(
      {
        status: 'not_restricted',
        city: cityRef,
        reason: `${city.name}: sin restricción a las ${time}; hoy ${formatWindows(all[0]?.windows ?? [])}`,
      },
      all,
    );
  }
  return { status: 'not_restricted', city: cityRef, reason: analysis.reasonFree };
}

function dayFromAnalysis(city: PicoPlacaCity, analysis: DayAnalysis, date: string): PicoPlacaDayResult {
  const cityRef = { key: city.key, name: city.name };
  if (analysis.kind === 'resolved') {
    return { date, status: analysis.status, city: cityRef, reason: analysis.reason };
  }
  const all = publicRestrictions(analysis.restrictions);
  const primary = all[0];
  if (primary) {
    const partial = analysis.covered ? '' : ' (solo la madrugada; el resto del día no tiene regla conocida)';
    return {
      date,
      ...withRestrictions(
        {
          status: 'restricted',
          city: cityRef,
          reason: `${city.name}: dígito ${primary.digit} con pico y placa ${date} ${formatWindows(primary.windows)}${partial}`,
        },
        all,
      ),
    };
  }
  return {
    date,
    status: analysis.covered ? 'not_restricted' : 'unknown',
    city: cityRef,
    reason: analysis.reasonFree,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Registration scenarios (rules with a `condition`)
// ---------------------------------------------------------------------------------------------------------

/** Not a DANE municipality: stands for "registered anywhere else". */
const ELSEWHERE = '00000';

function registrationScenarios(
  city: PicoPlacaCity,
  registration: string | undefined,
): (string | undefined)[] {
  if (registration !== undefined) return [registration];
  const codes = new Set<string>();
  for (const rule of city.rules) {
    if (rule.evaluate_by_default === false) continue;
    for (const code of rule.condition?.registered_in ?? []) codes.add(code);
    for (const code of rule.condition?.registered_outside ?? []) codes.add(code);
  }
  if (codes.size === 0) return [undefined];
  return [...[...codes].sort(), ELSEWHERE];
}

function sameOutcome(a: PicoPlacaResult, b: PicoPlacaResult): boolean {
  return a.status === b.status && JSON.stringify(a.windows ?? null) === JSON.stringify(b.windows ?? null);
}

function compareRestrictions(a: PicoPlacaRestriction, b: PicoPlacaRestriction): number {
  return (
    SCOPE_PRIORITY[a.rule.area_scope] - SCOPE_PRIORITY[b.rule.area_scope] ||
    (a.windows[0]?.start ?? '').localeCompare(b.windows[0]?.start ?? '')
  );
}

/**
 * One result per registration scenario → one result: identical outcomes collapse; a status shared by every
 * scenario is kept (restrictions of all of them, broadest first); otherwise 'unknown' (depends on registration).
 */
function combineScenarios(results: readonly PicoPlacaResult[]): PicoPlacaResult {
  const [first, ...rest] = results;
  if (!first) throw new Error('No registration scenario');
  if (rest.every((r) => sameOutcome(r, first))) return first;

  const byRule = new Map<string, PicoPlacaRestriction>();
  for (const restriction of results.flatMap((r) => r.restrictions ?? [])) {
    if (!byRule.has(restriction.rule.id)) byRule.set(restriction.rule.id, restriction);
  }
  const restrictions = [...byRule.values()].sort(compareRestrictions);
  const dependsOn = 'depende del municipio de matrícula (registrationMunicipalityCode)';
  const cityName = first.city?.name ?? '';
  if (rest.every((r) => r.status === first.status)) {
    return withRestrictions(
      { status: first.status, city: first.city, reason: `${first.reason}; horario y zona ${dependsOn}` },
      restrictions,
    );
  }
  const unknown: PicoPlacaResult = {
    status: 'unknown',
    city: first.city,
    reason: `${cityName}: la restricción ${dependsOn}`,
  };
  return restrictions.length > 0 ? { ...unknown, restrictions } : unknown;
}

// ---------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------

/**
 * Is the plate restricted at this local date-time? 'unknown' when the city is not in the data, no rule covers
 * the date (a rotation ended without a known successor) or the answer depends on data the caller did not give.
 * Throws RangeError when `localDateTime` is not 'YYYY-MM-DDTHH:mm'.
 */
export function evaluatePicoPlaca(input: PicoPlacaInput, data: PicoPlacaData): PicoPlacaResult {
  const { date, minutes } = parseLocalDateTime(input.localDateTime);
  const city = findPicoPlacaCity(data.cities, input);
  if (!city) return unknownCity(input);
  const holidays = new Set(data.holidays);
  const time = minutesToClock(minutes);
  const results = registrationScenarios(city, input.registrationMunicipalityCode).map((registration) =>
    instantFromAnalysis(city, analyzeDay(city, input, date, holidays, registration), minutes, time),
  );
  return combineScenarios(results);
}

/**
 * Whole-day answer for a local date: 'restricted' when some window of that calendar day restricts the plate
 * (`windows` then says from when to when, clipped to the day), 'not_restricted' when none does, 'unknown'
 * when no rule covers the date. Throws RangeError when `date` is not a real 'YYYY-MM-DD'.
 */
export function evaluatePicoPlacaDay(input: PicoPlacaDayInput, data: PicoPlacaData): PicoPlacaDayResult {
  epochDay(input.date);
  const city = findPicoPlacaCity(data.cities, input);
  if (!city) return { date: input.date, ...unknownCity(input) };
  const holidays = new Set(data.holidays);
  const results = registrationScenarios(city, input.registrationMunicipalityCode).map((registration) =>
    dayFromAnalysis(city, analyzeDay(city, input, input.date, holidays, registration), input.date),
  );
  return { date: input.date, ...combineScenarios(results) };
}

function unknownCity(query: PicoPlacaQuery): PicoPlacaResult {
  const asked = query.cityKey ?? query.municipalityCode ?? '(sin ciudad)';
  return { status: 'unknown', reason: `Ciudad '${asked}' sin reglas de pico y placa en los datos` };
}
