import { describe, expect, it } from 'vitest';
import type { PicoPlacaRule } from '../pico-placa/pico-placa.rules.ts';
import { cityRulesState, reviewNoticeDue, rulesToReview } from './operator-pico-placa.rules.ts';

const rule = (valid_from: string | null, valid_to: string | null, extra: Partial<PicoPlacaRule> = {}) =>
  ({ valid_from, valid_to, ...extra }) as PicoPlacaRule;

describe('cityRulesState', () => {
  const today = '2026-11-23';

  it('vencida when no rule covers today (ended, not started, informational only, or none)', () => {
    expect(cityRulesState({ rules: [] }, today)).toEqual({ vigente_hasta: null, estado: 'vencida' });
    expect(cityRulesState({ rules: [rule('2026-02-02', '2026-07-31')] }, today).estado).toBe('vencida');
    expect(cityRulesState({ rules: [rule('2026-12-01', null)] }, today).estado).toBe('vencida');
    expect(cityRulesState({ rules: [rule(null, null, { evaluate_by_default: false })] }, today).estado).toBe(
      'vencida',
    );
  });

  it('vigente with no end when a covering rule is open-ended', () => {
    expect(cityRulesState({ rules: [rule(null, null), rule('2026-01-01', '2026-11-30')] }, today)).toEqual({
      vigente_hasta: null,
      estado: 'vigente',
    });
  });

  it('por_vencer when the latest end of the covering rules is within 30 days (inclusive)', () => {
    expect(cityRulesState({ rules: [rule('2026-11-01', '2026-12-23')] }, today)).toEqual({
      vigente_hasta: '2026-12-23',
      estado: 'por_vencer',
    });
    expect(cityRulesState({ rules: [rule('2026-11-01', '2026-12-24')] }, today)).toEqual({
      vigente_hasta: '2026-12-24',
      estado: 'vigente',
    });
    expect(cityRulesState({ rules: [rule('2026-11-23', '2026-11-23')] }, today).estado).toBe('por_vencer');
  });
});

describe('rulesToReview (issue 33)', () => {
  const today = '2026-11-23';
  const car = { applies_to: ['particular'] } as Partial<PicoPlacaRule>;
  const moto = { applies_to: ['moto'] } as Partial<PicoPlacaRule>;
  const review = (rules: PicoPlacaRule[]) => rulesToReview({ rules }, today);

  it('lists a dated rule ending within 30 days or already ended, unless a later rule follows it', () => {
    expect(review([rule('2026-07-01', '2026-12-10', { id: 'a', ...car })])).toEqual([
      { regla: 'a', motivo: 'vence', fecha: '2026-12-10' },
    ]);
    expect(review([rule('2026-02-02', '2026-07-31', { id: 'b', ...car })])).toEqual([
      { regla: 'b', motivo: 'vencida', fecha: '2026-07-31' },
    ]);
    expect(review([rule('2026-07-01', '2027-01-31', { id: 'c', ...car })])).toEqual([]);
    // Followed by a later rule for cars: only that one matters; a motorcycle rule does not follow it.
    expect(
      review([
        rule('2026-02-02', '2026-07-31', { id: 'old', ...car }),
        rule('2026-08-03', '2027-01-29', { id: 'new', ...car }),
        rule('2026-02-02', '2026-07-31', { id: 'motos', ...moto }),
      ]).map((r) => r.regla),
    ).toEqual(['motos']);
  });

  it('lists an open-ended rule by its review date, or as never verified', () => {
    expect(review([rule('2024-01-01', null, { id: 'n', ...car })])).toEqual([
      { regla: 'n', motivo: 'sin_verificar', fecha: null },
    ]);
    // verified_on + 183 days: 2026-06-01 → 2026-12-01 (within 30 days).
    expect(review([rule('2024-01-01', null, { id: 'v', ...car, verified_on: '2026-06-01' })])).toEqual([
      { regla: 'v', motivo: 'revisar', fecha: '2026-12-01' },
    ]);
    expect(review([rule('2024-01-01', null, { id: 'r', ...car, review_by: '2026-10-01' })])).toEqual([
      { regla: 'r', motivo: 'revision_vencida', fecha: '2026-10-01' },
    ]);
    expect(review([rule('2024-01-01', null, { id: 'ok', ...car, verified_on: '2026-11-01' })])).toEqual([]);
    expect(review([rule(null, null, { id: 'info', ...car, evaluate_by_default: false })])).toEqual([]);
  });
});

describe('reviewNoticeDue (issue 33)', () => {
  it('30 days before, then 7 days before; nothing further, past or without a date', () => {
    const today = '2026-11-22';
    expect(reviewNoticeDue('2026-12-22', today)).toBe(30);
    expect(reviewNoticeDue('2026-12-23', today)).toBeNull();
    expect(reviewNoticeDue('2026-11-30', today)).toBe(30);
    expect(reviewNoticeDue('2026-11-29', today)).toBe(7);
    expect(reviewNoticeDue('2026-11-22', today)).toBe(7);
    expect(reviewNoticeDue('2026-11-21', today)).toBeNull();
    expect(reviewNoticeDue(null, today)).toBeNull();
  });
});
