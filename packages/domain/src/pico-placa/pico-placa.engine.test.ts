import { describe, expect, it } from 'vitest';
import { addDays, minutesToClock } from './pico-placa.calendar.ts';
import {
  evaluatePicoPlaca,
  evaluatePicoPlacaDay,
  findPicoPlacaCity,
  plateDigit,
  restrictedDigitsOn,
  type PicoPlacaData,
} from './pico-placa.engine.ts';
import type { PicoPlacaCity, PicoPlacaRule, PicoPlacaVehicleType } from './pico-placa.rules.ts';
import { loadPicoPlacaData } from './pico-placa.test-data.ts';

const { file, data } = loadPicoPlacaData();

function city(key: string): PicoPlacaCity {
  const found = data.cities.find((c) => c.key === key);
  if (!found) throw new Error(`city ${key} missing from the data`);
  return found;
}

function rule(cityKey: string, id: string): PicoPlacaRule {
  const found = city(cityKey).rules.find((r) => r.id === id);
  if (!found) throw new Error(`rule ${id} missing from the data`);
  return found;
}

/** Data where one informational rule is evaluated by default (to exercise its scheme). */
function withDefaultRule(cityKey: string, ruleId: string): PicoPlacaData {
  return {
    holidays: data.holidays,
    cities: data.cities.map((c) =>
      c.key !== cityKey
        ? c
        : { ...c, rules: c.rules.map((r) => (r.id === ruleId ? { ...r, evaluate_by_default: true } : r)) },
    ),
  };
}

function at(
  cityKey: string,
  plate: string,
  localDateTime: string,
  vehicleType: PicoPlacaVehicleType = 'particular',
  source: PicoPlacaData = data,
) {
  return evaluatePicoPlaca({ plate, vehicleType, cityKey, localDateTime }, source);
}

describe('test_cases of pico-y-placa.json', () => {
  it('has the 51 dated examples', () => {
    expect(file.test_cases).toHaveLength(51);
  });

  it.each(file.test_cases.map((t) => [`${t.city} ${t.plate} ${t.vehicle_type} ${t.datetime}`, t] as const))(
    '%s',
    (_label, t) => {
      const result = evaluatePicoPlaca(
        { plate: t.plate, vehicleType: t.vehicle_type, cityKey: t.city, localDateTime: t.datetime },
        data,
      );
      expect(result.status, `${t.why ?? ''} — ${result.reason}`).toBe(t.expected);
      expect(result.city?.key).toBe(t.city);
    },
  );
});

