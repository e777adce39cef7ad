import { FLEET_TEMPLATE_COLUMNS } from '@togo/domain/fleet/fleet.constants';
import { isValidPlate, normalizePlate } from '@togo/domain/plates/plate.rules';
import { fromSpreadsheetText } from '../../lib/spreadsheet-text.ts';

/**
 * Pure validation of one row of the fleet template (docs/decisions/011-fleet-import.md). Messages name the
 * column as its header is written in the template and say what is wrong, in Spanish.
 */

export const COLUMN_COUNT = FLEET_TEMPLATE_COLUMNS.length;

/** Joins a row's cells into one string: cannot occur in a cell (XML 1.0 has no NUL character). */
export const CELL_SEPARATOR = '\u0000';

export const ROW_MSG = {
  required: 'Este campo es obligatorio.',
  plate: 'Formato de placa inválido (ejemplos: ABC123, ABC12D, R12345).',
  mileage: 'Solo se permiten números, sin puntos ni comas.',
  mileageMax: 'Máximo 7 dígitos.',
  documentType: 'Tipo de documento no válido (usa CC, CE, TI, PA, NIT o PPT).',
  document: 'Solo se permiten letras y números (máximo 20).',
  department: 'Departamento no encontrado; escribe el nombre o el código DANE.',
  city: 'Ciudad no encontrada; escribe el nombre o el código DANE.',
  cityNotInDepartment: 'La ciudad no pertenece al departamento indicado.',
  cityAmbiguous: 'Hay varias ciudades con ese nombre; escribe el código DANE.',
  driverDocument: 'Este campo es obligatorio cuando indicas un conductor.',
  driverName: 'Máximo 120 caracteres.',
  phone: 'Teléfono no válido (solo números, de 7 a 15 dígitos).',
  date: 'Fecha no válida; escribe el día como dd/mm/aaaa (p. ej. 31/12/2026), entre 2000 y 2099.',
  duplicateInFile: (row: number) => `La placa está repetida en el archivo (fila ${row}).`,
  otherOwner: 'La placa ya está registrada en tu flota con otro documento de propietario.',
} as const;

const HEADER = Object.fromEntries(FLEET_TEMPLATE_COLUMNS.map((c) => [c.key, c.header])) as Record<
  (typeof FLEET_TEMPLATE_COLUMNS)[number]['key'],
  string
>;

/** "Placa: Formato de placa inválido…" */
export function columnMessage(key: keyof typeof HEADER, message: string): string {
  return `${HEADER[key]}: ${message}`;
}

/** Lower case, without accents, punctuation as single spaces: 'Bogotá, D.C.' → 'bogota d c'. */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A spreadsheet cell value as text (exceljs values: text, numbers, dates, rich text, formulas, links). NUL
 * characters are dropped: XML has none, but exceljs's whole-file reader decodes the OOXML escape `_x0000_` into
 * one (its streaming reader, used for uploads, does not), and PostgreSQL cannot store it (decision 018). A quote the errors workbook put in front of formula-like text is dropped too.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return fromSpreadsheetText(value.replaceAll('\u0000', '').trim());
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'VERDADERO' : 'FALSO';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: unknown }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText))
      return v.richText
        .map((p) => cellText(p.text))
        .join('')
        .trim();
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
  }
  return '';
}

export interface ReferenceRows {
  departments: { id: number; code: string; name: string }[];
  cities: { id: number; code: string; name: string; commonName: string | null; departmentId: number }[];
  documentTypes: { id: number; code: string; name: string }[];
}

type CityMatch = { id: number } | { error: string };

/** Distinct cell texts remembered by a ReferenceIndex (a fleet file repeats a few dozen place names). */
const NAME_CACHE_MAX = 4096;

