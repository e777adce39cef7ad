import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FLEET_TEMPLATE_COLUMNS, FLEET_TEMPLATE_SHEET } from '@togo/domain/fleet/fleet.contract';
import { cellText } from './fleet-rows.ts';
import { buildErrorsWorkbook } from './fleet-workbooks.ts';

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
