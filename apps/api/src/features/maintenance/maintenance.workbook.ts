import type ExcelJS from 'exceljs';
import { COST_CATEGORIES, COST_CATEGORY_LABEL } from '@togo/domain/maintenance/costs';
import { MAINTENANCE_TYPE_LABEL, REMINDER_STATE_LABEL } from '@togo/domain/maintenance/maintenance.catalogue';
import type {
  FleetDriverCosts,
  FleetDriverCostsRow,
} from '@togo/domain/maintenance/fleet-driver-costs.contract';
import type { FleetMaintenanceRow } from '@togo/domain/maintenance/fleet-maintenance.contract';
import type { Costs, FuelRecord, MaintenanceRecord } from '@togo/domain/maintenance/maintenance.contract';
import { xmlSafeSpreadsheetText } from '../../lib/spreadsheet-text.ts';

/** Excel formats: dates as real date cells shown dd-mm-yyyy, pesos without decimals. */
export const DATE_FORMAT = 'dd-mm-yyyy';
export const COP_FORMAT = '"$" #,##0';

/** A 'YYYY-MM-DD' date as a date cell (midnight UTC: Excel has no time zones, the day is what counts). */
export const dateCell = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A93' } };

export interface ColumnSpec {
  header: string;
  width: number;
  numFmt?: string;
}

/** A sheet with a styled, frozen header row and per-column formats. */
export function addSheet(
  wb: ExcelJS.Workbook,
  name: string,
  columns: readonly ColumnSpec[],
): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  const header = ws.getRow(1);
  header.font = HEADER_FONT;
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.numFmt = '@';
  });
  return ws;
}

export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  // Loaded on the first export, not at start-up (as the fleet's workbooks).
  const { default: exceljs } = await import('exceljs');
  const wb = new exceljs.Workbook();
  wb.creator = 'TOGO';
  return wb;
}

const text = (v: string | null): string => xmlSafeSpreadsheetText(v ?? '');

/**
 * A vehicle's costs of a period as an .xlsx: 'Resumen' (category totals, cost per km), 'Mantenimiento' and
 * 'Combustible' (the period's records). Text typed by users is neutralised against formula injection.
 */
