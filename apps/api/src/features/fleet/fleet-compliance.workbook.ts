import { PassThrough, type Readable } from 'node:stream';
import {
  FLEET_COMPLIANCE_XLSX_COLUMNS,
  type FleetComplianceRow,
} from '@togo/domain/fleet/fleet-compliance.contract';
import { spreadsheetText } from './fleet-spreadsheet-text.ts';

/**
 * The compliance grid as an .xlsx, written row by row with exceljs's streaming writer (memory stays flat for a
 * 10,000-vehicle fleet). Text cells are neutralised against formula injection.
 */
export function complianceWorkbookStream(
  chunks: AsyncIterable<FleetComplianceRow[]>,
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
    const ws = wb.addWorksheet('Cumplimiento', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = FLEET_COMPLIANCE_XLSX_COLUMNS.map((header, i) => ({
      header,
      width: i === 3 ? 60 : Math.max(12, header.length + 4),
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for await (const rows of chunks) {
      for (const r of rows) {
        ws.addRow([
          spreadsheetText(r.placa),
          spreadsheetText(r.ciudad ?? ''),
          r.puede_circular ? 'Sí' : 'No',
          spreadsheetText(r.motivos.join('; ')),
          r.soat_vence ?? '',
          r.rtm_vence ?? '',
          r.multas_pendientes,
          r.multas_total,
        ]).commit();
      }
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err: unknown) => {
    log?.warn({ err }, 'compliance export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
