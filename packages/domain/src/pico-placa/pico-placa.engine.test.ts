import { describe, expect, it } from 'vitest';
import { evaluatePicoPlaca, findPicoPlacaCity, plateDigit } from './pico-placa.engine.ts';
import { at, data, file } from './pico-placa.engine.test-support.ts';

describe('test_cases of pico-y-placa.json', () => {
  it('has the 51 dated examples and the working-day rotation cases', () => {
    expect(file.test_cases).toHaveLength(60);
    expect(file.test_cases.filter((t) => t.expected_certainty !== undefined).length).toBeGreaterThan(0);
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
      if (t.expected_certainty) expect(result.certainty, t.why).toBe(t.expected_certainty);
      expect(result.certainty === 'sin_informacion').toBe(result.status === 'unknown');
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

    it('knows holidays of any year (the one holiday source): Reyes 2028 on Monday 10 January', () => {
      // 2028-01-10 is even: Bogotá restricts 0, 2, 4, 6, 8 on even days — but not on a holiday.
      // Bogotá's rule is open-ended: still evaluated in 2028 (por confirmar).
      expect(at('bogota', 'ABC122', '2028-01-10T10:00').status).toBe('not_restricted');
      expect(at('bogota', 'ABC122', '2028-01-10T10:00').reason).toMatch(/festivo/);
      expect(at('bogota', 'ABC122', '2028-01-12T10:00').status).toBe('restricted');
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
});
