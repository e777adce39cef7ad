import { describe, expect, it } from 'vitest';
import type { DatesAlertResponse, FinesAlertResponse } from '@togo/domain/alerts/alerts.contract';
import { truthNotes } from './home-truth.ts';

const fine = (total: number, estado = 'Vigente') =>
  ({
    numero: '1',
    tipo: null,
    estado,
    total,
    fecha_infraccion: null,
    placa: null,
    infractor: null,
    descripcion: null,
    categoria: null,
    organismo_transito: null,
    fecha_resolucion: null,
    descuento: null,
    curso: null,
  }) as const;
const fines = (list: ReturnType<typeof fine>[], empty = false): FinesAlertResponse => ({
  empty,
  data: { cant_comparendos_vehiculo: list.length, comparendos_vehiculo: [...list], comparendos_persona: [] },
});
const dates = (vence: string | null): DatesAlertResponse => ({
  empty: false,
  data: { fecha_expedicion: null, fecha_vencimiento: vence, fuente: 'registro', demo: false },
});
const base = {
  today: '2026-11-24',
  fines: undefined,
  picoPlaca: undefined,
  soat: undefined,
  rtm: undefined,
};

describe('truthNotes', () => {
  it('counts and sums only unpaid (vigente) fines', () => {
    const notes = truthNotes({
      ...base,
      fines: fines([fine(1_000_000), fine(1_854_000), fine(9, 'Pagado')]),
    });
    expect(notes).toEqual([
      {
        id: 'fines',
        title: 'Comparendos sin pagar:',
        text: '2 comparendos por $ 2.854.000.',
        to: '/app/alerts/comparendos',
      },
    ]);
  });

  it('says nothing about fines while the look-up is still updating', () => {
    expect(truthNotes({ ...base, fines: fines([fine(5)], true) })).toEqual([]);
  });

  it('flags documents expired before today (Bogotá), not the ones due today or later', () => {
    const notes = truthNotes({ ...base, soat: dates('2026-11-23'), rtm: dates('2026-11-24') });
    expect(notes.map((n) => n.id)).toEqual(['soat']);
  });
});