/** Departments, cities and document types looked up by name (accent/case-insensitive), code or id. */
export class ReferenceIndex {
  /** normalizeName of recently seen cell texts: its Unicode normalisation is most of checkRow's cost. */
  private readonly names = new Map<string, string>();
  private readonly departments = new Map<string, number>();
  private readonly departmentIds = new Set<number>();
  private readonly cityById = new Map<number, { id: number; departmentId: number }>();
  private readonly citiesByName = new Map<string, { id: number; departmentId: number }[]>();
  private readonly documentTypes = new Map<string, number>();
  readonly documentTypeIds = new Set<number>();

  constructor(rows: ReferenceRows) {
    for (const d of rows.departments) {
      this.departmentIds.add(d.id);
      this.departments.set(normalizeName(d.name), d.id);
      this.departments.set(String(d.id), d.id);
      this.departments.set(d.code, d.id);
    }
    // Everyday names of departments written differently from DANE's.
    for (const [alias, target] of [
      ['bogota', 'bogota d c'],
      ['bogota dc', 'bogota d c'],
      ['san andres', 'archipielago de san andres providencia y santa catalina'],
    ] as const) {
      const id = this.departments.get(target);
      if (id !== undefined && !this.departments.has(alias)) this.departments.set(alias, id);
    }
    for (const c of rows.cities) {
      const city = { id: c.id, departmentId: c.departmentId };
      this.cityById.set(c.id, city);
      const names = new Set([normalizeName(c.name), ...(c.commonName ? [normalizeName(c.commonName)] : [])]);
      for (const n of names) {
        const list = this.citiesByName.get(n) ?? [];
        list.push(city);
        this.citiesByName.set(n, list);
      }
    }
    for (const t of rows.documentTypes) {
      this.documentTypeIds.add(t.id);
      this.documentTypes.set(normalizeName(t.code), t.id);
      this.documentTypes.set(normalizeName(t.name), t.id);
      this.documentTypes.set(String(t.id), t.id);
    }
  }

  /** normalizeName, remembered for up to NAME_CACHE_MAX distinct texts (then the cache starts over). */
  private normalized(raw: string): string {
    let name = this.names.get(raw);
    if (name === undefined) {
      if (this.names.size >= NAME_CACHE_MAX) this.names.clear();
      name = normalizeName(raw);
      this.names.set(raw, name);
    }
    return name;
  }

  department(raw: string): number | null {
    const s = raw.trim();
    if (/^\d{1,2}$/.test(s)) return this.departments.get(String(Number(s))) ?? null;
    return this.departments.get(this.normalized(s)) ?? null;
  }

  /** A city by DANE code or name; with a department, the city must be in it. */
  city(raw: string, departmentId: number | null): CityMatch {
    const s = raw.trim();
    if (/^\d{4,5}$/.test(s)) {
      const city = this.cityById.get(Number(s));
      if (!city) return { error: ROW_MSG.city };
      if (departmentId !== null && city.departmentId !== departmentId)
        return { error: ROW_MSG.cityNotInDepartment };
      return { id: city.id };
    }
    const list = this.citiesByName.get(this.normalized(s)) ?? [];
    if (list.length === 0) return { error: ROW_MSG.city };
    if (departmentId !== null) {
      const inDept = list.find((c) => c.departmentId === departmentId);
      return inDept ? { id: inDept.id } : { error: ROW_MSG.cityNotInDepartment };
    }
    if (list.length > 1) return { error: ROW_MSG.cityAmbiguous };
    return { id: (list[0] as { id: number }).id };
  }

  documentType(raw: string): number | null {
    return this.documentTypes.get(this.normalized(raw)) ?? null;
  }
}

export interface FleetDriverValues {
  nombre: string | null;
  tipoDocumento: number;
  documento: string;
  telefono: string | null;
  cityId: number | null;
}

/** The optional dates of a row, 'YYYY-MM-DD' (null when the cell is blank). */
export interface FleetRowDates {
  soat: string | null;
  rtm: string | null;
  licencia: string | null;
  poliza: string | null;
  impuesto: string | null;
  /** The last extinguisher recharge (not a due date: the kit is due a year later). */
  extintor: string | null;
}

