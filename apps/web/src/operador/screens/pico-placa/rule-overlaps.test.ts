import { describe, expect, it } from 'vitest';
import type { PicoPlacaCity } from '@togo/domain/pico-placa/pico-placa.rules';
import { ruleOverlaps } from './rule-overlaps.ts';

type Rule = PicoPlacaCity['rules'][number];

const rule = (id: string, valid_from: string | null, valid_to: string | null, extra: Partial<Rule> = {}) =>
  ({
    id,
    applies_to: ['particular'],
    days: ['MON'],
    time_windows: [{ start: '06:00', end: '20:00' }],
    valid_from,
    valid_to,
    skip_holidays: true,
    digit: 'last',
    scheme: { type: 'weekday_digits', map: { MON: [1] } },
    area: 'Ciudad',
    area_scope: 'citywide',
    confidence: 'high',
    sources: [],
    ...extra,
  }) as Rule;

const city = (rules: Rule[]) => ({ key: 'c', name: 'C', rules }) as unknown as PicoPlacaCity;

describe('ruleOverlaps (issue 38)', () => {
  it('reports two citywide car rules whose periods share days, with the shared days', () => {
    expect(
      ruleOverlaps(city([rule('a', '2026-07-01', '2026-12-31'), rule('b', '2026-12-01', '2027-06-30')])),
    ).toEqual([{ first: 'a', second: 'b', from: '2026-12-01', to: '2026-12-31' }]);
    expect(ruleOverlaps(city([rule('a', '2026-01-01', null), rule('b', '2026-12-01', null)]))).toEqual([
      { first: 'a', second: 'b', from: '2026-12-01', to: null },
    ]);
  });

  it('does not report consecutive periods, other vehicles, zones, other registrations or informational rules', () => {
    expect(
      ruleOverlaps(city([rule('a', '2026-07-01', '2026-11-30'), rule('b', '2026-12-01', null)])),
    ).toEqual([]);
    expect(
      ruleOverlaps(city([rule('a', null, null), rule('b', null, null, { applies_to: ['moto'] })])),
    ).toEqual([]);
    expect(
      ruleOverlaps(city([rule('a', null, null), rule('b', null, null, { area_scope: 'zone' })])),
    ).toEqual([]);
    expect(
      ruleOverlaps(
        city([
          rule('a', null, null, { condition: { registration: { in: ['54001'] } } } as Partial<Rule>),
          rule('b', null, null, { condition: { registration: { not_in: ['54001'] } } } as Partial<Rule>),
        ]),
      ),
    ).toEqual([]);
    expect(
      ruleOverlaps(city([rule('a', null, null), rule('b', null, null, { evaluate_by_default: false })])),
    ).toEqual([]);
  });
});
