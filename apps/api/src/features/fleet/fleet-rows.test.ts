import { describe, expect, it } from 'vitest';
import { FLEET_TEMPLATE_COLUMNS } from '@togo/domain/fleet/fleet.constants';
import { ROW_MSG, ReferenceIndex, cellText, checkRow, normalizeName, sheetDate } from './fleet-rows.ts';
import { TEST_REFERENCE } from './fleet.test-support.ts';

const ref = new ReferenceIndex(TEST_REFERENCE);

const row = (overrides: Record<number, string> = {}) => {
  const cells = [
    'abc-123',
    '45210',
    'CC',
    '1020304050',
    'Antioquia',
    'Medellín',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ];
  for (const [i, v] of Object.entries(overrides)) cells[Number(i)] = v;
  return cells;
};

describe('fleet row rules', () => {
  it('normalises names and reads exceljs cell values as text', () => {
    expect(normalizeName('  Bogotá, D.C. ')).toBe('bogota d c');
    expect(normalizeName('MEDELLÍN')).toBe('medellin');
    expect(cellText(45210)).toBe('45210');
    expect(cellText(' AB\u0000C ')).toBe('ABC');
    expect(cellText("'=1+1")).toBe('=1+1');
    expect(cellText({ richText: [{ text: 'AB' }, { text: 'C123' }] })).toBe('ABC123');
    expect(cellText({ formula: 'A1', result: 7 })).toBe('7');
    expect(cellText({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(cellText(null)).toBe('');
    expect(cellText(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02');
  });

  it('finds departments and cities by name (any accents and case) or DANE code', () => {
    expect(ref.department('antioquia')).toBe(5);
    expect(ref.department('5')).toBe(5);
    expect(ref.department('05')).toBe(5);
    expect(ref.department('BOGOTA')).toBe(11);
    expect(ref.department('Atlántida')).toBeNull();
    expect(ref.city('medellin', 5)).toEqual({ id: 5001 });
    expect(ref.city('5001', 5)).toEqual({ id: 5001 });
    expect(ref.city('cali', 76)).toEqual({ id: 76001 });
    expect(ref.city('Armenia', 63)).toEqual({ id: 63001 });
    expect(ref.city('Armenia', null)).toEqual({ error: expect.stringContaining('código DANE') });
    expect(ref.city('Medellín', 11)).toEqual({ error: 'La ciudad no pertenece al departamento indicado.' });
    expect(ref.city('11001', 5)).toEqual({ error: 'La ciudad no pertenece al departamento indicado.' });
    expect(ref.documentType('cedula de ciudadania')).toBe(1);
    expect(ref.documentType('nit')).toBe(5);
  });

  it('accepts a good row, normalising plate and document', () => {
    expect(checkRow(2, row({ 3: 'ab12' }), ref)).toEqual({
      ok: true,
      rowNumber: 2,
      placa: 'ABC123',
      kilometraje: 45210,
      tipoDocumento: 1,
      documento: 'AB12',
      departmentId: 5,
      cityId: 5001,
      driver: null,
      fechas: { soat: null, rtm: null, licencia: null, poliza: null, impuesto: null, extintor: null },
    });
    const withDriver = checkRow(3, row({ 6: 'Ana', 8: '777', 9: '300 123 4567', 10: 'Cali' }), ref);
    expect(withDriver).toMatchObject({
      ok: true,
      driver: { nombre: 'Ana', tipoDocumento: 1, documento: '777', telefono: '3001234567', cityId: 76001 },
    });
  });

  it('names every column with a problem, in one Spanish message', () => {
    const bad = checkRow(7, row({ 0: 'AB1', 1: '1.000', 2: 'XX', 3: '', 4: 'Antioquia', 5: 'Cali' }), ref);
    expect(bad).toMatchObject({
      ok: false,
      rowNumber: 7,
      placa: 'AB1',
      kilometraje: '1.000',
      documento: '',
      message:
        'Placa: Formato de placa inválido (ejemplos: ABC123, ABC12D, R12345). ' +
        'Kilometraje: Solo se permiten números, sin puntos ni comas. ' +
        'Tipo documento propietario: Tipo de documento no válido (usa CC, CE, TI, PA, NIT o PPT). ' +
        'Documento propietario: Este campo es obligatorio. ' +
        'Ciudad: La ciudad no pertenece al departamento indicado.',
    });
    expect(checkRow(2, row({ 1: '12345678' }), ref)).toMatchObject({
      message: 'Kilometraje: Máximo 7 dígitos.',
    });
    expect(checkRow(2, row({ 6: 'Sin documento', 9: '12' }), ref)).toMatchObject({
      message:
        'Documento conductor: Este campo es obligatorio cuando indicas un conductor. ' +
        'Teléfono conductor: Teléfono no válido (solo números, de 7 a 15 dígitos).',
    });
  });

  it('reads the optional expiry dates: date cells (serials), dd/mm/aaaa, dd-mm-aaaa (issue 37)', () => {
    expect(sheetDate('')).toBeNull();
    expect(sheetDate('46387')).toBe('2026-12-31');
    expect(sheetDate('46387.5')).toBe('2026-12-31');
    expect(sheetDate('2026-12-31')).toBe('2026-12-31');
    expect(sheetDate('31/12/2026')).toBe('2026-12-31');
    expect(sheetDate('1-2-2027')).toBe('2027-02-01');
    for (const bad of [
      '31/02/2026',
      '2026/12/31',
      '31/12-2026',
      '12/31/2026',
      'mañana',
      '1999-12-31',
      '2100-01-01',
      '100',
    ])
      expect(sheetDate(bad), bad).toBeUndefined();
    expect(checkRow(2, row({ 11: '31/12/2026', 12: '46022', 13: '2027-06-30' }), ref)).toMatchObject({
      ok: true,
      fechas: {
        soat: '2026-12-31',
        rtm: '2025-12-31',
        licencia: '2027-06-30',
        poliza: null,
        impuesto: null,
        extintor: null,
      },
    });
  });

  it('reads the policy, tax and last extinguisher recharge dates after the licence, the same way', () => {
    expect(FLEET_TEMPLATE_COLUMNS.slice(13).map((c) => [c.key, c.header, c.required])).toEqual([
      ['vence_licencia', 'Vencimiento licencia de conducción', false],
      ['vence_poliza', 'Vencimiento póliza todo riesgo', false],
      ['vence_impuesto', 'Vencimiento impuesto vehicular', false],
      ['recarga_extintor', 'Última recarga del extintor', false],
    ]);
    expect(checkRow(2, row({ 14: '30/09/2026', 15: '46172', 16: '2025-08-10' }), ref)).toMatchObject({
      ok: true,
      fechas: {
        soat: null,
        rtm: null,
        licencia: null,
        poliza: '2026-09-30',
        impuesto: '2026-05-30',
        extintor: '2025-08-10',
      },
    });
    // A file of the earlier layout (fourteen columns) leaves them blank.
    expect(checkRow(2, row().slice(0, 14), ref)).toMatchObject({
      ok: true,
      fechas: { poliza: null, impuesto: null, extintor: null },
    });
  });

  it.each([
    [14, 'Vencimiento póliza todo riesgo'],
    [15, 'Vencimiento impuesto vehicular'],
    [16, 'Última recarga del extintor'],
  ])('refuses a bad date in column %i naming it (%s)', (cell, header) => {
    for (const bad of ['31/02/2026', '2026/12/31', 'mañana', '100', '01/01/1999']) {
      expect(checkRow(5, row({ [cell]: bad }), ref), bad).toMatchObject({
        ok: false,
        message: `${header}: ${ROW_MSG.date}`,
      });
    }
  });

  it('refuses a row with a date that is not one, naming the column, and changes nothing of it', () => {
    expect(checkRow(4, row({ 11: '31/02/2026', 13: 'pronto' }), ref)).toMatchObject({
      ok: false,
      message:
        'Vencimiento SOAT: Fecha no válida; escribe el día como dd/mm/aaaa (p. ej. 31/12/2026), entre 2000 y 2099. ' +
        'Vencimiento licencia de conducción: Fecha no válida; escribe el día como dd/mm/aaaa (p. ej. 31/12/2026), ' +
        'entre 2000 y 2099.',
    });
  });
});
