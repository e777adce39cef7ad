import type { AgendaEntry } from '@togo/domain/operator/operator-console.contract';
import { AGENDA_XLSX_COLUMNS } from '@togo/domain/operator/operator-ops.contract';
import { xmlSafeSpreadsheetText } from '../../lib/spreadsheet-text.ts';
import { bookingStateLabel, refundStateLabel, serviceLabel } from '@togo/domain/labels';

/** One agenda row as spreadsheet cells, in AGENDA_XLSX_COLUMNS order; text neutralised (decision 018). */
export function agendaCells(e: AgendaEntry): string[] {
  return [
    e.hora,
    xmlSafeSpreadsheetText(e.placa),
    xmlSafeSpreadsheetText(serviceLabel(e.servicio)),
    xmlSafeSpreadsheetText(e.cliente.nombre),
    xmlSafeSpreadsheetText(e.cliente.telefono ?? ''),
    xmlSafeSpreadsheetText(bookingStateLabel(e.estado)),
    e.pagado ? 'Sí' : 'No',
    e.estado_reembolso ? refundStateLabel(e.estado_reembolso) : '',
  ];
}

/**
 * A branch-day's agenda as an .xlsx: a bold, frozen header row, then one row per booking in the agenda's order.
 * A day holds at most a few thousand bookings, so the workbook is built in memory.
 */
export async function agendaWorkbook(sede: string, fecha: string, entries: AgendaEntry[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'TOGO';
  const ws = wb.addWorksheet(`Agenda ${fecha}`, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = AGENDA_XLSX_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 6) }));
  ws.getRow(1).font = { bold: true };
  for (const e of entries) ws.addRow(agendaCells(e));
  wb.title = `Agenda ${xmlSafeSpreadsheetText(sede)} ${fecha}`;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