export async function vehicleCostsWorkbook(input: {
  placa: string;
  desde: string;
  hasta: string;
  costs: Costs;
  records: readonly MaintenanceRecord[];
  fuel: readonly FuelRecord[];
}): Promise<Buffer> {
  const wb = await newWorkbook();
  const summary = addSheet(wb, 'Resumen', [
    { header: 'Concepto', width: 26 },
    { header: 'Valor', width: 18 },
  ]);
  summary.addRow(['Placa', text(input.placa)]);
  const from = summary.addRow(['Desde', dateCell(input.desde)]);
  from.getCell(2).numFmt = DATE_FORMAT;
  const to = summary.addRow(['Hasta', dateCell(input.hasta)]);
  to.getCell(2).numFmt = DATE_FORMAT;
  for (const c of COST_CATEGORIES) {
    summary.addRow([COST_CATEGORY_LABEL[c], input.costs.por_categoria[c]]).getCell(2).numFmt = COP_FORMAT;
  }
  const total = summary.addRow(['Total', input.costs.total]);
  total.font = { bold: true };
  total.getCell(2).numFmt = COP_FORMAT;
  const perKm = summary.addRow(['Costo por km', input.costs.costo_por_km ?? 'Sin kilómetros registrados']);
  perKm.getCell(2).numFmt = COP_FORMAT;

  const services = addSheet(wb, 'Mantenimiento', [
    { header: 'Fecha', width: 12, numFmt: DATE_FORMAT },
    { header: 'Kilometraje', width: 14, numFmt: '#,##0' },
    { header: 'Tipo', width: 24 },
    { header: 'Descripción', width: 40 },
    { header: 'Taller', width: 24 },
    { header: 'Costo', width: 14, numFmt: COP_FORMAT },
  ]);
  for (const r of input.records) {
    services.addRow([
      dateCell(r.fecha),
      r.kilometraje,
      MAINTENANCE_TYPE_LABEL[r.tipo],
      text(r.descripcion),
      text(r.taller),
      r.costo,
    ]);
  }

  const fuel = addSheet(wb, 'Combustible', [
    { header: 'Fecha', width: 12, numFmt: DATE_FORMAT },
    { header: 'Kilometraje', width: 14, numFmt: '#,##0' },
    { header: 'Galones', width: 10, numFmt: '0.000' },
    { header: 'Tanque lleno', width: 13 },
    { header: 'Costo', width: 14, numFmt: COP_FORMAT },
    { header: 'Rendimiento (km/gal)', width: 20, numFmt: '0.00' },
  ]);
  for (const f of input.fuel) {
    fuel.addRow([
      dateCell(f.fecha),
      f.kilometraje,
      f.galones,
      f.tanque_lleno ? 'Sí' : 'No',
      f.costo,
      f.rendimiento_km_gal ?? '',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The fleet-wide maintenance view as an .xlsx (decision 077): one row per reminder, worst vehicles first. */
export async function fleetMaintenanceWorkbook(rows: readonly FleetMaintenanceRow[]): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = addSheet(wb, 'Mantenimiento', [
    { header: 'Placa', width: 10 },
    { header: 'Estado del vehículo', width: 18 },
    { header: 'Servicio', width: 24 },
    { header: 'Estado del servicio', width: 18 },
    { header: 'Próximo km', width: 13, numFmt: '#,##0' },
    { header: 'Próxima fecha', width: 14, numFmt: DATE_FORMAT },
    { header: 'Kilometraje', width: 13, numFmt: '#,##0' },
    { header: 'Costo del año', width: 15, numFmt: COP_FORMAT },
    { header: 'Costo por km', width: 13, numFmt: COP_FORMAT },
  ]);
  for (const v of rows) {
    for (const s of v.servicios) {
      ws.addRow([
        text(v.placa),
        REMINDER_STATE_LABEL[v.estado],
        MAINTENANCE_TYPE_LABEL[s.tipo],
        REMINDER_STATE_LABEL[s.estado],
        s.proximo_km ?? '',
        s.proxima_fecha ? dateCell(s.proxima_fecha) : '',
        v.kilometraje,
        v.costo_anio,
        v.costo_por_km ?? 'Sin km',
      ]);
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Costs per driver as an .xlsx (decision 091): one row per driver (the view's order), then the fleet's total;
 * the period in the sheet 'Periodo'.
 */
export async function fleetDriverCostsWorkbook(costs: FleetDriverCosts): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = addSheet(wb, 'Por conductor', [
    { header: 'Conductor', width: 28 },
    { header: 'Documento', width: 16 },
    { header: 'Vehículos', width: 24 },
    ...COST_CATEGORIES.map((c) => ({ header: COST_CATEGORY_LABEL[c], width: 16, numFmt: COP_FORMAT })),
    { header: 'Total', width: 16, numFmt: COP_FORMAT },
    { header: 'Km recorridos', width: 14, numFmt: '#,##0' },
    { header: 'Costo por km', width: 13, numFmt: COP_FORMAT },
  ]);
  const cells = (r: FleetDriverCostsRow) => [
    text(r.conductor),
    r.documento === null ? '' : text(`${r.tipo_documento ?? ''} ${r.documento}`.trim()),
    text(r.placas.join(', ')),
    ...COST_CATEGORIES.map((c) => r.por_categoria[c]),
    r.total,
    r.kilometros,
    r.costo_por_km ?? 'Sin km',
  ];
  for (const r of costs.data) ws.addRow(cells(r));
  const fleet = { ...costs.flota, conductor: 'Total de la flota', tipo_documento: null, documento: null };
  ws.addRow(cells({ ...fleet, placas: [] })).font = { bold: true };
  const period = addSheet(wb, 'Periodo', [
    { header: 'Concepto', width: 12 },
    { header: 'Fecha', width: 14, numFmt: DATE_FORMAT },
  ]);
  period.addRow(['Desde', dateCell(costs.desde)]);
  period.addRow(['Hasta', dateCell(costs.hasta)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
