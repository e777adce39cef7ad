import { describe, expect, it } from 'vitest';
import type { PicoPlacaRule } from '../pico-placa/pico-placa.rules.ts';
import { cityRulesState } from './operator-pico-placa.rules.ts';

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
