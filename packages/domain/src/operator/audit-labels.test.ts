import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChangedFields, auditObjectLabel } from './audit-labels.ts';

describe('audit labels', () => {
  it('names actions and objects in Spanish, and leaves unknown ones as written', () => {
    expect(auditActionLabel('sede.crear')).toBe('Sede creada');
    expect(auditActionLabel('agendamiento.no_asistio')).toBe('Cita: no asistió');
    expect(auditActionLabel('otra.cosa')).toBe('otra.cosa');
    expect(auditObjectLabel('usuario:12')).toBe('Usuario 12');
    expect(auditObjectLabel('catalogo:BANNERS/hero')).toBe('Contenido BANNERS/hero');
    expect(auditObjectLabel('raro:1')).toBe('raro:1');
    expect(auditObjectLabel('sin-tipo')).toBe('sin-tipo');
  });

  it('lists the fields that changed', () => {
    expect(
      auditChangedFields({ nombre: 'A', tel: '1', x: [1] }, { nombre: 'B', tel: '1', x: [1, 2] }),
    ).toEqual(['nombre', 'x']);
    expect(auditChangedFields(null, { activa: true })).toEqual(['activa']);
    expect(auditChangedFields({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChangedFields('texto', [1])).toEqual([]);
  });
});
