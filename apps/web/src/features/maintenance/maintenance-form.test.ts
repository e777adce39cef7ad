import { describe, expect, it } from 'vitest';
import { MAINTENANCE_MSG as MSG } from '@togo/domain/maintenance/maintenance.catalogue';
import {
  apiFieldErrors,
  fuelErrors,
  invoiceError,
  parseGallons,
  parseWhole,
  recordErrors,
  reminderErrors,
} from './maintenance-form.ts';

const TODAY = '2026-11-22';

describe('what the maintenance forms check', () => {
  it('reads whole numbers with thousands dots or spaces, and gallons with a comma or a point', () => {
    expect(parseWhole('45.000')).toBe(45_000);
    expect(parseWhole(' 45 000 ')).toBe(45_000);
    expect(parseWhole('45,5')).toBeNaN();
    expect(parseWhole('mil')).toBeNaN();
    expect(parseGallons('10,5')).toBe(10.5);
    expect(parseGallons('10.5')).toBe(10.5);
    expect(parseGallons('1,2,3')).toBeNaN();
  });

  it('a service: required fields, a future date, text in numbers, negatives', () => {
    const base = {
      fecha: TODAY,
      kilometraje: '45000',
      tipo: 'frenos',
      costo: '100000',
      taller: '',
      descripcion: '',
      invoice: null,
    };
    expect(recordErrors(base, TODAY)).toEqual({});
    expect(recordErrors({ ...base, fecha: '2026-11-23', costo: '-1', kilometraje: 'x' }, TODAY)).toEqual({
      fecha: MSG.future,
      costo: MSG.negative,
      kilometraje: MSG.number,
    });
    expect(recordErrors({ ...base, fecha: '', tipo: '' }, TODAY)).toMatchObject({ fecha: MSG.required });
  });

  it('the invoice: a photo or a PDF of at most 5 MB', () => {
    expect(invoiceError(new File(['x'], 'f.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(invoiceError(new File(['x'], 'f.gif', { type: 'image/gif' }))).toBe(MSG.invoiceType);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'f.jpg', { type: 'image/jpeg' });
    expect(invoiceError(big)).toBe(MSG.invoiceTooLarge);
  });

  it('a fill-up: gallons above zero, at most 100, three decimals', () => {
    const base = { fecha: TODAY, kilometraje: '45000', galones: '10', costo: '1', tanqueLleno: true };
    expect(fuelErrors(base, TODAY)).toEqual({});
    expect(fuelErrors({ ...base, galones: '100,5' }, TODAY).galones).toBe(MSG.gallonsMax);
    expect(fuelErrors({ ...base, galones: '0' }, TODAY).galones).toBe(MSG.gallonsPositive);
    expect(fuelErrors({ ...base, galones: '1,2345' }, TODAY).galones).toBe(MSG.gallonsDecimals);
    expect(fuelErrors({ ...base, galones: 'diez' }, TODAY).galones).toBe(MSG.number);
  });

  it('a reminder: every km or every months, at least one', () => {
    const base = { tipo: 'llantas', cadaKm: '', cadaMeses: '', ultimoKm: '', ultimaFecha: '' };
    expect(reminderErrors(base, TODAY)).toEqual({ cada_km: MSG.everyRequired });
    expect(reminderErrors({ ...base, cadaMeses: '6' }, TODAY)).toEqual({});
    expect(reminderErrors({ ...base, cadaKm: '0' }, TODAY)).toEqual({ cada_km: MSG.everyKmMin });
  });

  it('takes the first message of each field of an API 400', () => {
    expect(apiFieldErrors({ kilometraje: ['a', 'b'], otro: ['c'] }, ['kilometraje', 'fecha'])).toEqual({
      kilometraje: 'a',
    });
  });
});
