import { describe, expect, it } from 'vitest';
import {
  FLEET_PICO_PLACA_MSG,
  fleetPicoPlacaQuerySchema,
  windowAtSlot,
} from './fleet-pico-placa.contract.ts';

describe('fleetPicoPlacaQuerySchema', () => {
  it('reads the plates as a list: trimmed, upper-case, without dashes, each once', () => {
    const parsed = fleetPicoPlacaQuerySchema.parse({
      fecha: '2026-01-20',
      ciudad: '11001',
      placas: ' abc-123, XYZ125 ,abc123,,',
    });
    expect(parsed.placas).toEqual(['ABC123', 'XYZ125']);
  });

  it.each([
    [
      'no plates',
      { fecha: '2026-01-20', ciudad: '11001', placas: ' , ' },
      FLEET_PICO_PLACA_MSG.platesInvalid,
    ],
    [
      'a malformed plate',
      { fecha: '2026-01-20', ciudad: '11001', placas: 'ABC123,AB$12' },
      FLEET_PICO_PLACA_MSG.platesInvalid,
    ],
    [
      '51 plates',
      {
        fecha: '2026-01-20',
        ciudad: '11001',
        placas: Array.from({ length: 51 }, (_, i) => `ABC${100 + i}`).join(','),
      },
      FLEET_PICO_PLACA_MSG.platesInvalid,
    ],
    [
      'a city that is not a DANE code',
      { fecha: '2026-01-20', ciudad: 'Bogotá', placas: 'ABC123' },
      FLEET_PICO_PLACA_MSG.cityInvalid,
    ],
    [
      'an impossible date',
      { fecha: '2026-02-30', ciudad: '11001', placas: 'ABC123' },
      'Fecha inválida. Usa el formato AAAA-MM-DD.',
    ],
  ])('refuses %s with a clear message', (_name, query, message) => {
    const result = fleetPicoPlacaQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe('windowAtSlot', () => {
  const bogota = [
    { inicio: '06:00', fin: '09:00' },
    { inicio: '16:00', fin: '19:00' },
  ];

  it('finds the restricted window a one-hour booking overlaps', () => {
    expect(windowAtSlot('8:00 AM', bogota)).toEqual({ inicio: '06:00', fin: '09:00' });
    expect(windowAtSlot('4:00 PM', bogota)).toEqual({ inicio: '16:00', fin: '19:00' });
  });

  it('is null for an hour outside every window, even one that touches a window', () => {
    expect(windowAtSlot('9:00 AM', bogota)).toBeNull();
    expect(windowAtSlot('12:00 PM', bogota)).toBeNull();
    expect(windowAtSlot('3:00 PM', bogota)).toBeNull();
    expect(windowAtSlot('7:00 PM', bogota)).toBeNull();
  });

  it('is null for no windows or a label that is not a slot', () => {
    expect(windowAtSlot('8:00 AM', [])).toBeNull();
    expect(windowAtSlot('mañana', bogota)).toBeNull();
  });
});
