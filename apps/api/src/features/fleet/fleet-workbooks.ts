import type ExcelJS from 'exceljs';
import {
  FLEET_ERRORS_COLUMN,
  FLEET_INSTRUCTIONS_SHEET,
  FLEET_TEMPLATE_COLUMNS,
  FLEET_TEMPLATE_SHEET,
  FLEET_UPLOAD_MAX_ROWS,
} from '@togo/domain/fleet/fleet.contract';
import { DOCUMENT_TYPES } from '@togo/domain/reference/document-types';
import { spreadsheetRow } from '../../lib/spreadsheet-text.ts';

/**
 * The guide's and the errors download's .xlsx files, generated with exceljs — loaded on the first download,
 * not at start-up (the API thread never parses uploads: fleet-parser.ts).
 */
async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: exceljs } = await import('exceljs');
  return new exceljs.Workbook();
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A93' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };

function addTemplateSheet(wb: ExcelJS.Workbook, extraColumn?: string): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(FLEET_TEMPLATE_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const headers: string[] = FLEET_TEMPLATE_COLUMNS.map((c) => (c.required ? c.header : c.header));
  if (extraColumn) headers.push(extraColumn);
  ws.columns = headers.map((h) => ({ header: h, width: Math.max(14, h.length + 4) }));
  if (extraColumn) {
    const last = ws.getColumn(headers.length);
    last.width = 70;
  }
  const header = ws.getRow(1);
  header.font = HEADER_FONT;
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  // Text format for the columns whose leading zeros or digits matter (plates, documents, phones).
  for (const key of [
    'placa',
    'documento_propietario',
    'documento_conductor',
    'telefono_conductor',
  ] as const) {
    const index = FLEET_TEMPLATE_COLUMNS.findIndex((c) => c.key === key) + 1;
    ws.getColumn(index).numFmt = '@';
  }
  // The optional dates: date cells, shown as the app writes days.
  for (const key of [
    'vence_soat',
    'vence_rtm',
    'vence_licencia',
    'vence_poliza',
    'vence_impuesto',
    'recarga_extintor',
  ] as const) {
    const index = FLEET_TEMPLATE_COLUMNS.findIndex((c) => c.key === key) + 1;
    ws.getColumn(index).numFmt = 'dd/mm/yyyy';
  }
  return ws;
}

