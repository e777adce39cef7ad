import type { Fine, FinesResult } from '@togo/domain/garage/registry.contract';
import { describe, expect, it } from 'vitest';
import { finesChanges } from './garage-refresh.changes.ts';

const fine = (numero: string, estado: string): Fine => ({
  numero,
  tipo: 'Comparendo - C14',
  estado,
  total: 633200,
  fecha_infraccion: '2026-11-02',
  placa: 'ABC123',
  infractor: 'ANA',
  descripcion: 'Pico y placa',
  categoria: 'C14',
});
const answer = (...fines: Fine[]): FinesResult => ({ comparendos_vehiculo: fines, comparendos_persona: [] });
const kinds = (previous: FinesResult | null, current: FinesResult) =>
  finesChanges(previous, current, 'ABC123').map((e) => [e.kind, e.key]);

describe('finesChanges: every owed state is owed (decision 071)', () => {
  it('a new fine in any unpaid state is new; a paid one appearing is not', () => {
    expect(
      kinds(
        answer(fine('1', 'vigente')),
        answer(
          fine('1', 'vigente'),
          fine('2', 'en cobro coactivo'),
          fine('3', 'acuerdo de pago'),
          fine('4', 'pagado'),
        ),
      ),
    ).toEqual([
      ['multa_nueva', '2'],
      ['multa_nueva', '3'],
    ]);
  });

  it('moving between unpaid states is no event; an owed fine paid or gone is', () => {
    const before = answer(fine('1', 'vigente'), fine('2', 'en cobro coactivo'), fine('3', 'acuerdo de pago'));
    expect(
      kinds(
        before,
        answer(fine('1', 'en cobro coactivo'), fine('2', 'acuerdo de pago'), fine('3', 'vigente')),
      ),
    ).toEqual([]);
    expect(kinds(before, answer(fine('1', 'vigente'), fine('2', 'Pagado')))).toEqual([
      ['multa_pagada', '2'],
      ['multa_retirada', '3'],
    ]);
    const [paid] = finesChanges(before, answer(fine('2', 'anulado')), 'ABC123');
    expect(paid?.titulo).toBe('Multa anulada: ABC123');
    expect(paid?.message).toContain('ya aparece como anulado');
  });

  it('the first answer is a baseline', () => {
    expect(kinds(null, answer(fine('1', 'vigente')))).toEqual([]);
  });
});
