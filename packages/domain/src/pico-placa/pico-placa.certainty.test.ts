import { describe, expect, it } from 'vitest';
import { combineEvidence, reviewDate } from './pico-placa.certainty.ts';
import { evaluatePicoPlacaDay, type PicoPlacaData } from './pico-placa.engine.ts';
import { PicoPlacaCitySchema, type PicoPlacaCity } from './pico-placa.rules.ts';

/** A small city: one car rule Monday to Friday 6–9, Monday 1 y 2 … Friday 9 y 0. */
function city(rule: Record<string, unknown>, extra: Record<string, unknown> = {}): PicoPlacaCity {
  return PicoPlacaCitySchema.parse({
    key: 'villa',
    name: 'Villa',
    dane_code: '99001',
    municipalities: ['99001'],
    status: 'active',
    motorcycles: { restricted: null },
    suspensions: [],
    rules: [
      {
        id: 'villa-1',
        applies_to: ['particular'],
        valid_from: '2026-01-01',
        valid_to: null,
        days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
        time_windows: [{ start: '06:00', end: '09:00' }],
        skip_holidays: true,
        digit: 'last',
        scheme: {
          type: 'weekday_digits',
          map: { MON: [1, 2], TUE: [3, 4], WED: [5, 6], THU: [7, 8], FRI: [9, 0] },
        },
        area: 'Villa',
        area_scope: 'citywide',
        confidence: 'high',
        sources: ['https://villa.gov.co/decreto-1'],
        ...rule,
      },
    ],
    ...extra,
  });
}

const day = (
  c: PicoPlacaCity,
  date: string,
  plate = 'ABC121',
  vehicleType: 'particular' | 'moto' = 'particular',
) =>
  evaluatePicoPlacaDay({ plate, vehicleType, cityKey: c.key, date }, { cities: [c] } satisfies PicoPlacaData);

describe('certainty of an answer (vigente / por confirmar / sin información)', () => {
  it('a date inside a rule period with an end date is vigente, whenever it was verified', () => {
    const dated = city({ valid_to: '2026-12-31', verified_on: '2026-01-02' });
    // Tue 1 Dec 2026: 333 days after the verification, still inside the decree's period.
    expect(day(dated, '2026-12-01')).toMatchObject({
      status: 'not_restricted',
      certainty: 'vigente',
      verifiedOn: '2026-01-02',
      sources: ['https://villa.gov.co/decreto-1'],
    });
  });

  it('an open-ended rule is vigente up to verified_on + 183 days, then por confirmar with the same answer', () => {
    const open = city({ verified_on: '2026-01-15' });
    expect(reviewDate({ verified_on: '2026-01-15' })).toBe('2026-07-17');
    expect(day(open, '2026-07-17', 'ABC129')).toMatchObject({ status: 'restricted', certainty: 'vigente' });
    const after = day(open, '2026-07-27'); // Monday: 1 y 2
    expect(after).toMatchObject({
      status: 'restricted',
      certainty: 'por_confirmar',
      verifiedOn: '2026-01-15',
      windows: [{ start: '06:00', end: '09:00' }],
      sources: ['https://villa.gov.co/decreto-1'],
    });
  });

  it('review_by wins over the default, and a rule never verified is always por confirmar', () => {
    const explicit = city({ verified_on: '2026-01-15', review_by: '2026-02-01' });
    expect(day(explicit, '2026-02-02').certainty).toBe('por_confirmar');
    expect(day(explicit, '2026-01-30').certainty).toBe('vigente');
    const never = city({});
    expect(day(never, '2026-01-05')).toMatchObject({ certainty: 'por_confirmar', verifiedOn: null });
  });

  it('a date no rule covers is sin información: unknown, no source, no digits', () => {
    const ended = city({ valid_to: '2026-06-30', verified_on: '2026-01-02' });
    expect(day(ended, '2026-07-01')).toMatchObject({
      status: 'unknown',
      certainty: 'sin_informacion',
      verifiedOn: null,
      sources: [],
      digits: [],
      dayWindows: [],
    });
  });

  it('a suspension is vigente with its own sources; a no-restriction city answers with the city’s facts', () => {
    const suspended = city(
      { valid_to: '2026-06-30' },
      {
        suspensions: [
          {
            from: '2026-07-01',
            to: '2026-07-03',
            applies_to: ['particular'],
            reason: 'Día cívico',
            sources: ['https://villa.gov.co/s'],
          },
        ],
      },
    );
    expect(day(suspended, '2026-07-02')).toMatchObject({
      status: 'not_restricted',
      certainty: 'vigente',
      sources: ['https://villa.gov.co/s'],
      digits: [],
    });
    const free = PicoPlacaCitySchema.parse({
      ...city({ evaluate_by_default: false }),
      status: 'no_restriction_found',
      sources: ['https://villa.gov.co/movilidad'],
      verified_on: '2026-03-01',
    });
    expect(day(free, '2026-04-01')).toMatchObject({ status: 'not_restricted', certainty: 'vigente' });
    expect(day(free, '2026-12-01')).toMatchObject({
      status: 'not_restricted',
      certainty: 'por_confirmar',
      verifiedOn: '2026-03-01',
      sources: ['https://villa.gov.co/movilidad'],
    });
  });

  it('an exempt vehicle type is as sure as the city’s rules that day', () => {
    const exempt = city(
      { valid_to: '2026-06-30' },
      { exempt_vehicle_types: ['moto'], verified_on: '2026-01-10' },
    );
    expect(day(exempt, '2026-03-02', 'ABC12D', 'moto')).toMatchObject({
      status: 'not_restricted',
      certainty: 'vigente',
      sources: ['https://villa.gov.co/decreto-1'],
    });
    // After the decree: only the city's own facts (verified 10 Jan, six months ago) remain.
    expect(day(exempt, '2026-12-01', 'ABC12D', 'moto')).toMatchObject({
      status: 'not_restricted',
      certainty: 'por_confirmar',
    });
  });

  it('gives the digits and hours of the day for the vehicle type, whatever the plate', () => {
    const open = city({ verified_on: '2026-01-15' });
    expect(day(open, '2026-01-21', 'ABC121')).toMatchObject({
      status: 'not_restricted',
      digits: [5, 6],
      dayWindows: [{ start: '06:00', end: '09:00' }],
    });
    expect(day(open, '2026-01-24').digits).toEqual([]); // Saturday
    expect(day(open, '2026-01-12').digits).toEqual([]); // Reyes
  });

  it('combines evidence: weakest certainty, oldest verification, every source once', () => {
    expect(
      combineEvidence([
        { certainty: 'vigente', verifiedOn: '2026-03-01', sources: ['a', 'b'] },
        { certainty: 'por_confirmar', verifiedOn: '2026-01-01', sources: ['b', 'c'] },
      ]),
    ).toEqual({ certainty: 'por_confirmar', verifiedOn: '2026-01-01', sources: ['a', 'b', 'c'] });
    expect(
      combineEvidence([
        { certainty: 'vigente', verifiedOn: '2026-03-01', sources: [] },
        { certainty: 'vigente', verifiedOn: null, sources: [] },
      ]).verifiedOn,
    ).toBeNull();
    expect(combineEvidence([]).certainty).toBe('sin_informacion');
  });
});