const INSTRUCTIONS: string[][] = [
  ['Guía para cargar los vehículos de tu flota en TOGO'],
  [''],
  [
    '1.',
    `Llena la hoja «${FLEET_TEMPLATE_SHEET}»: una fila por vehículo, desde la fila 2. No cambies los títulos de la fila 1.`,
  ],
  [
    '2.',
    'Guarda el archivo como libro de Excel (.xlsx) y súbelo en «Añadir vehículos» con el botón «Subir archivo».',
  ],
  [
    '3.',
    'Cuando termine la carga, revisa «Estado de carga vehículos»: cada fila con problemas aparece allí con el motivo.',
  ],
  [
    '4.',
    'Descarga las filas con errores, corrígelas según la columna «Errores» y vuelve a subir ese archivo.',
  ],
  [''],
  ['Columna', 'Qué escribir'],
  ['Placa *', 'Placa del vehículo, con o sin guion: ABC123, ABC-123, ABC12D (moto), R12345 (remolque).'],
  ['Kilometraje *', 'Solo números, sin puntos ni comas (máximo 7 dígitos). Ejemplo: 45210.'],
  [
    'Tipo documento propietario *',
    `Sigla o nombre: ${DOCUMENT_TYPES.map((t) => `${t.code} (${t.name})`).join(', ')}.`,
  ],
  ['Documento propietario *', 'Número del documento, solo letras y números (máximo 20).'],
  ['Departamento *', 'Nombre (con o sin tildes, p. ej. Antioquia) o código DANE (p. ej. 05).'],
  [
    'Ciudad *',
    'Nombre (p. ej. Medellín) o código DANE de 5 dígitos (p. ej. 05001); debe pertenecer al departamento.',
  ],
  ['Nombre conductor', 'Opcional. Si no indicas conductor, el conductor es el propietario.'],
  ['Tipo documento conductor', 'Opcional (CC si lo dejas vacío).'],
  ['Documento conductor', 'Obligatorio si escribes algún dato del conductor.'],
  ['Teléfono conductor', 'Opcional. Solo números, de 7 a 15 dígitos.'],
  ['Ciudad conductor', 'Opcional. Nombre o código DANE de 5 dígitos.'],
  ['Vencimiento SOAT', 'Opcional. Fecha dd/mm/aaaa (p. ej. 31/12/2026), entre 2000 y 2099.'],
  ['Vencimiento revisión técnico-mecánica', 'Opcional. Fecha dd/mm/aaaa.'],
  [
    'Vencimiento licencia de conducción',
    'Opcional. Fecha dd/mm/aaaa. Las fechas que escribas se usan en las alertas hasta que el registro informe una posterior.',
  ],
  ['Vencimiento póliza todo riesgo', 'Opcional. Fecha dd/mm/aaaa.'],
  ['Vencimiento impuesto vehicular', 'Opcional. Fecha dd/mm/aaaa.'],
  [
    'Última recarga del extintor',
    'Opcional. Fecha dd/mm/aaaa de la última recarga (no la de vencimiento): la recarga vence un año después.',
  ],
  [''],
  ['Reglas', ''],
  ['', `Máximo ${FLEET_UPLOAD_MAX_ROWS.toLocaleString('es-CO')} filas y 10 MB por archivo.`],
  [
    '',
    'Una placa que ya está en tu flota se actualiza (kilometraje, ciudad, conductor, fechas); no se duplica.',
  ],
  ['', 'Las columnas que no son de la plantilla no se leen; al terminar la carga te decimos cuáles eran.'],
  ['', 'Una placa repetida dentro del archivo se carga una vez; las repeticiones se reportan como error.'],
  ['', 'Subir otra vez el mismo archivo no cambia nada.'],
  ['', 'Los campos con * son obligatorios.'],
];

/** The step-by-step guide: the template sheet first (the importer reads it), then the instructions. */
export async function buildGuideWorkbook(): Promise<Buffer> {
  const wb = await newWorkbook();
  wb.creator = 'TOGO';
  const template = addTemplateSheet(wb);
  template.addRow([
    'ABC123',
    45210,
    'CC',
    '1020304050',
    'Antioquia',
    'Medellín',
    'Ana Pérez',
    'CC',
    '1098765432',
    '3001234567',
    'Medellín',
    new Date(Date.UTC(2026, 11, 31)),
    new Date(Date.UTC(2026, 5, 30)),
    new Date(Date.UTC(2028, 2, 15)),
    new Date(Date.UTC(2026, 9, 31)),
    new Date(Date.UTC(2026, 4, 29)),
    new Date(Date.UTC(2025, 7, 10)),
  ]);
  template.addRow(['XYZ98D', 1200, 'NIT', '900123456', '11', '11001']);
  const ins = wb.addWorksheet(FLEET_INSTRUCTIONS_SHEET);
  ins.columns = [{ width: 30 }, { width: 110 }];
  for (const line of INSTRUCTIONS) ins.addRow(line);
  ins.getRow(1).font = { bold: true, size: 14 };
  ins.getRow(8).font = { bold: true };
  ins.getRow(INSTRUCTIONS.findIndex((line) => line[0] === 'Reglas') + 1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The current error rows with their cells and an 'Errores' column, ready to fix and upload again. The cells are the
 * user's text: formula-like text is neutralised (spreadsheet-text.ts).
 */
export async function buildErrorsWorkbook(rows: { valores: string[]; message: string }[]): Promise<Buffer> {
  const wb = await newWorkbook();
  wb.creator = 'TOGO';
  const ws = addTemplateSheet(wb, FLEET_ERRORS_COLUMN);
  for (const r of rows) {
    const cells = FLEET_TEMPLATE_COLUMNS.map((_, i) => r.valores[i] ?? '');
    ws.addRow(spreadsheetRow([...cells, r.message]));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
