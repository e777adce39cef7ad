import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  FLEET_INSTRUCTIONS_SHEET,
  FLEET_TEMPLATE_COLUMNS,
  FLEET_TEMPLATE_SHEET,
} from '@togo/domain/fleet/fleet.contract';
import type { ParsedChunk } from './fleet-chunks.ts';
import { InlineFleetParser } from './fleet-parser.ts';
import { cellText } from './fleet-rows.ts';
import { buildErrorsWorkbook, buildGuideWorkbook } from './fleet-workbooks.ts';
import { TEST_REFERENCE } from './fleet.test-support.ts';

async function readBack(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.getWorksheet(FLEET_TEMPLATE_SHEET);
  if (!ws) throw new Error('no template sheet');
  return ws;
}

describe('the errors workbook (decision 018: spreadsheet formula injection)', () => {
  const typed = ['=HYPERLINK("http://evil","x")', '+57300', '-1', '@SUM(1)', '\t=1', '\r=1', 'ABC123'];

  it('writes formula-like cells as text with a leading quote, never as formulas', async () => {
    const valores = FLEET_TEMPLATE_COLUMNS.map((_, i) => typed[i % typed.length] as string);
    const ws = await readBack(
      await buildErrorsWorkbook([{ valores, message: '=1+1 Placa: Formato de placa inválido.' }]),
    );
    const row = ws.getRow(2);
    for (let c = 1; c <= FLEET_TEMPLATE_COLUMNS.length; c++) {
      const cell = row.getCell(c);
      const text = valores[c - 1] as string;
      expect(cell.type, `column ${c}`).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      // XML reads a carriage return back as a line feed; the quote in front is what matters.
      expect(cell.value).toBe(text === 'ABC123' ? text : `'${text}`.replace('\r', '\n'));
    }
    expect(row.getCell(FLEET_TEMPLATE_COLUMNS.length + 1).value).toBe(
      "'=1+1 Placa: Formato de placa inválido.",
    );
  });

  it('reading the file back (a corrected upload) gives the text the user typed', async () => {
    const valores = FLEET_TEMPLATE_COLUMNS.map(() => '=1+1');
    const ws = await readBack(await buildErrorsWorkbook([{ valores, message: 'x' }]));
    expect(cellText(ws.getRow(2).getCell(1).value)).toBe('=1+1');
  });
});

describe('the guide workbook', () => {
  const DATE_HEADERS = [
    'Vencimiento SOAT',
    'Vencimiento revisión técnico-mecánica',
    'Vencimiento licencia de conducción',
    'Vencimiento póliza todo riesgo',
    'Vencimiento impuesto vehicular',
    'Última recarga del extintor',
  ];

  it('lists every template column in order, the dates last, formatted as dates and explained', async () => {
    const bytes = await buildGuideWorkbook();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(FLEET_TEMPLATE_SHEET);
    const headers = FLEET_TEMPLATE_COLUMNS.map((_, i) => ws?.getRow(1).getCell(i + 1).value);
    expect(headers).toEqual(FLEET_TEMPLATE_COLUMNS.map((c) => c.header));
    expect(headers.slice(-6)).toEqual(DATE_HEADERS);
    for (let c = 12; c <= 17; c++) expect(ws?.getColumn(c).numFmt, `column ${c}`).toBe('dd/mm/yyyy');
    const ins = wb.getWorksheet(FLEET_INSTRUCTIONS_SHEET);
    const explained = new Map<string, string>();
    ins?.eachRow((row) => explained.set(String(row.getCell(1).value), String(row.getCell(2).value ?? '')));
    for (const h of DATE_HEADERS) expect(explained.get(h), h).toMatch(/^Opcional\. Fecha dd\/mm\/aaaa/);
    expect(explained.get('Última recarga del extintor')).toContain('última recarga');
  });

  it("its example row imports with every date, the extinguisher's recharge as written", async () => {
    const chunks: ParsedChunk[] = [];
    for await (const chunk of new InlineFleetParser().parse(await buildGuideWorkbook(), TEST_REFERENCE, 10))
      chunks.push(chunk);
    expect(chunks.flatMap((c) => c.invalid)).toEqual([]);
    expect(chunks.flatMap((c) => c.valid).map((r) => r.fechas)).toEqual([
      {
        soat: '2026-12-31',
        rtm: '2026-06-30',
        licencia: '2028-03-15',
        poliza: '2026-10-31',
        impuesto: '2026-05-29',
        extintor: '2025-08-10',
      },
      { soat: null, rtm: null, licencia: null, poliza: null, impuesto: null, extintor: null },
    ]);
  });
});
