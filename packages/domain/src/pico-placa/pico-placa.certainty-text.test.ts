import { describe, expect, it } from 'vitest';
import {
  PICO_PLACA_CERTEZA_LABELS,
  picoPlacaCertaintyDetail,
  picoPlacaDigitsText,
  sourceLabel,
  weekdayShortDate,
} from './pico-placa.certainty-text.ts';
import { picoPlacaMessage } from './pico-placa.message.ts';
import { shortSpanishDate } from '../clock-text.ts';

describe('the driver’s words for certainty', () => {
  it('says each certainty in plain Spanish, with the verification date', () => {
    expect(shortSpanishDate('2026-01-15')).toBe('15 ene 2026');
    expect(weekdayShortDate('2026-12-01')).toBe('martes 1 dic 2026');
    const base = { cityName: 'Medellín' };
    const detail = (certeza: 'vigente' | 'por_confirmar' | 'sin_informacion', verificado_el: string | null) =>
      picoPlacaCertaintyDetail({ ...base, certeza, verificado_el });
    expect(detail('por_confirmar', '2026-01-15')).toBe('Última verificación: 15 ene 2026.');
    expect(detail('vigente', '2026-10-01')).toBe('Verificada el 1 oct 2026.');
    expect(detail('vigente', null)).toBe('La regla publicada cubre esta fecha.');
    expect(detail('por_confirmar', null)).toBe('No hemos podido verificar esta regla recientemente.');
    expect(detail('sin_informacion', null)).toBe(
      'No tenemos la medida vigente para Medellín. Consulta la fuente oficial de tu ciudad.',
    );
    // The badge says the certainty; the sentence after it never repeats it.
    for (const certeza of ['vigente', 'por_confirmar', 'sin_informacion'] as const) {
      expect(detail(certeza, '2026-01-15')).not.toContain(PICO_PLACA_CERTEZA_LABELS[certeza]);
    }
  });

  it('lists the digits and names a source by its site', () => {
    expect(picoPlacaDigitsText([1, 2, 3, 4, 5])).toBe('Dígitos con pico y placa: 1, 2, 3, 4 y 5');
    expect(picoPlacaDigitsText([7])).toBe('Dígito con pico y placa: 7');
    expect(picoPlacaDigitsText([])).toBeNull();
    expect(sourceLabel('https://www.eltiempo.com/bogota/pico-y-placa')).toBe('eltiempo.com');
    expect(sourceLabel('no es una url')).toBe('no es una url');
  });

  it('the short message says when an answer is not confirmed', () => {
    const input = {
      windows: [{ start: '06:00', end: '21:00' }],
      cityName: 'Bogotá',
      date: '2026-12-01',
      today: '2026-12-01',
    };
    expect(picoPlacaMessage({ ...input, status: 'restricted', certainty: 'por_confirmar' })).toBe(
      'Hoy tienes pico y placa de 06:00 a 21:00 (por confirmar)',
    );
    expect(picoPlacaMessage({ ...input, status: 'not_restricted', certainty: 'vigente' })).toBe(
      'Hoy puedes circular',
    );
    expect(picoPlacaMessage({ ...input, status: 'not_restricted', certainty: 'por_confirmar' })).toBe(
      'Hoy puedes circular (por confirmar)',
    );
  });
});
