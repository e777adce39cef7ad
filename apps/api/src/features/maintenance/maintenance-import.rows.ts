import { isIsoDate } from '@togo/domain/garage/garage-dates';
import {
  MAINTENANCE_LIMITS as L,
  MAINTENANCE_MSG as MSG,
  MAINTENANCE_TYPE_LABEL,
  MAINTENANCE_TYPES,
  type MaintenanceType,
} from '@togo/domain/maintenance/maintenance.catalogue';
import {
  MAINTENANCE_IMPORT_HEADER as HEADER,
  MAINTENANCE_IMPORT_MSG as IMSG,
  type MaintenanceImportColumn,
} from '@togo/domain/maintenance/maintenance-import.contract';
import type { ImportedService } from './maintenance.service.ts';

/**
 * One row of a maintenance import, checked (decision 092). Pure: the plates of the fleet and today's date come in.
 * Every problem of a row is reported at once, each naming its column ('Costo: No puede ser un valor negativo.').
 * The odometer rule needs the vehicle's readings: it is checked later, under the vehicle's lock.
 */

export type ImportCells = Partial<Record<MaintenanceImportColumn, unknown>>;

export type CheckedRow =
  | { ok: true; rowNumber: number; placa: string; vehicleId: number; service: ImportedService }
  | { ok: false; rowNumber: number; placa: string; mensaje: string };

/** Lower case, no accents, single spaces: 'Alineación  y Balanceo' → 'alineacion y balanceo'. */
export const normalizeText = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();

/** A plate as the fleet stores it: upper case without spaces or hyphens. */
export const normalizePlate = (value: string): string => value.toUpperCase().replace(/[\s-]/g, '');

const TYPE_OF = new Map<string, MaintenanceType>(
  MAINTENANCE_TYPES.flatMap((t) => [
    [normalizeText(t), t],
    [normalizeText(MAINTENANCE_TYPE_LABEL[t]), t],
  ]),
);

/** A cell as exceljs gives it (text, number, Date, rich text, formula, hyperlink) as trimmed text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
  }
  return '';
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A date cell, an Excel serial number, or text 'AAAA-MM-DD', 'DD-MM-AAAA', 'DD/MM/AAAA' → 'YYYY-MM-DD'. */
export function cellDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1 || value > 2_958_465) return null;
    return new Date(EXCEL_EPOCH + value * 86_400_000).toISOString().slice(0, 10);
  }
  const text = cellText(value);
  let iso: string | null = null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = text;
  const dmy = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text);
  if (dmy) iso = `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}`;
  return iso !== null && isIsoDate(iso) ? iso : null;
}

/** A whole number cell: a number, or digits with optional thousands dots ('185.000', '$ 185.000'). */
function wholeNumber(value: unknown, max: number): { value: number } | { error: string } {
  let n: number;
  if (typeof value === 'number') n = value;
  else {
    const text = cellText(value).replace(/^\$\s*/, '');
    if (text === '') return { error: MSG.required };
    if (/^-\s*\d/.test(text)) return { error: MSG.negative };
    if (!/^(\d{1,3}(\.\d{3})+|\d+)$/.test(text)) return { error: MSG.number };
    n = Number(text.replace(/\./g, ''));
  }
  if (!Number.isFinite(n)) return { error: MSG.number };
  if (n < 0) return { error: MSG.negative };
  if (!Number.isInteger(n)) return { error: MSG.integer };
  if (n > max) return { error: `No puede ser mayor que ${max.toLocaleString('es-CO')}.` };
  return { value: n };
}

const YES = new Set(['si', 'x', '1', 'true', 'verdadero']);
const NO = new Set(['', 'no', '0', 'false', 'falso']);

export function checkImportRow(
  rowNumber: number,
  cells: ImportCells,
  ctx: { today: string; plates: ReadonlyMap<string, number> },
): CheckedRow {
  const errors: string[] = [];
  const fail = (column: MaintenanceImportColumn, message: string) =>
    errors.push(`${HEADER[column]}: ${message}`);

  const placaText = cellText(cells.placa);
  const placa = normalizePlate(placaText);
  const vehicleId = ctx.plates.get(placa);
  if (!placa) fail('placa', MSG.required);
  else if (vehicleId === undefined)
    fail('placa', /^[A-Z0-9]{5,7}$/.test(placa) ? IMSG.unknownPlate : IMSG.plate);

  const fecha = cellText(cells.fecha) === '' ? null : cellDate(cells.fecha);
  if (cellText(cells.fecha) === '') fail('fecha', MSG.required);
  else if (fecha === null) fail('fecha', IMSG.date);
  else if (fecha < L.minDate) fail('fecha', MSG.tooOld);
  else if (fecha > ctx.today) fail('fecha', MSG.future);

  const km = wholeNumber(cells.kilometraje, L.maxKm);
  if ('error' in km) fail('kilometraje', km.error);

  const tipoText = cellText(cells.tipo);
  const tipo = TYPE_OF.get(normalizeText(tipoText));
  if (!tipoText) fail('tipo', MSG.required);
  else if (!tipo) fail('tipo', IMSG.type);

  const costo = wholeNumber(cells.costo, L.maxCost);
  if ('error' in costo) fail('costo', costo.error);

  const descripcion = cellText(cells.descripcion);
  if (descripcion.length > L.descripcion) fail('descripcion', MSG.textTooLong(L.descripcion));
  const taller = cellText(cells.taller);
  if (taller.length > L.taller) fail('taller', MSG.textTooLong(L.taller));

  const correccionText = normalizeText(cellText(cells.correccion));
  const correccion = YES.has(correccionText);
  if (!correccion && !NO.has(correccionText)) fail('correccion', IMSG.correction);

  if (
    errors.length > 0 ||
    vehicleId === undefined ||
    fecha === null ||
    !tipo ||
    'error' in km ||
    'error' in costo
  ) {
    return { ok: false, rowNumber, placa: placa || placaText, mensaje: errors.join(' ') };
  }
  return {
    ok: true,
    rowNumber,
    placa,
    vehicleId,
    service: {
      fecha,
      kilometraje: km.value,
      tipo,
      descripcion: descripcion || null,
      costo: costo.value,
      taller: taller || null,
      correccion,
    },
  };
}