/** Each optional date of a row, its template column and that column's place in a row's cells. */
const DATE_COLUMNS = (
  [
    ['soat', 'vence_soat'],
    ['rtm', 'vence_rtm'],
    ['licencia', 'vence_licencia'],
    ['poliza', 'vence_poliza'],
    ['impuesto', 'vence_impuesto'],
    ['extintor', 'recarga_extintor'],
  ] as const
).map(([key, column]) => ({
  key,
  column,
  cell: FLEET_TEMPLATE_COLUMNS.findIndex((c) => c.key === column),
}));

export interface ValidFleetRow {
  ok: true;
  rowNumber: number;
  placa: string;
  kilometraje: number;
  tipoDocumento: number;
  documento: string;
  departmentId: number;
  cityId: number;
  driver: FleetDriverValues | null;
  fechas: FleetRowDates;
}

export interface InvalidFleetRow {
  ok: false;
  rowNumber: number;
  /** As typed (trimmed). */
  placa: string;
  placaNormalizada: string;
  message: string;
  kilometraje: string;
  documento: string;
  /** The row's cells in template order (for the errors download). */
  valores: string[];
}

export type CheckedRow = ValidFleetRow | InvalidFleetRow;

const DOC_RE = /^[A-Za-z0-9]{1,20}$/;
const PHONE_RE = /^\+?\d{7,15}$/;

/** Excel's day 0 of its 1900 date system (serial 1 = 1900-01-01, counting Excel's phantom 29 Feb 1900). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A date cell's text as 'YYYY-MM-DD': a date cell (the upload reader ignores styles, so a date cell arrives as its
 * serial number, e.g. 46387; a date object as 'YYYY-MM-DD'), or text 'dd/mm/aaaa' or 'dd-mm-aaaa'; a real day from
 * 2000 to 2099. null when blank, undefined when not a date (issue 37: the dates are validated).
 */
export function sheetDate(raw: string): string | null | undefined {
  const s = raw.trim();
  if (!s) return null;
  if (/^\d{5}(\.\d+)?$/.test(s)) {
    const day = new Date(EXCEL_EPOCH_MS + Math.floor(Number(s)) * 86_400_000).toISOString().slice(0, 10);
    return day >= '2000-01-01' && day <= '2099-12-31' ? day : undefined;
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const dmy = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/.exec(s);
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]]
    : dmy
      ? [dmy[4], (dmy[3] ?? '').padStart(2, '0'), (dmy[1] ?? '').padStart(2, '0')]
      : [];
  if (!y || !m || !d) return undefined;
  const day = `${y}-${m}-${d}`;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return undefined;
  return day >= '2000-01-01' && day <= '2099-12-31' ? day : undefined;
}

export function isBlankRow(values: readonly string[]): boolean {
  return values.every((v) => v === '');
}

export function invalidRow(rowNumber: number, values: string[], messages: string[]): InvalidFleetRow {
  const placa = values[0] ?? '';
  return {
    ok: false,
    rowNumber,
    placa,
    placaNormalizada: normalizePlate(placa),
    message: messages.join(' '),
    kilometraje: values[1] ?? '',
    documento: values[3] ?? '',
    valores: values,
  };
}