describe('working_day_rotation (Cartagena): one pair per day the rule runs', () => {
  const rotation = city({
    verified_on: '2026-03-12',
    scheme: {
      type: 'working_day_rotation',
      pairs: [
        [5, 6],
        [7, 8],
        [9, 0],
        [1, 2],
        [3, 4],
      ],
      anchor_date: '2026-01-19',
      anchor_index: 0,
      published_dates: { '2026-06-19': [1, 2] },
    },
  });
  const digitsOn = (date: string) => day(rotation, date).digits;

  it('advances one pair per working day, so a holiday shifts the whole sequence', () => {
    expect(digitsOn('2026-01-19')).toEqual([5, 6]);
    expect(digitsOn('2026-01-23')).toEqual([3, 4]);
    expect(digitsOn('2026-01-26')).toEqual([5, 6]); // weekends take no step
    // Mon 23 Mar 2026 (San José) takes no step: Tue 24 Mar gets Monday's pair.
    expect(digitsOn('2026-03-20')).toEqual([3, 4]);
    expect(digitsOn('2026-03-23')).toEqual([]);
    expect(digitsOn('2026-03-24')).toEqual([5, 6]);
    expect(digitsOn('2026-06-16')).toEqual([3, 4]);
  });

  it('counts backwards before the anchor and lets published dates override', () => {
    expect(digitsOn('2026-01-16')).toEqual([3, 4]);
    expect(digitsOn('2026-01-12')).toEqual([]); // Reyes
    expect(digitsOn('2026-01-09')).toEqual([5, 6]);
    expect(digitsOn('2026-06-19')).toEqual([1, 2]);
  });

  it('keeps rotating in years the library computes (2028: Reyes on Monday 10 January)', () => {
    const friday = day(rotation, '2028-01-07').digits;
    const tuesday = day(rotation, '2028-01-11').digits;
    expect(day(rotation, '2028-01-10').digits).toEqual([]);
    const pairs = [
      [5, 6],
      [7, 8],
      [9, 0],
      [1, 2],
      [3, 4],
    ].map((p) => p.join());
    expect(pairs.indexOf(tuesday.join())).toBe((pairs.indexOf(friday.join()) + 1) % 5);
    expect(day(rotation, '2028-01-11').certainty).toBe('por_confirmar');
  });
});
