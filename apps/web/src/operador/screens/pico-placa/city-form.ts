import type { z } from 'zod';
import { addDays } from '@togo/domain/pico-placa/pico-placa.calendar';
import {
  PicoPlacaCitySchema,
  type PicoPlacaCity,
  type PicoPlacaRule,
  type Weekday,
} from '@togo/domain/pico-placa/pico-placa.rules';

/** A city being edited: the stored object (unknown keys kept) whose rules the form changes. */
export type CityDraft = Record<string, unknown> & { rules: RuleDraft[] };
export type RuleDraft = Record<string, unknown> & Partial<PicoPlacaRule>;

/** Field errors by path ('rules.0.days'), from zod issues or from an API 400 body. */
export type FieldErrorMap = Record<string, string>;

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MON: 'Lun',
  TUE: 'Mar',
  WED: 'Mié',
  THU: 'Jue',
  FRI: 'Vie',
  SAT: 'Sáb',
  SUN: 'Dom',
};

export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrorMap {
  const out: FieldErrorMap = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'general';
    out[key] ??= issue.message;
  }
  return out;
}

/** The API's DRF-shaped 400 body ({"rules": {"0": {"days": ["…"]}}}) flattened to paths. */
export function apiErrorsToMap(body: unknown, prefix = ''): FieldErrorMap {
  const out: FieldErrorMap = {};
  if (typeof body === 'string') return { [prefix || 'general']: body };
  if (!body || typeof body !== 'object') return out;
  if (Array.isArray(body)) {
    const text = body.filter((m): m is string => typeof m === 'string').join(' ');
    return text ? { [prefix || 'general']: text } : out;
  }
  for (const [key, value] of Object.entries(body)) {
    const path =
      key === 'detail' || key === 'non_field_errors'
        ? prefix || 'general'
        : prefix
          ? `${prefix}.${key}`
          : key;
    Object.assign(out, apiErrorsToMap(value, path));
  }
  return out;
}

/** Validates a draft with the domain's schema (the one the server uses). */
export function validateCity(
  draft: unknown,
): { ok: true; city: PicoPlacaCity } | { ok: false; errors: FieldErrorMap } {
  const result = PicoPlacaCitySchema.safeParse(draft);
  return result.success
    ? { ok: true, city: result.data }
    : { ok: false, errors: issuesToErrors(result.error.issues) };
}

/** The errors under one rule ('rules.2.…'), keyed by the rest of the path. */
export function ruleErrors(errors: FieldErrorMap, index: number): FieldErrorMap {
  const prefix = `rules.${index}.`;
  const out: FieldErrorMap = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(prefix)) out[key.slice(prefix.length)] = message;
  }
  return out;
}

/**
 * A new rule starting today for six months: a copy of the last car rule's schedule and scheme when there is one
 * (a new rotation usually changes only the digits and the dates), otherwise Monday to Friday, 6:00–20:00.
 */
export function newRule(city: CityDraft, today: string): RuleDraft {
  // Cars are what most rotations are about: copy the last rule for particulares, else the last one.
  const evaluated = city.rules.filter((r) => r.evaluate_by_default !== false);
  const last =
    evaluated.filter((r) => (r.applies_to ?? []).includes('particular')).at(-1) ??
    evaluated.at(-1) ??
    city.rules.at(-1);
  const ids = new Set(city.rules.map((r) => r.id));
  let id = `${String(city.key ?? 'ciudad')}-${today}`;
  for (let n = 2; ids.has(id); n++) id = `${String(city.key ?? 'ciudad')}-${today}-${n}`;
  const base: RuleDraft = last
    ? structuredClone(last)
    : {
        applies_to: ['particular'],
        days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
        time_windows: [{ start: '06:00', end: '20:00' }],
        skip_holidays: true,
        digit: 'last',
        scheme: { type: 'weekday_digits', map: { MON: [], TUE: [], WED: [], THU: [], FRI: [] } },
        area: String(city.name ?? ''),
        area_scope: 'citywide',
        confidence: 'high',
        sources: [],
      };
  delete base.valid_from_approx;
  delete base.valid_to_approx;
  delete base.status;
  delete base.evaluate_by_default;
  // The copied rule's sources (news links about *that* rule) and its verification are not the new rule's
  // (issue 38): the operator names where the new one comes from, and it is verified when they do.
  delete base.verified_on;
  delete base.review_by;
  return { ...base, id, valid_from: today, valid_to: addDays(today, 182), notes: '', sources: [] };
}

/** Replaces rule `index` with `change(rule)`. */
export function updateRule(
  city: CityDraft,
  index: number,
  change: (rule: RuleDraft) => RuleDraft,
): CityDraft {
  return { ...city, rules: city.rules.map((rule, i) => (i === index ? change(rule) : rule)) };
}

export function toggle<T>(list: readonly T[] | undefined, item: T, on: boolean, order?: readonly T[]): T[] {
  const next = new Set(list ?? []);
  if (on) next.add(item);
  else next.delete(item);
  const values = [...next];
  return order ? order.filter((v) => next.has(v)) : values;
}

/** Picks the city to import from a JSON text: a city object, or a whole pico-y-placa.json (by DANE code). */
export function cityFromImport(
  text: string,
  dane: string,
): { ok: true; draft: CityDraft } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'El archivo no es un JSON válido.' };
  }
  if (value && typeof value === 'object' && Array.isArray((value as { cities?: unknown }).cities)) {
    const found = (value as { cities: unknown[] }).cities.find(
      (c) => !!c && typeof c === 'object' && (c as { dane_code?: unknown }).dane_code === dane,
    );
    if (!found) return { ok: false, error: `El archivo no tiene una ciudad con código DANE ${dane}.` };
    value = found;
  }
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    !Array.isArray((value as { rules?: unknown }).rules)
  ) {
    return { ok: false, error: 'El archivo debe contener un objeto de ciudad con sus reglas (rules).' };
  }
  return { ok: true, draft: value as CityDraft };
}
