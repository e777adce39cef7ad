import { PassThrough, type Readable } from 'node:stream';
import {
  canDriveLabel,
  FLEET_COMPLIANCE_XLSX_COLUMNS,
  FLEET_FINES_XLSX_COLUMNS,
  type FleetComplianceRow,
  type FleetFineRow,
  picoPlacaStateLabel,
} from '@togo/domain/fleet/fleet-compliance.contract';
import { fineStateLabel } from '@togo/domain/garage/fine-states';
import { xmlSafeSpreadsheetText } from '../../lib/spreadsheet-text.ts';

type Cell = string | number | Date;

/** The number format of date cells: the day as the app writes it (dd-MM-yyyy), a real date to sort and filter. */
const XLSX_DATE_FORMAT = 'dd-mm-yyyy';

/**
 * A 'YYYY-MM-DD' date (or an instant starting with one) as a date cell at UTC midnight, which exceljs writes as
 * that day's serial number (issue 37: exports wrote dates as text); blank stays blank, other text stays text.
 */
export function dateCell(value: string | null | undefined): Date | string {
  const text = (value ?? '').trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(text);
  if (!match) return xmlSafeSpreadsheetText(text);
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === text.slice(0, 10) ? day : xmlSafeSpreadsheetText(text);
}

/** The sheet's first row names the company (issue 37): "Empresa: Razón social (NIT 900123456-8)". */
export const XLSX_HEADER_ROW = 2;

/**
 * One sheet written row by row with exceljs's streaming writer (memory stays flat for a 10,000-vehicle fleet):
 * the company on the first row, a bold header on the second, then the rows of each chunk. Callers pass text
 * through xmlSafeSpreadsheetText and dates through dateCell; the `dateColumns` (0-based) get the date number format.
 */
function sheetStream(
  sheet: string,
  company: string,
  columns: readonly string[],
  chunks: AsyncIterable<Cell[][]>,
  dateColumns: readonly number[],
  log?: { warn(obj: object, msg: string): void },
): Readable {
  const out = new PassThrough();
  const write = async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useSharedStrings: false,
      useStyles: true,
    });
    wb.creator = 'TOGO';
    wb.company = company;
    const ws = wb.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: XLSX_HEADER_ROW }] });
    ws.columns = columns.map((header) => ({ width: Math.max(12, header.length + 4) }));
    const title = ws.addRow([xmlSafeSpreadsheetText(`Empresa: ${company || 'sin nombre'}`)]);
    title.font = { bold: true };
    title.commit();
    const header = ws.addRow([...columns]);
    header.font = { bold: true };
    header.commit();
    for await (const rows of chunks) {
      for (const r of rows) {
        const row = ws.addRow(r);
        for (const c of dateColumns) row.getCell(c + 1).numFmt = XLSX_DATE_FORMAT;
        row.commit();
      }
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err: unknown) => {
    log?.warn({ err }, `${sheet} export failed`);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

async function* mapChunks<T>(chunks: AsyncIterable<T[]>, row: (r: T) => Cell[]): AsyncGenerator<Cell[][]> {
  for await (const chunk of chunks) yield chunk.map(row);
}

/** The compliance grid as an .xlsx; text cells are neutralised against formula injection. */
export function complianceWorkbookStream(
  company: string,
  chunks: AsyncIterable<FleetComplianceRow[]>,
  log?: { warn(obj: object, msg: string): void },
): Readable {
  const rows = mapChunks(chunks, (r) => [
    xmlSafeSpreadsheetText(r.placa),
    xmlSafeSpreadsheetText(r.ciudad ?? ''),
    canDriveLabel(r.puede_circular),
    picoPlacaStateLabel(r.pico_placa),
    xmlSafeSpreadsheetText(r.motivos.join('; ')),
    dateCell(r.soat_vence),
    dateCell(r.rtm_vence),
    r.multas_pendientes,
    r.multas_total,
    xmlSafeSpreadsheetText(r.multas_por_estado.map((m) => `${m.estado}: ${m.cantidad}`).join('; ')),
  ]);
  return sheetStream('Cumplimiento', company, FLEET_COMPLIANCE_XLSX_COLUMNS, rows, [5, 6], log);
}

/** The fleet's fines as an .xlsx (the provider's text is neutralised against formula injection). */
export function finesWorkbookStream(
  company: string,
  chunks: AsyncIterable<FleetFineRow[]>,
  log?: { warn(obj: object, msg: string): void },
): Readable {
  const rows = mapChunks(chunks, (f) => [
    xmlSafeSpreadsheetText(f.placa),
    xmlSafeSpreadsheetText(f.numero),
    xmlSafeSpreadsheetText(f.tipo),
    xmlSafeSpreadsheetText(fineStateLabel(f.estado)),
    dateCell(f.fecha_infraccion),
    f.total,
    xmlSafeSpreadsheetText(f.infractor),
    xmlSafeSpreadsheetText(f.descripcion),
    xmlSafeSpreadsheetText(f.organismo_transito),
  ]);
  return sheetStream('Multas', company, FLEET_FINES_XLSX_COLUMNS, rows, [4], log);
}
