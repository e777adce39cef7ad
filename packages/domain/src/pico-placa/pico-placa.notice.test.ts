import { describe, expect, it } from 'vitest';
import { picoPlacaEveTexts, spanishDay } from './pico-placa.notice.ts';

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
});