/** Validates one data row (cells as text, template order). Duplicates are checked by the caller. */
export function checkRow(rowNumber: number, values: string[], ref: ReferenceIndex): CheckedRow {
  const [placaRaw = '', kmRaw = '', tipoRaw = '', docRaw = '', deptRaw = '', cityRaw = ''] = values;
  const [driverName = '', driverTipoRaw = '', driverDocRaw = '', phoneRaw = '', driverCityRaw = ''] =
    values.slice(6);
  const errors: string[] = [];

  const placa = normalizePlate(placaRaw);
  if (!placaRaw) errors.push(columnMessage('placa', ROW_MSG.required));
  else if (!isValidPlate(placa)) errors.push(columnMessage('placa', ROW_MSG.plate));

  let kilometraje = 0;
  if (!kmRaw) errors.push(columnMessage('kilometraje', ROW_MSG.required));
  else if (!/^\d+$/.test(kmRaw)) errors.push(columnMessage('kilometraje', ROW_MSG.mileage));
  else if (kmRaw.replace(/^0+(?=\d)/, '').length > 7)
    errors.push(columnMessage('kilometraje', ROW_MSG.mileageMax));
  else kilometraje = Number(kmRaw);

  const tipoDocumento = tipoRaw ? ref.documentType(tipoRaw) : null;
  if (!tipoRaw) errors.push(columnMessage('tipo_documento_propietario', ROW_MSG.required));
  else if (tipoDocumento === null)
    errors.push(columnMessage('tipo_documento_propietario', ROW_MSG.documentType));

  if (!docRaw) errors.push(columnMessage('documento_propietario', ROW_MSG.required));
  else if (!DOC_RE.test(docRaw)) errors.push(columnMessage('documento_propietario', ROW_MSG.document));

  const departmentId = deptRaw ? ref.department(deptRaw) : null;
  if (!deptRaw) errors.push(columnMessage('departamento', ROW_MSG.required));
  else if (departmentId === null) errors.push(columnMessage('departamento', ROW_MSG.department));

  let cityId: number | null = null;
  if (!cityRaw) errors.push(columnMessage('ciudad', ROW_MSG.required));
  else if (departmentId !== null) {
    const match = ref.city(cityRaw, departmentId);
    if ('error' in match) errors.push(columnMessage('ciudad', match.error));
    else cityId = match.id;
  }

  let driver: FleetDriverValues | null = null;
  const hasDriver = [driverName, driverTipoRaw, driverDocRaw, phoneRaw, driverCityRaw].some((v) => v !== '');
  if (hasDriver) {
    const driverTipo = driverTipoRaw ? ref.documentType(driverTipoRaw) : ref.documentType('CC');
    if (driverTipo === null) errors.push(columnMessage('tipo_documento_conductor', ROW_MSG.documentType));
    if (!driverDocRaw) errors.push(columnMessage('documento_conductor', ROW_MSG.driverDocument));
    else if (!DOC_RE.test(driverDocRaw)) errors.push(columnMessage('documento_conductor', ROW_MSG.document));
    if (driverName.length > 120) errors.push(columnMessage('nombre_conductor', ROW_MSG.driverName));
    const phone = phoneRaw.replace(/[\s-]/g, '');
    if (phone && !PHONE_RE.test(phone)) errors.push(columnMessage('telefono_conductor', ROW_MSG.phone));
    let driverCity: number | null = null;
    if (driverCityRaw) {
      const match = ref.city(driverCityRaw, null);
      if ('error' in match) errors.push(columnMessage('ciudad_conductor', match.error));
      else driverCity = match.id;
    }
    if (driverTipo !== null && driverDocRaw) {
      driver = {
        nombre: driverName || null,
        tipoDocumento: driverTipo,
        documento: driverDocRaw.toUpperCase(),
        telefono: phone || null,
        cityId: driverCity,
      };
    }
  }

  const fechas: FleetRowDates = {
    soat: null,
    rtm: null,
    licencia: null,
    poliza: null,
    impuesto: null,
    extintor: null,
  };
  for (const { key, column, cell } of DATE_COLUMNS) {
    const day = sheetDate(values[cell] ?? '');
    if (day === undefined) errors.push(columnMessage(column, ROW_MSG.date));
    else fechas[key] = day;
  }

  if (errors.length > 0) return invalidRow(rowNumber, values, errors);
  return {
    ok: true,
    rowNumber,
    placa,
    kilometraje,
    tipoDocumento: tipoDocumento as number,
    documento: docRaw.toUpperCase(),
    departmentId: departmentId as number,
    cityId: cityId as number,
    driver,
    fechas,
  };
}
