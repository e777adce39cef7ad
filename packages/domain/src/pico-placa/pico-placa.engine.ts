import { epochDay, minutesToClock, parseLocalDateTime } from './pico-placa.calendar.ts';
import { type PicoPlacaCity } from './pico-placa.rules.ts';
import { SCOPE_PRIORITY } from './pico-placa.coverage.ts';
import { combineEvidence, evidenceFor, noEvidence } from './pico-placa.certainty.ts';
import {
  analyzeDay,
  dayFromAnalysis,
  instantFromAnalysis,
  mergeIntervals,
  withRestrictions,
} from './pico-placa.day-analysis.ts';
import { clockToMinutes } from './pico-placa.rules.ts';
import type {
  PicoPlacaData,
  PicoPlacaDayInput,
  PicoPlacaDayResult,
  PicoPlacaInput,
  PicoPlacaQuery,
  PicoPlacaRestriction,
  PicoPlacaResult,
} from './pico-placa.types.ts';

// The engine's public surface: its types, the plate helpers and the digits a rule restricts.
export type * from './pico-placa.types.ts';
export { normalizePlate, plateDigit } from './pico-placa.plate.ts';
export { restrictedDigitsOn } from './pico-placa.coverage.ts';
export { reviewDate, REVIEW_AFTER_DAYS } from './pico-placa.certainty.ts';

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
 * match → restricted, else not_restricted. Holidays come from the one holiday source (colombian-holidays).
 *
 * Every answer carries its certainty (vigente / por_confirmar / sin_informacion), the oldest verification date
 * and the sources of what it rests on (pico-placa.certainty.ts, decision 080).
 *
 * Everything is computed on local dates ('YYYY-MM-DD', America/Bogota); the functions are pure.
 */

// ---------------------------------------------------------------------------------------------------------
// Small pure helpers
// ---------------------------------------------------------------------------------------------------------

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
  const evidence = combineEvidence(results);
  if (rest.every((r) => sameOutcome(r, first))) return { ...first, ...evidenceFor(first.status, evidence) };

  const byRule = new Map<string, PicoPlacaRestriction>();
  for (const restriction of results.flatMap((r) => r.restrictions ?? [])) {
    if (!byRule.has(restriction.rule.id)) byRule.set(restriction.rule.id, restriction);
  }
  const restrictions = [...byRule.values()].sort(compareRestrictions);
  const dependsOn = 'depende del municipio de matrícula (registrationMunicipalityCode)';
  const cityName = first.city?.name ?? '';
  if (rest.every((r) => r.status === first.status)) {
    return withRestrictions(
      {
        status: first.status,
        city: first.city,
        reason: `${first.reason}; horario y zona ${dependsOn}`,
        ...evidenceFor(first.status, evidence),
      },
      restrictions,
    );
  }
  const unknown: PicoPlacaResult = {
    status: 'unknown',
    city: first.city,
    reason: `${cityName}: la restricción ${dependsOn}`,
    ...noEvidence(),
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
  const time = minutesToClock(minutes);
  const results = registrationScenarios(city, input.registrationMunicipalityCode).map((registration) =>
    instantFromAnalysis(city, analyzeDay(city, input, date, registration), minutes, time),
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
  if (!city) return { date: input.date, digits: [], dayWindows: [], ...unknownCity(input) };
  const results = registrationScenarios(city, input.registrationMunicipalityCode).map((registration) =>
    dayFromAnalysis(city, analyzeDay(city, input, input.date, registration), input.date),
  );
  const combined = combineScenarios(results);
  if (combined.status === 'unknown') return { date: input.date, digits: [], dayWindows: [], ...combined };
  return { date: input.date, ...cityDayOfScenarios(results), ...combined };
}

/** The city's digits and hours over every registration scenario (Cúcuta: metropolitan and other plates). */
function cityDayOfScenarios(results: readonly PicoPlacaDayResult[]) {
  const digits = [...new Set(results.flatMap((r) => r.digits))].sort((a, b) => a - b);
  const intervals = results.flatMap((r) =>
    r.dayWindows.map((w) => ({ start: clockToMinutes(w.start), end: clockToMinutes(w.end) })),
  );
  const dayWindows = mergeIntervals(intervals).map((i) => ({
    start: minutesToClock(i.start),
    end: minutesToClock(i.end),
  }));
  return { digits, dayWindows };
}

function unknownCity(query: PicoPlacaQuery): PicoPlacaResult {
  const asked = query.cityKey ?? query.municipalityCode ?? '(sin ciudad)';
  return {
    status: 'unknown',
    reason: `Ciudad '${asked}' sin reglas de pico y placa en los datos`,
    ...noEvidence(),
  };
}
