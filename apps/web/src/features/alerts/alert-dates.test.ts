import { describe, expect, it } from 'vitest';
import {
  displayToIso,
  isoToDisplay,
  maskDateInput,
  orMissing,
  showDate,
  showLongDate,
} from './alert-dates.ts';
import { expiryStatus } from './expiry-status.ts';
import { licenceImageSource } from './licence-image.ts';
import { sortLicenceCategories } from '@togo/domain/alerts/alerts.licence';

describe('date helpers', () => {
  it('masks typed digits as dd/MM/yyyy, adding each slash only when a digit follows', () => {
    expect(maskDateInput('1')).toBe('1');
    expect(maskDateInput('15')).toBe('15');
    expect(maskDateInput('150')).toBe('15/0');
    expect(maskDateInput('15/03')).toBe('15/03');
    expect(maskDateInput('150320261234')).toBe('15/03/2026');
    expect(maskDateInput('15-03-2026')).toBe('15/03/2026');
    expect(maskDateInput('ab')).toBe('');
  });

  it('turns dd/MM/yyyy into YYYY-MM-DD and rejects impossible dates', () => {
    expect(displayToIso('15/03/2026')).toBe('2026-03-15');
    expect(displayToIso('29/02/2024')).toBe('2024-02-29');
    expect(displayToIso('29/02/2026')).toBeNull();
    expect(displayToIso('31/04/2026')).toBeNull();
    expect(displayToIso('15/13/2026')).toBeNull();
    expect(displayToIso('1/3/2026')).toBeNull();
    expect(displayToIso('15/03/1800')).toBeNull();
    expect(isoToDisplay('2026-03-15')).toBe('15/03/2026');
    expect(isoToDisplay(null)).toBe('');
  });

  it("shows dd-MM-yyyy, the kit's long Spanish date, and 'Sin registrar' when missing", () => {
    expect(showDate('2026-11-29')).toBe('29-11-2026');
    expect(showDate(null)).toBe('Sin registrar');
    expect(showLongDate('2026-03-15')).toBe('15 de marzo de 2026');
    expect(showLongDate(undefined)).toBe('Sin registrar');
    expect(orMissing('  ')).toBe('Sin registrar');
    expect(orMissing(null, 'No especificado')).toBe('No especificado');
    expect(orMissing(2019)).toBe('2019');
  });

  it('labels a due date against today', () => {
    expect(expiryStatus('2026-03-01', '2026-03-10')).toEqual({ tone: 'expired', label: 'Vencido' });
    expect(expiryStatus('2026-03-10', '2026-03-10')).toEqual({ tone: 'soon', label: 'Vence hoy' });
    expect(expiryStatus('2026-03-11', '2026-03-10')).toEqual({ tone: 'soon', label: 'Vence mañana' });
    expect(expiryStatus('2026-03-25', '2026-03-10')).toEqual({ tone: 'soon', label: 'Vence en 15 días' });
    expect(expiryStatus('2026-06-10', '2026-03-10')).toEqual({ tone: 'ok', label: 'Vigente' });
    expect(expiryStatus(null, '2026-03-10')).toBeNull();
  });
});

describe('licence rules', () => {
  it('shows only jpg, jpeg, png or svg pictures; other extensions get the default picture', () => {
    expect(licenceImageSource('https://cdn.example.co/lic/ABC.JPG?x=1')).toEqual({
      kind: 'image',
      src: 'https://cdn.example.co/lic/ABC.JPG?x=1',
    });
    expect(licenceImageSource('/media/licencia.png')).toMatchObject({ kind: 'image' });
    expect(licenceImageSource('/media/licencia.svg')).toMatchObject({ kind: 'image' });
    expect(licenceImageSource('/media/licencia.jpeg')).toMatchObject({ kind: 'image' });
    expect(licenceImageSource('/media/licencia.pdf')).toEqual({ kind: 'default' });
    expect(licenceImageSource('/media/licencia.webp')).toEqual({ kind: 'default' });
    expect(licenceImageSource(null)).toEqual({ kind: 'default' });
    expect(licenceImageSource('')).toEqual({ kind: 'default' });
    // The API's signed file URLs carry no extension: tried, with the default picture on a load error.
    expect(licenceImageSource('/api/files/0b5e?exp=1&sig=abc')).toMatchObject({ kind: 'try' });
  });

  it('sorts the categories ascending by name, nameless ones last', () => {
    const sorted = sortLicenceCategories([
      { categoria: 'C1', fechaVencimiento: '2027-01-01' },
      { categoria: null, fechaVencimiento: '2027-01-01' },
      { categoria: 'A2', fechaVencimiento: '2030-01-01' },
      { categoria: 'B1', fechaVencimiento: '2029-01-01' },
    ]);
    expect(sorted.map((c) => c.categoria)).toEqual(['A2', 'B1', 'C1', null]);
  });
});
