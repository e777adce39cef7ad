import { describe, expect, it } from 'vitest';
import { addDays, minutesToClock } from './pico-placa.calendar.ts';
import { evaluatePicoPlaca, evaluatePicoPlacaDay, restrictedDigitsOn } from './pico-placa.engine.ts';
import type { PicoPlacaVehicleType } from './pico-placa.rules.ts';
import { at, data, rule, withDefaultRule } from './pico-placa.engine.test-support.ts';

describe('evaluatePicoPlaca: conditions, schemes and input errors', () => {
  describe('conditions (Cúcuta: metropolitan plates vs other plates)', () => {
    const cucuta = (plate: string, localDateTime: string, registrationMunicipalityCode?: string) =>
      evaluatePicoPlaca(
        {
          plate,
          vehicleType: 'particular',
          cityKey: 'cucuta',
          localDateTime,
          ...(registrationMunicipalityCode ? { registrationMunicipalityCode } : {}),
        },
        data,
      );

    it('applies the rule whose condition the registration satisfies', () => {
      // Mon 19 Jan 2026, digits 1 y 2
      expect(cucuta('ABC121', '2026-01-19T10:00', '54001')).toMatchObject({ status: 'not_restricted' });
      expect(cucuta('ABC121', '2026-01-19T07:30', '54001')).toMatchObject({
        status: 'restricted',
        rule: { id: 'cucuta-metropolitanos-2024', area_scope: 'zone' },
      });
      expect(cucuta('ABC121', '2026-01-19T10:00', '54405')).toMatchObject({ status: 'not_restricted' }); // Los Patios
      expect(cucuta('ABC121', '2026-01-19T10:00', '11001')).toMatchObject({
        status: 'restricted',
        rule: { id: 'cucuta-placa-dia-2024', area_scope: 'citywide' },
        windows: [{ start: '07:00', end: '20:00' }],
      });
    });

    it('without the registration: certain answers stay, the rest is unknown', () => {
      expect(cucuta('ABC121', '2026-01-19T07:30').status).toBe('restricted');
      expect(cucuta('ABC125', '2026-01-19T10:00').status).toBe('not_restricted');
      expect(cucuta('ABC121', '2026-01-24T10:00').status).toBe('not_restricted'); // Saturday
      const depends = cucuta('ABC121', '2026-01-19T10:00');
      expect(depends.status).toBe('unknown');
      expect(depends.reason).toMatch(/matrícula/);
    });

    it('a condition-only rule (Bogotá Saturdays, not in force) is never evaluated by default', () => {
      const saturday = evaluatePicoPlaca(
        {
          plate: 'ABC121',
          vehicleType: 'particular',
          cityKey: 'bogota',
          registrationMunicipalityCode: '25754',
          localDateTime: '2026-01-24T10:00',
        },
        data,
      );
      expect(saturday.status).toBe('not_restricted');
      const enabled = withDefaultRule('bogota', 'bogota-sabados-no-matriculados');
      const outsider = { plate: 'ABC121', vehicleType: 'particular', cityKey: 'bogota' } as const;
      // Sat 24 Jan 2026 is even: 1-5.
      expect(
        evaluatePicoPlaca(
          { ...outsider, registrationMunicipalityCode: '25754', localDateTime: '2026-01-24T10:00' },
          enabled,
        ).status,
      ).toBe('restricted');
      expect(
        evaluatePicoPlaca(
          { ...outsider, registrationMunicipalityCode: '11001', localDateTime: '2026-01-24T10:00' },
          enabled,
        ).status,
      ).toBe('not_restricted');
    });
  });

  describe('schemes', () => {
    it('rotating_pairs: anchor, weekly and daily steps, before the anchor too (Pasto)', () => {
      const pasto = rule('pasto', 'pasto-2026');
      expect(restrictedDigitsOn(pasto, '2026-02-02')).toEqual([2, 3]);
      expect(restrictedDigitsOn(pasto, '2026-02-03')).toEqual([4, 5]);
      expect(restrictedDigitsOn(pasto, '2026-02-06')).toEqual([0, 1]);
      expect(restrictedDigitsOn(pasto, '2026-02-09')).toEqual([4, 5]);
      expect(restrictedDigitsOn(rule('pasto', 'pasto-2024-2025'), '2025-12-15')).toEqual([8, 9]);
    });

    it('rotating_pairs: published_dates override the formula (Bucaramanga Saturdays)', () => {
      const saturdays = rule('bucaramanga', 'bucaramanga-sabados-2026-q1');
      // Formula for Sat 21 Mar 2026 gives 1 y 2; the published calendar says 3 y 4.
      expect(restrictedDigitsOn(saturdays, '2026-03-21')).toEqual([3, 4]);
      expect(at('bucaramanga', 'ABC123', '2026-03-21T10:00').status).toBe('restricted');
      expect(at('bucaramanga', 'ABC121', '2026-03-21T10:00').status).toBe('not_restricted');
      // Sat 21 Feb 2026 is not published: formula, 5 weeks after the anchor → index 6 mod 5 → 3 y 4.
      expect(restrictedDigitsOn(saturdays, '2026-02-21')).toEqual([3, 4]);
      expect(at('bucaramanga', 'ABC124', '2026-02-21T12:59').status).toBe('restricted');
      expect(at('bucaramanga', 'ABC124', '2026-02-21T13:00').status).toBe('not_restricted');
      expect(at('bucaramanga', 'ABC124', '2026-02-21T08:59').status).toBe('not_restricted');
    });

    it('date_parity by day of month', () => {
      const parity = rule('bogota', 'bogota-particulares-paridad');
      expect(restrictedDigitsOn(parity, '2026-01-20')).toEqual([1, 2, 3, 4, 5]);
      expect(restrictedDigitsOn(parity, '2026-01-21')).toEqual([6, 7, 8, 9, 0]);
      expect(restrictedDigitsOn(parity, '2026-01-31')).toEqual([6, 7, 8, 9, 0]);
    });

    it('date_allowed_digits: listed dates restrict every digit not allowed (Manizales – Murillo)', () => {
      const murillo = rule('manizales', 'manizales-via-murillo-2026');
      expect(restrictedDigitsOn(murillo, '2026-01-10')).toEqual([3, 4, 5, 6, 7, 8, 9]);
      expect(restrictedDigitsOn(murillo, '2026-01-05')).toEqual([]);
      const enabled = withDefaultRule('manizales', 'manizales-via-murillo-2026');
      expect(at('manizales', 'ABC125', '2026-01-10T10:00', 'particular', enabled)).toMatchObject({
        status: 'restricted',
        rule: { area_scope: 'corridors' },
        windows: [{ start: '00:00', end: '24:00' }],
      });
      expect(at('manizales', 'ABC121', '2026-01-10T10:00', 'particular', enabled).status).toBe(
        'not_restricted',
      );
      // Mon 12 Jan is a holiday but skip_holidays is false for this rule.
      expect(at('manizales', 'ABC125', '2026-01-12T23:59', 'moto', enabled).status).toBe('not_restricted'); // moto exempt
      expect(at('manizales', 'ABC125', '2026-01-12T23:59', 'particular', enabled).status).toBe('restricted');
    });

    it('regional_entry_parity restricts per window when evaluated (informational by default)', () => {
      const enabled = withDefaultRule('bogota', 'bogota-regional-festivos');
      // Mon 12 Jan 2026 (holiday): 12-16 odd restricted, 16-20 even restricted.
      expect(at('bogota', 'ABC121', '2026-01-12T13:00', 'particular', enabled).status).toBe('restricted');
      expect(at('bogota', 'ABC121', '2026-01-12T17:00', 'particular', enabled).status).toBe('not_restricted');
      expect(at('bogota', 'ABC122', '2026-01-12T17:00', 'particular', enabled).status).toBe('restricted');
      expect(at('bogota', 'ABC121', '2026-01-12T13:00').status).toBe('not_restricted');
      const day = evaluatePicoPlacaDay(
        { plate: 'ABC121', vehicleType: 'particular', cityKey: 'bogota', date: '2026-01-12' },
        enabled,
      );
      expect(day.windows).toEqual([{ start: '12:00', end: '16:00' }]);
    });
  });

  describe('input errors', () => {
    it('a plate without digits is unknown', () => {
      expect(at('bogota', 'ABCDEF', '2026-01-20T10:00').status).toBe('unknown');
    });

    it('a malformed date-time throws', () => {
      expect(() => at('bogota', 'ABC123', '2026-01-20 10:00')).toThrow(RangeError);
      expect(() => at('bogota', 'ABC123', '2026-02-30T10:00')).toThrow(RangeError);
      expect(() => at('bogota', 'ABC123', '2026-01-20T24:00')).toThrow(RangeError);
    });
  });
});

