import { describe, expect, it } from 'vitest';
import { bogotaToday } from '../bogota-time.ts';
import { addDays, addYears, ageOn, daysBetween, isIsoDate } from './garage-dates.ts';
import {
  firstRtmDueDate,
  licenceCategoryFor,
  licenceDueDate,
  licenceValidityYears,
  needsRtm,
  soatExpiry,
} from './vehicle.rules.ts';

describe('garage dates', () => {
  it('computes Bogotá today (UTC-5) from an instant', () => {
    expect(bogotaToday(new Date('2026-11-22T04:59:00Z'))).toBe('2026-11-21');
    expect(bogotaToday(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
  });

  it('adds days and years, 29 February becoming 28 February', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(daysBetween('2026-11-22', '2026-12-22')).toBe(30);
    expect(ageOn('1966-11-23', '2026-11-22')).toBe(59);
    expect(ageOn('1966-11-22', '2026-11-22')).toBe(60);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });
});

describe('RTM (vehicle-facts.md §1)', () => {
  it('is due at 5 years for private cars, 2 for motorcycles and public service', () => {
    expect(firstRtmDueDate('2022-03-10', 'AUTOMOVIL', 'PARTICULAR')).toBe('2027-03-10');
    expect(firstRtmDueDate('2022-03-10', 'MOTOCICLETA', 'PARTICULAR')).toBe('2024-03-10');
    expect(firstRtmDueDate('2022-03-10', 'AUTOMOVIL', 'PUBLICO')).toBe('2024-03-10');
    expect(firstRtmDueDate('2022-03-10', 'CAMIONETA', 'ESPECIAL')).toBe('2024-03-10');
  });

  it('keeps 6 years for private vehicles registered up to 19 May 2018', () => {
    expect(firstRtmDueDate('2018-05-19', 'AUTOMOVIL', 'PARTICULAR')).toBe('2024-05-19');
    expect(firstRtmDueDate('2018-05-20', 'AUTOMOVIL', 'PARTICULAR')).toBe('2023-05-20');
  });

  it('says whether a vehicle needs a certificate today', () => {
    expect(needsRtm('2022-11-23', 'AUTOMOVIL', 'PARTICULAR', '2027-11-22')).toBe(false);
    expect(needsRtm('2022-11-22', 'AUTOMOVIL', 'PARTICULAR', '2027-11-22')).toBe(true);
  });
});

describe('licence (vehicle-facts.md §3)', () => {
  it('picks the category for the vehicle', () => {
    expect(licenceCategoryFor('MOTOCICLETA', 'PARTICULAR', 125)).toBe('A1');
    expect(licenceCategoryFor('MOTOCICLETA', 'PARTICULAR', 150)).toBe('A2');
    expect(licenceCategoryFor('AUTOMOVIL', 'PARTICULAR', 1600)).toBe('B1');
    expect(licenceCategoryFor('AUTOMOVIL', 'PUBLICO', 1600)).toBe('C1');
    expect(licenceCategoryFor('CAMION', 'PARTICULAR', 4000)).toBe('B2');
    expect(licenceCategoryFor('BUS', 'PUBLICO', 7000)).toBe('C2');
    expect(licenceCategoryFor('TRACTOCAMION', 'PUBLICO', 12000)).toBe('C3');
    expect(licenceCategoryFor('REMOLQUE', 'PARTICULAR', 0)).toBeNull();
  });

  it('gives validity by age band', () => {
    expect([59, 60, 80, 81].map((a) => licenceValidityYears('B1', a))).toEqual([10, 5, 5, 1]);
    expect([59, 60, 81].map((a) => licenceValidityYears('C1', a))).toEqual([3, 1, 1]);
  });

  it('uses the earliest category expiry as the licence due date', () => {
    expect(
      licenceDueDate([
        { fechaVencimiento: '2030-01-01' },
        { fechaVencimiento: '2027-06-01' },
        { fechaVencimiento: null },
      ]),
    ).toBe('2027-06-01');
    expect(licenceDueDate([])).toBeNull();
  });

  it('makes SOAT valid one year', () => {
    expect(soatExpiry('2026-01-15')).toBe('2027-01-15');
  });
});
