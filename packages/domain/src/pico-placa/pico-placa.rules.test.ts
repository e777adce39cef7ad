import { describe, expect, it } from 'vitest';
import {
  HolidaysSchema,
  PicoPlacaCitiesSchema,
  PicoPlacaCitySchema,
  PicoPlacaDataFileSchema,
  PicoPlacaRuleSchema,
} from './pico-placa.rules.ts';
import { readPicoPlacaJson } from './pico-placa.test-data.ts';

interface RawFile {
  cities: Record<string, unknown>[];
  holidays: unknown;
}

const raw = readPicoPlacaJson() as RawFile;

function rawCity(key: string): Record<string, unknown> {
  const found = raw.cities.find((c) => c['key'] === key);
  if (!found) throw new Error(`city ${key} missing`);
  return structuredClone(found);
}

function rawRule(cityKey: string, index = 0): Record<string, unknown> {
  const rules = rawCity(cityKey)['rules'] as Record<string, unknown>[];
  const found = rules[index];
  if (!found) throw new Error(`rule ${index} of ${cityKey} missing`);
  return found;
}

describe('pico y placa schemas', () => {
  it('parse the whole reference file', () => {
    const result = PicoPlacaDataFileSchema.safeParse(raw);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.data?.cities).toHaveLength(17);
    expect(result.data?.cities.flatMap((c) => c.rules)).toHaveLength(51);
    expect(result.data?.embed.cities).toHaveLength(37);
  });

  it('parse every city on its own, as the API stores them, and round-trip unchanged', () => {
    for (const city of raw.cities) {
      const parsed = PicoPlacaCitySchema.parse(city);
      expect(PicoPlacaCitySchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
      // Loose objects keep informational keys (notes, sources, summary, fine …).
      expect(parsed).toEqual(city);
    }
    expect(PicoPlacaCitiesSchema.parse(raw.cities)).toHaveLength(17);
  });

  it('ignores a holidays table (holidays come from the library) and accepts a file without one', () => {
    const withTable = { ...raw, holidays: { dates: { '2025': [{ date: '2025-06-30', name: 'x' }] } } };
    expect(PicoPlacaDataFileSchema.safeParse(withTable).success).toBe(true);
    const { holidays: _ignored, ...without } = withTable;
    expect(PicoPlacaDataFileSchema.safeParse(without).success).toBe(true);
    expect(HolidaysSchema.safeParse({ dates: { '25': [] } }).success).toBe(false);
  });

  it('accept every condition and scheme variant present in the data', () => {
    const rules = PicoPlacaCitiesSchema.parse(raw.cities).flatMap((c) => c.rules);
    expect(new Set(rules.map((r) => r.scheme.type))).toEqual(
      new Set([
        'weekday_digits',
        'date_parity',
        'rotating_pairs',
        'working_day_rotation',
        'date_allowed_digits',
        'regional_entry_parity',
      ]),
    );
    const conditions = rules.flatMap((r) => (r.condition ? Object.keys(r.condition) : []));
    expect(new Set(conditions)).toEqual(new Set(['registered_in', 'registered_outside']));
  });

  it('reject what the engine cannot evaluate', () => {
    const rule = rawRule('bogota');
    expect(PicoPlacaRuleSchema.safeParse(rule).success).toBe(true);
    const broken = (patch: Record<string, unknown>) =>
      PicoPlacaRuleSchema.safeParse({ ...rule, ...patch }).success;
    expect(broken({ scheme: { type: 'lottery' } })).toBe(false);
    expect(broken({ digit: 'middle' })).toBe(false);
    expect(broken({ applies_to: ['taxi'] })).toBe(false);
    expect(broken({ days: ['MONDAY'] })).toBe(false);
    expect(broken({ time_windows: [{ start: '21:00', end: '06:00' }] })).toBe(false);
    expect(broken({ time_windows: [{ start: '6:00', end: '21:00' }] })).toBe(false);
    expect(broken({ time_windows: [] })).toBe(false);
    expect(broken({ valid_from: '2026-02-30' })).toBe(false);
    expect(broken({ valid_from: '2026-03-01', valid_to: '2026-02-01' })).toBe(false);
    expect(broken({ condition: { registered_near: ['11001'] } })).toBe(false);
    expect(broken({ condition: {} })).toBe(false);
    expect(broken({ scheme: { type: 'date_parity', even_dates: [10], odd_dates: [] } })).toBe(false);
    expect(
      broken({
        scheme: {
          type: 'rotating_pairs',
          pairs: [[1, 2]],
          anchor_week_monday: '2026-01-13',
          anchor_index: 0,
          step_per_week: 1,
          step_per_weekday: 0,
        },
      }),
    ).toBe(false);
    // Informational additions are fine.
    expect(broken({ notes: 'x', reviewed_by: 'someone', evaluate_by_default: false })).toBe(true);
    expect(broken({ time_windows: [{ start: '06:00', end: '30:00' }] })).toBe(true);
  });

  it('reject unknown city statuses and duplicate rule ids', () => {
    const city = rawCity('bogota');
    expect(PicoPlacaCitySchema.safeParse({ ...city, status: 'activo' }).success).toBe(false);
    expect(PicoPlacaCitySchema.safeParse({ ...city, status: 'unknown_after_2026-07-31' }).success).toBe(true);
    const rules = city['rules'] as unknown[];
    expect(PicoPlacaCitySchema.safeParse({ ...city, rules: [...rules, rules[0]] }).success).toBe(false);
    expect(PicoPlacaCitySchema.safeParse({ ...city, municipalities: ['1101'] }).success).toBe(false);
    const { rules: _rules, ...withoutRules } = city;
    expect(PicoPlacaCitySchema.safeParse(withoutRules).success).toBe(false);
    expect(PicoPlacaCitySchema.safeParse({ ...city, rules: [{ id: 'x' }] }).success).toBe(false);
    expect(PicoPlacaRuleSchema.safeParse({ id: 'x', time_windows: [{ start: 5, end: null }] }).success).toBe(
      false,
    );
  });
});
