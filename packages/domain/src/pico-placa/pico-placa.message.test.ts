import { describe, expect, it } from 'vitest';
import { displayDate, picoPlacaMessage, picoPlacaVehicleType } from './pico-placa.message.ts';

const base = { cityName: 'Bogotá', date: '2026-11-24', today: '2026-11-24' };

describe('picoPlacaMessage', () => {
  it('restricted today, one window', () => {
    expect(
      picoPlacaMessage({ ...base, status: 'restricted', windows: [{ start: '06:00', end: '21:00' }] }),
    ).toBe('Hoy tienes pico y placa de 06:00 a 21:00');
  });

  it('restricted today, two windows joined with y', () => {
    expect(
      picoPlacaMessage({
        ...base,
        status: 'restricted',
        windows: [
          { start: '06:00', end: '09:00' },
          { start: '16:00', end: '19:00' },
        ],
      }),
    ).toBe('Hoy tienes pico y placa de 06:00 a 09:00 y de 16:00 a 19:00');
  });

  it('restricted, three windows: commas and a final y', () => {
    expect(
      picoPlacaMessage({
        ...base,
        status: 'restricted',
        windows: [
          { start: '07:00', end: '08:30' },
          { start: '11:30', end: '14:30' },
          { start: '17:30', end: '19:30' },
        ],
      }),
    ).toBe('Hoy tienes pico y placa de 07:00 a 08:30, de 11:30 a 14:30 y de 17:30 a 19:30');
  });

  it('restricted without windows still reads well', () => {
    expect(picoPlacaMessage({ ...base, status: 'restricted', windows: [] })).toBe('Hoy tienes pico y placa');
  });

  it('not restricted today', () => {
    expect(picoPlacaMessage({ ...base, status: 'not_restricted', windows: [] })).toBe('Hoy puedes circular');
  });

  it('another date uses El dd-MM-yyyy', () => {
    const other = { ...base, date: '2026-11-25' };
    expect(
      picoPlacaMessage({ ...other, status: 'restricted', windows: [{ start: '06:00', end: '21:00' }] }),
    ).toBe('El 25-11-2026 tienes pico y placa de 06:00 a 21:00');
    expect(picoPlacaMessage({ ...other, status: 'not_restricted', windows: [] })).toBe(
      'El 25-11-2026 puedes circular',
    );
  });

  it('unknown names the city, whatever the date', () => {
    expect(picoPlacaMessage({ ...base, cityName: 'Medellín', status: 'unknown', windows: [] })).toBe(
      'Sin información vigente para Medellín',
    );
    expect(
      picoPlacaMessage({ ...base, date: '2027-01-04', cityName: 'Cali', status: 'unknown', windows: [] }),
    ).toBe('Sin información vigente para Cali');
  });
});

describe('displayDate', () => {
  it('YYYY-MM-DD → dd-MM-yyyy', () => {
    expect(displayDate('2026-03-05')).toBe('05-03-2026');
  });
});

describe('picoPlacaVehicleType', () => {
  it.each([
    ['ABC123', 'particular'],
    ['abc-123', 'particular'],
    ['ABC12D', 'moto'],
    ['abc 12d', 'moto'],
    ['ABC12', 'moto'],
    ['AB123C', 'particular'],
    ['T1234', 'particular'],
  ])('%s → %s', (plate, type) => {
    expect(picoPlacaVehicleType(plate)).toBe(type);
  });
});
