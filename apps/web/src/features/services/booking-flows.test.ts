import { describe, expect, it } from 'vitest';
import {
  peritajeAfterDetail,
  peritajeBack,
  peritajeGroupForClave,
  rtmBack,
  SERVICES_HOME,
  tramiteBack,
} from './booking-flows.ts';

describe('back rules (SPPF §4)', () => {
  it('RTM goes one step back and leaves to app/servicios from info', () => {
    expect(rtmBack('info')).toEqual({ leave: SERVICES_HOME });
    expect(rtmBack('ubicacion')).toEqual({ step: 'info' });
    expect(rtmBack('detalle')).toEqual({ step: 'ubicacion' });
    expect(rtmBack('agenda')).toEqual({ step: 'detalle' });
    expect(rtmBack('horario')).toEqual({ step: 'agenda' });
    expect(rtmBack('resumen')).toEqual({ step: 'horario' });
  });

  it('trámites reverses one step and leaves from tipo', () => {
    expect(tramiteBack('tipo')).toEqual({ leave: SERVICES_HOME });
    expect(tramiteBack('detalle')).toEqual({ step: 'tipo' });
    expect(tramiteBack('ubicacion')).toEqual({ step: 'detalle' });
    expect(tramiteBack('resumen')).toEqual({ step: 'horario' });
  });

  it('peritaje: formulario → combustible, agenda → detalle at home and ubicacion otherwise', () => {
    expect(peritajeBack('servicio', false)).toEqual({ leave: SERVICES_HOME });
    expect(peritajeBack('combustible', true)).toEqual({ step: 'servicio' });
    expect(peritajeBack('formulario', true)).toEqual({ step: 'combustible' });
    expect(peritajeBack('formulario', false)).toEqual({ step: 'combustible' });
    expect(peritajeBack('combos', true)).toEqual({ step: 'formulario' });
    expect(peritajeBack('agenda', true)).toEqual({ step: 'detalle' });
    expect(peritajeBack('agenda', false)).toEqual({ step: 'ubicacion' });
    expect(peritajeBack('ubicacion', false)).toEqual({ step: 'detalle' });
    expect(peritajeBack('horario', true)).toEqual({ step: 'agenda' });
    expect(peritajeBack('resumen', false)).toEqual({ step: 'horario' });
  });

  it('peritaje at home skips the branch after detalle', () => {
    expect(peritajeAfterDetail(true)).toBe('agenda');
    expect(peritajeAfterDetail(false)).toBe('ubicacion');
  });

  it("maps an alerts card's clave to its peritaje group, and anything else to none", () => {
    expect(peritajeGroupForClave({ clave: 'PERITAJE_LIVIANOS' })).toBe('Livianos');
    expect(peritajeGroupForClave({ clave: 'PERITAJE_MOTOCICLETAS' })).toBe('Motocicletas');
    expect(peritajeGroupForClave({ clave: 'PERITAJE_A_DOMICILIO' })).toBe('A Domicilio');
    expect(peritajeGroupForClave({ clave: 'TRASPASO' })).toBeNull();
    expect(peritajeGroupForClave({ clave: 3 })).toBeNull();
    expect(peritajeGroupForClave(null)).toBeNull();
    expect(peritajeGroupForClave('PERITAJE_LIVIANOS')).toBeNull();
  });
});
