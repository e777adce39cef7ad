import { describe, expect, it } from 'vitest';
import {
  apiErrorsToMap,
  cityFromImport,
  newRule,
  ruleErrors,
  validateCity,
  type CityDraft,
} from './city-form.ts';
import { previewCity } from './preview.ts';
import { expiredMedellin } from './pico-placa-test-data.ts';

const TODAY = '2026-11-23'; // a Monday

describe('preview of the next 30 days', () => {
  it('is unknown for every digit while no rule covers the dates', () => {
    const checked = validateCity(expiredMedellin());
    if (!checked.ok) throw new Error('fixture invalid');
    const rows = previewCity(checked.city, TODAY);
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.cells.every((c) => c.status === 'unknown'))).toBe(true);
  });

  it('follows a new rule: Monday restricts its digits with the hours, weekends are free', () => {
    const draft = expiredMedellin() as CityDraft;
    const rule = newRule(draft, TODAY);
    const city = { ...draft, rules: [...draft.rules, rule] };
    const checked = validateCity(city);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const [monday, , , , , saturday] = previewCity(checked.city, TODAY);
    expect(monday?.cells[1]).toEqual({ status: 'restricted', windows: '05:00–20:00' });
    expect(monday?.cells[7]?.status).toBe('restricted');
    expect(monday?.cells[0]).toEqual({ status: 'not_restricted' });
    expect(saturday?.cells.every((c) => c.status === 'not_restricted')).toBe(true);
  });
});

describe('the form helpers', () => {
  it('a new rule copies the last one, starts today for six months and gets a unique id', () => {
    const draft = expiredMedellin() as CityDraft;
    const rule = newRule(draft, TODAY);
    expect(rule).toMatchObject({ id: 'medellin-2026-11-23', valid_from: TODAY, valid_to: '2027-05-24' });
    // Not the copied rule's sources or verification (issue 38).
    expect(draft.rules.at(-1)?.sources?.length).toBeGreaterThan(0);
    expect(rule.sources).toEqual([]);
    expect(rule).not.toHaveProperty('verified_on');
    expect(newRule({ ...draft, rules: [...draft.rules, rule] }, TODAY).id).toBe('medellin-2026-11-23-2');
  });

  it('errors of the domain schema and of the API land on the same paths', () => {
    const draft = expiredMedellin();
    const bad = {
      ...draft,
      rules: [{ ...draft.rules[0], days: ['LUNES'], time_windows: [{ start: '9', end: '10:00' }] }],
    };
    const checked = validateCity(bad);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(ruleErrors(checked.errors, 0))).toEqual(
      expect.arrayContaining(['days.0', 'time_windows.0.start']),
    );
    expect(
      apiErrorsToMap({ rules: { 0: { days: ['Opción inválida'] } }, dane_code: ['Debe coincidir'] }),
    ).toEqual({
      'rules.0.days': 'Opción inválida',
      dane_code: 'Debe coincidir',
    });
    expect(apiErrorsToMap({ detail: 'No tienes permiso.' })).toEqual({ general: 'No tienes permiso.' });
  });

  it('imports a city object or picks the city out of a whole pico-y-placa.json', () => {
    const city = expiredMedellin();
    expect(cityFromImport(JSON.stringify(city), '05001')).toMatchObject({ ok: true });
    expect(cityFromImport(JSON.stringify({ cities: [city] }), '05001')).toMatchObject({ ok: true });
    expect(cityFromImport(JSON.stringify({ cities: [city] }), '76001')).toMatchObject({ ok: false });
    expect(cityFromImport('{no es json', '05001')).toEqual({
      ok: false,
      error: 'El archivo no es un JSON válido.',
    });
    expect(cityFromImport('[1,2]', '05001')).toMatchObject({ ok: false });
  });
});