describe('evaluatePicoPlacaDay', () => {
  const day = (
    cityKey: string,
    plate: string,
    date: string,
    vehicleType: PicoPlacaVehicleType = 'particular',
  ) => evaluatePicoPlacaDay({ plate, vehicleType, cityKey, date }, data);

  it('restricted today from HH:MM to HH:MM', () => {
    expect(day('bogota', 'ABC121', '2026-01-20')).toMatchObject({
      date: '2026-01-20',
      status: 'restricted',
      rule: { id: 'bogota-particulares-paridad' },
      windows: [{ start: '06:00', end: '21:00' }],
      digit: 1,
    });
  });

  it('can drive today', () => {
    expect(day('bogota', 'ABC127', '2026-01-20').status).toBe('not_restricted');
    expect(day('bogota', 'ABC121', '2026-01-24').status).toBe('not_restricted'); // Saturday
    expect(day('bogota', 'ABC121', '2026-01-12').status).toBe('not_restricted'); // holiday
    expect(day('bogota', 'ABC121', '2026-01-02').status).toBe('not_restricted'); // suspension
    expect(day('cali', 'ABC121', '2026-01-20', 'moto').status).toBe('not_restricted'); // exempt
  });

  it('unknown when no rule covers the date or the city is unknown', () => {
    expect(day('medellin', 'ABC127', '2026-11-23').status).toBe('unknown');
    expect(day('leticia', 'ABC127', '2026-01-20')).toMatchObject({ status: 'unknown', date: '2026-01-20' });
  });

  it('lists every rule restricting the plate, citywide first (Tunja: centro histórico + resto)', () => {
    const tunja = day('tunja', 'ABC126', '2026-01-13');
    expect(tunja.status).toBe('restricted');
    expect(tunja.rule?.id).toBe('tunja-resto-ciudad');
    expect(tunja.windows).toEqual([
      { start: '06:00', end: '09:00' },
      { start: '12:00', end: '14:00' },
      { start: '17:00', end: '20:00' },
    ]);
    expect(tunja.restrictions?.map((r) => [r.rule.id, r.rule.area_scope, r.windows])).toEqual([
      ['tunja-resto-ciudad', 'citywide', tunja.windows],
      ['tunja-centro-historico', 'zone', [{ start: '06:00', end: '20:00' }]],
    ]);
  });

  it('splits a 06:00-30:00 window over two calendar days', () => {
    expect(day('cartagena', 'ABC127', '2026-01-06').windows).toEqual([{ start: '06:00', end: '24:00' }]);
    expect(day('cartagena', 'ABC127', '2026-01-07')).toMatchObject({
      status: 'restricted',
      windows: [{ start: '00:00', end: '06:00' }],
    });
    // Sat 17 Jan 2026: only the night from Friday's rule is known.
    expect(day('cartagena', 'ABC123', '2026-01-17')).toMatchObject({
      status: 'restricted',
      windows: [{ start: '00:00', end: '06:00' }],
    });
    expect(day('cartagena', 'ABC125', '2026-01-17').status).toBe('unknown');
  });

  it('throws on an invalid date', () => {
    expect(() => day('bogota', 'ABC121', '2026-13-01')).toThrow(RangeError);
  });

  it('agrees with evaluatePicoPlaca at every half hour of the day', () => {
    // Every window boundary in the data falls on :00 or :30, so half-hour samples see every change.
    const cities = ['bogota', 'medellin', 'cartagena', 'bucaramanga', 'pasto', 'cucuta', 'tunja', 'cali'];
    const dates = Array.from({ length: 21 }, (_, i) => addDays('2025-12-31', i));
    const plates = ['AAA120', 'AAA121', 'AAA123', 'AAA125', 'AAA127', 'AAA129', 'AAA16D', 'AAA92D'];
    let checked = 0;
    for (const cityKey of cities) {
      for (const date of dates) {
        for (const plate of plates) {
          const vehicleType: PicoPlacaVehicleType = plate.endsWith('D') ? 'moto' : 'particular';
          const whole = evaluatePicoPlacaDay({ plate, vehicleType, cityKey, date }, data);
          const statuses = new Set<string>();
          for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
            const localDateTime = `${date}T${minutesToClock(minutes)}`;
            const instant = evaluatePicoPlaca({ plate, vehicleType, cityKey, localDateTime }, data);
            statuses.add(instant.status);
            if (instant.status === 'restricted') {
              const clock = minutesToClock(minutes);
              const inside = (whole.restrictions ?? []).some((r) =>
                r.windows.some((w) => w.start <= clock && clock < w.end),
              );
              expect(inside, `${cityKey} ${plate} ${localDateTime}`).toBe(true);
            }
            checked += 1;
          }
          const label = `${cityKey} ${plate} ${date}: ${[...statuses].join(',')} vs ${whole.status}`;
          if (whole.status === 'restricted') expect(statuses.has('restricted'), label).toBe(true);
          else expect(statuses, label).toEqual(new Set([whole.status]));
        }
      }
    }
    expect(checked).toBeGreaterThan(50_000);
    // ~65,000 evaluations: about a second alone, several on a loaded 2-core CI machine.
  }, 60_000);
});
