import { describe, expect, it } from 'vitest';
import { picoPlacaEveTexts, picoPlacaUnknownTexts, spanishDay } from './pico-placa.notice.ts';

describe('pico y placa evening-before notice', () => {
  it('names the day with its weekday, never "mañana"', () => {
    expect(spanishDay('2026-11-26')).toBe('jueves 26-11-2026');
    expect(spanishDay('2026-11-30')).toBe('lunes 30-11-2026');
    expect(spanishDay('2026-11-25')).toBe('miércoles 25-11-2026');
  });

  it('states the city, the plate and every window of the restriction', () => {
    expect(
      picoPlacaEveTexts({
        placa: 'CTG482',
        date: '2026-11-26',
        windows: [
          { start: '07:00', end: '09:00' },
          { start: '18:00', end: '20:00' },
        ],
        cityName: 'Cartagena',
      }),
    ).toEqual({
      titulo: 'CTG482 tiene pico y placa el jueves 26-11-2026',
      message:
        'En Cartagena, el vehículo CTG482 tiene pico y placa el jueves 26-11-2026 de 07:00 a 09:00 y de 18:00 a 20:00. Planea tus trayectos con tiempo.',
    });
  });

  it('reads well without windows', () => {
    const { message } = picoPlacaEveTexts({
      placa: 'ABC123',
      date: '2026-11-26',
      windows: [],
      cityName: 'Bogotá',
    });
    expect(message).toBe(
      'En Bogotá, el vehículo ABC123 tiene pico y placa el jueves 26-11-2026. Planea tus trayectos con tiempo.',
    );
  });

  it('says when the rule is not confirmed', () => {
    const { message } = picoPlacaEveTexts({
      placa: 'ABC123',
      date: '2026-11-26',
      windows: [{ start: '06:00', end: '21:00' }],
      cityName: 'Bogotá',
      porConfirmar: true,
    });
    expect(message).toBe(
      'En Bogotá, el vehículo ABC123 tiene pico y placa el jueves 26-11-2026 de 06:00 a 21:00 (medida por confirmar). Planea tus trayectos con tiempo.',
    );
  });

  it('says plainly when the rule of the day is unknown (issue 33)', () => {
    expect(picoPlacaUnknownTexts({ date: '2026-11-26', cityName: 'Medellín' })).toEqual({
      titulo: 'Sin información de pico y placa en Medellín',
      message:
        'No tenemos la medida de pico y placa de Medellín para el jueves 26-11-2026; consulta la fuente oficial antes de salir. No te avisaremos de nuevo mientras sigamos sin ella.',
    });
  });
});