describe('evaluatePicoPlaca', () => {
  it('reports rule, area, windows and digit when restricted', () => {
    const result = at('bogota', 'ABC123', '2025-09-24T10:00');
    expect(result).toMatchObject({
      status: 'restricted',
      city: { key: 'bogota', name: 'Bogotá' },
      rule: { id: 'bogota-particulares-paridad', area_scope: 'citywide', confidence: 'high' },
      windows: [{ start: '06:00', end: '21:00' }],
      digit: 3,
    });
    expect(result.reason).toBeTruthy();
  });

  it('still gives the day windows when the plate is free at that hour', () => {
    const result = at('cartagena', 'ABC128', '2026-01-20T12:00');
    expect(result.status).toBe('not_restricted');
    expect(result.windows).toEqual([
      { start: '07:00', end: '09:00' },
      { start: '18:00', end: '20:00' },
    ]);
    expect(at('cartagena', 'ABC121', '2026-01-20T12:00').windows).toBeUndefined();
  });

  describe('holidays', () => {
    it('a skip_holidays rule does not restrict on a holiday', () => {
      // Mon 12 Jan 2026 (Reyes) is even: 1-5 would be restricted on a working day.
      expect(at('bogota', 'ABC121', '2026-01-12T10:00').status).toBe('not_restricted');
      expect(at('bogota', 'ABC121', '2026-01-14T10:00').status).toBe('restricted');
      // Medellín Mon 18 Aug 2025 (Asunción): Monday digits 6 y 9.
      expect(at('medellin', 'ABC126', '2025-08-18T07:00').status).toBe('not_restricted');
      expect(at('medellin', 'ABC126', '2025-08-25T07:00').status).toBe('restricted');
      expect(at('medellin', 'ABC126', '2025-08-18T07:00').reason).toMatch(/festivo/);
    });

    it('uses the holiday list it is given', () => {
      const noHolidays = { cities: data.cities, holidays: [] };
      expect(at('bogota', 'ABC121', '2026-01-12T10:00', 'particular', noHolidays).status).toBe('restricted');
    });
  });

  describe('validity', () => {
    it('is unknown after the last rule’s valid_to (inclusive)', () => {
      expect(at('cali', 'ABC123', '2026-06-30T10:00').status).toBe('restricted'); // Tue 30 Jun: 3 y 4
      expect(at('cali', 'ABC123', '2026-07-01T10:00').status).toBe('unknown');
      expect(at('cali', 'ABC123', '2026-07-04T10:00').status).toBe('unknown'); // even a Saturday
      expect(at('santa-marta', 'ABC121', '2025-10-13T08:00').status).toBe('unknown');
      expect(at('medellin', 'ABC127', '2026-08-03T10:00').status).toBe('unknown');
      expect(at('medellin', 'ABC127', '2026-08-03T10:00').reason).toMatch(/ninguna regla/);
    });

    it('is unknown before the first known rule', () => {
      expect(at('medellin', 'ABC120', '2024-06-03T10:00').status).toBe('unknown');
    });

    it('open-ended rules keep applying', () => {
      expect(at('bogota', 'ABC126', '2030-01-15T10:00').status).toBe('restricted'); // Tue, odd date: 6-0
      expect(at('bogota', 'ABC122', '2030-01-15T10:00').status).toBe('not_restricted');
    });
  });

  describe('motorcycles', () => {
    it('reads the FIRST numeric character where the rule says so', () => {
      // Pereira Thu: 6 y 7
      expect(at('pereira', 'ABC72D', '2025-02-27T10:00', 'moto')).toMatchObject({
        status: 'restricted',
        digit: 7,
      });
      expect(at('pereira', 'ABC27D', '2025-02-27T10:00', 'moto').status).toBe('not_restricted');
      // Medellín Mon 22 Sep 2025: 6 y 9
      expect(at('medellin', 'XYZ69A', '2025-09-22T07:00', 'moto').digit).toBe(6);
    });

    it('reads the last numeric character by default (ABC12D → 2)', () => {
      expect(plateDigit('ABC12D', 'last')).toBe(2);
      expect(plateDigit('abc-12d', 'first')).toBe(1);
      expect(plateDigit('ABC123', 'first')).toBe(1);
      expect(plateDigit('ABCDEF', 'last')).toBeUndefined();
      // Bucaramanga Thu 15 Jan 2026: 7 y 8 → ABC17D (last digit 7) restricted.
      expect(at('bucaramanga', 'ABC17D', '2026-01-15T10:00', 'moto').status).toBe('restricted');
      expect(at('bucaramanga', 'ABC71D', '2026-01-15T10:00', 'moto').status).toBe('not_restricted');
    });

    it('is unknown where no rule covers motorcycles (Tunja, Ibagué)', () => {
      expect(at('tunja', 'ABC12D', '2026-01-13T10:00', 'moto').status).toBe('unknown');
      expect(at('ibague', 'ABC12D', '2026-01-13T10:00', 'moto').status).toBe('unknown');
    });
  });

  describe('windows', () => {
    it('start is inclusive and end exclusive', () => {
      expect(at('medellin', 'ABC127', '2026-02-02T04:59').status).toBe('not_restricted');
      expect(at('medellin', 'ABC127', '2026-02-02T05:00').status).toBe('restricted');
      expect(at('medellin', 'ABC127', '2026-02-02T19:59').status).toBe('restricted');
      expect(at('medellin', 'ABC127', '2026-02-02T20:00').status).toBe('not_restricted');
    });

    it('a window ending after 24:00 continues into the next day (previous day’s rule at time + 24 h)', () => {
      // Cartagena 24 h regime 06:00-30:00: Tue 6 Jan 2026 restricts 7 y 8 until Wed 06:00.
      const night = at('cartagena', 'ABC127', '2026-01-07T05:59');
      expect(night).toMatchObject({ status: 'restricted', rule: { id: 'cartagena-24h-2026-01' }, digit: 7 });
      expect(night.windows).toEqual([{ start: '00:00', end: '06:00' }]);
      expect(at('cartagena', 'ABC127', '2026-01-07T06:00').status).toBe('not_restricted');
      expect(at('cartagena', 'ABC127', '2026-01-06T23:59').windows).toEqual([
        { start: '06:00', end: '24:00' },
      ]);
      // Wed 7 Jan: 9 y 0 from 06:00 (their own day) but not at 02:00 (Tuesday's digits).
      expect(at('cartagena', 'ABC120', '2026-01-07T02:00').status).toBe('not_restricted');
      expect(at('cartagena', 'ABC120', '2026-01-07T06:00').status).toBe('restricted');
    });

    it('the night after the last day of a rule is restricted even if no rule covers the new day', () => {
      // Fri 16 Jan 2026 (last day, 3 y 4) → Sat 17 Jan 02:00 restricted; Sat 07:00 no rule at all → unknown.
      expect(at('cartagena', 'ABC123', '2026-01-17T02:00').status).toBe('restricted');
      expect(at('cartagena', 'ABC123', '2026-01-17T07:00').status).toBe('unknown');
      // Friday night into Saturday when Saturday has rules (Fri 9 Jan: 3 y 4).
      expect(at('cartagena', 'ABC124', '2026-01-10T03:00').status).toBe('restricted');
    });

    it('a holiday’s rule does not spill into the next morning', () => {
      // Mon 12 Jan 2026 is a holiday (Monday digits 5 y 6 skipped) → Tue 13 Jan 02:00 free.
      expect(at('cartagena', 'ABC125', '2026-01-13T02:00').status).toBe('not_restricted');
      expect(at('cartagena', 'ABC125', '2026-01-06T02:00').status).toBe('restricted'); // Mon 5 Jan → Tue 02:00
    });

    it('several windows in a day (Villavicencio 6:30-9:30 and 17:00-20:00)', () => {
      expect(at('villavicencio', 'ABC124', '2026-03-13T06:29').status).toBe('not_restricted');
      expect(at('villavicencio', 'ABC124', '2026-03-13T06:30').status).toBe('restricted');
      expect(at('villavicencio', 'ABC124', '2026-03-13T17:30').status).toBe('restricted');
      expect(at('villavicencio', 'ABC124', '2026-03-13T17:30').windows).toEqual([
        { start: '06:30', end: '09:30' },
        { start: '17:00', end: '20:00' },
      ]);
    });
  });

  describe('exempt types, suspensions, city status', () => {
    it('an exempt vehicle type is not restricted', () => {
      const result = at('cali', 'ABC125', '2026-02-11T10:00', 'moto');
      expect(result.status).toBe('not_restricted');
      expect(result.reason).toMatch(/exento/);
      expect(at('villavicencio', 'ABC124', '2026-03-13T07:00', 'moto').status).toBe('not_restricted');
    });

    it('a suspension for the vehicle type means not restricted', () => {
      expect(at('bogota', 'XYZ121', '2026-01-02T10:00').reason).toMatch(/suspendida/);
      expect(at('bogota', 'XYZ121', '2026-01-02T10:00').status).toBe('not_restricted');
      expect(at('bogota', 'XYZ126', '2026-01-05T10:00').status).toBe('restricted'); // Mon 5 Jan: no suspension
      expect(at('medellin', 'ABC69D', '2025-12-29T10:00', 'moto').status).toBe('not_restricted');
      expect(at('bucaramanga', 'ABC12D', '2026-01-12T10:00', 'moto').status).toBe('not_restricted');
      // Popayán gap between semesters (Fri 3 Jul 2026: s2 would restrict 7 y 8)
      expect(at('popayan', 'ABC120', '2026-07-03T10:00').status).toBe('not_restricted');
    });

    it('cities without a private-car measure are not restricted; informational rules are ignored', () => {
      expect(at('barranquilla', 'ABC121', '2026-01-19T10:00', 'moto').status).toBe('not_restricted');
      expect(at('manizales', 'ABC125', '2026-01-10T10:00').status).toBe('not_restricted');
      expect(at('neiva', 'ABC121', '2026-01-19T10:00', 'moto').status).toBe('not_restricted');
    });
  });

  describe('city lookup', () => {
    it('finds a city by key or by any municipality it covers', () => {
      expect(findPicoPlacaCity(data.cities, { municipalityCode: '05088' })?.key).toBe('medellin');
      expect(findPicoPlacaCity(data.cities, { municipalityCode: '68276' })?.key).toBe('bucaramanga');
      expect(findPicoPlacaCity(data.cities, { municipalityCode: '11001' })?.key).toBe('bogota');
      const bello = evaluatePicoPlaca(
        {
          plate: 'ABC129',
          vehicleType: 'particular',
          municipalityCode: '05088',
          localDateTime: '2025-09-22T07:00',
        },
        data,
      );
      expect(bello).toMatchObject({ status: 'restricted', city: { key: 'medellin' } });
    });

    it('an unknown city is unknown', () => {
      expect(at('leticia', 'ABC121', '2026-01-20T10:00')).toMatchObject({ status: 'unknown' });
      expect(at('leticia', 'ABC121', '2026-01-20T10:00').city).toBeUndefined();
      const byCode = evaluatePicoPlaca(
        {
          plate: 'ABC121',
          vehicleType: 'particular',
          municipalityCode: '91001',
          localDateTime: '2026-01-20T10:00',
        },
        data,
      );
      expect(byCode.status).toBe('unknown');
      expect(
        evaluatePicoPlaca(
          { plate: 'ABC121', vehicleType: 'particular', localDateTime: '2026-01-20T10:00' },
          data,
        ),
      ).toMatchObject({ status: 'unknown' });
    });
  });

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
