import { bogotaWallClock } from '@togo/domain/bogota-time';
import { auditActionLabel, auditChangedFields, auditObjectLabel } from '@togo/domain/operator/audit-labels';
import {
  AUDIT_EXPORT_COLUMNS,
  AUDIT_EXPORT_MAX_ROWS,
  type AuditExportFormat,
} from '@togo/domain/operator/operator-dashboard.contract';
import { xmlSafeSpreadsheetText } from '../../lib/spreadsheet-text.ts';
import type { AuditFilter, AuditRepository, AuditRow } from './audit.repository.ts';

/** Rows read per query while an export is built (the audit log can be long; one page at a time). */
const BATCH = 1_000;

/** An audit row's cells, in AUDIT_EXPORT_COLUMNS order: labels in Spanish, user text neutralised (decision 018). */
export function auditCells(row: AuditRow): (string | Date)[] {
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  return [
    // Excel has no time zones: the cell holds Bogotá's wall-clock time, as the screen shows it.
    bogotaWallClock(row.fecha),
    xmlSafeSpreadsheetText(row.staff),
    auditActionLabel(row.accion),
    row.accion,
    xmlSafeSpreadsheetText(auditObjectLabel(row.objeto)),
    auditChangedFields(row.antes, row.despues).join(', '),
    xmlSafeSpreadsheetText(json(row.antes)),
    xmlSafeSpreadsheetText(json(row.despues)),
  ];
}

/**
 * The audit log under the screen's filters, as an .xlsx (date cells, a bold frozen header) or a CSV (UTF-8 with a
 * byte-order mark so Excel reads the accents; RFC 4180 quoting; dates as `AAAA-MM-DD HH:MM:SS`). At most
 * AUDIT_EXPORT_MAX_ROWS rows; a last line says so when the filters matched more.
 */
export async function auditExport(
  repo: AuditRepository,
  filter: AuditFilter,
  order: 'asc' | 'desc',
  format: AuditExportFormat,
  max = AUDIT_EXPORT_MAX_ROWS,
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'TOGO';
  const ws = wb.addWorksheet('Auditoría', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = AUDIT_EXPORT_COLUMNS.map((header, i) => ({
    header,
    width: i === 0 ? 20 : i >= 6 ? 60 : 28,
    ...(i === 0 ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  let written = 0;
  for (;;) {
    const take = Math.min(BATCH, max - written);
    if (take <= 0) break;
    const rows = await repo.search(filter, order, take, written);
    for (const row of rows) ws.addRow(auditCells(row));
    written += rows.length;
    if (rows.length < take) break;
  }
  if (written === max && (await repo.count(filter)) > written) {
    ws.addRow([
      `Se exportaron los primeros ${max.toLocaleString('es-CO')} registros: ajusta los filtros para ver el resto.`,
    ]);
  }
  if (format === 'xlsx') return Buffer.from(await wb.xlsx.writeBuffer());
  const csv = await wb.csv.writeBuffer({ dateFormat: 'YYYY-MM-DD HH:mm:ss', dateUTC: true });
  return Buffer.concat([Buffer.from('\ufeff', 'utf8'), Buffer.from(csv)]);
}
