import { z } from 'zod';

/**
 * A company's spreadsheet import of past service records (issue 39 "Companies", decision 092): the fleet
 * upload's pipeline (multipart `file`, the .xlsx guard, exceljs's streaming reader, row-level Spanish errors)
 * for the maintenance records of the company's vehicles, stored with origen 'importacion'.
 */

export const MAINTENANCE_IMPORT_PATH = '/api/togo/flota/mantenimiento/importar/';
/** The template to fill in (.xlsx): sheet 'Mantenimientos' and the instructions. */
export const MAINTENANCE_IMPORT_TEMPLATE_PATH = '/api/togo/flota/mantenimiento/plantilla.xlsx';
export const MAINTENANCE_IMPORT_TEMPLATE_NAME = 'plantilla-mantenimientos-togo.xlsx';
export const MAINTENANCE_IMPORT_FIELD = 'file';

/** Largest file (413 beyond) and most data rows of one import (past services, not a whole fleet). */
export const MAINTENANCE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const MAINTENANCE_IMPORT_MAX_ROWS = 5_000;

/** The template's columns, in order; the header row names them (accents and case ignored). */
export const MAINTENANCE_IMPORT_COLUMNS = [
  'placa',
  'fecha',
  'kilometraje',
  'tipo',
  'descripcion',
  'costo',
  'taller',
  'correccion',
] as const;
export type MaintenanceImportColumn = (typeof MAINTENANCE_IMPORT_COLUMNS)[number];

export const MAINTENANCE_IMPORT_HEADER: Record<MaintenanceImportColumn, string> = {
  placa: 'Placa',
  fecha: 'Fecha',
  kilometraje: 'Kilometraje',
  tipo: 'Tipo',
  descripcion: 'Descripción',
  costo: 'Costo',
  taller: 'Taller',
  correccion: 'Corrección',
};

export const MAINTENANCE_IMPORT_MSG = {
  noFile: 'Selecciona el archivo .xlsx con los mantenimientos.',
  invalidFile: 'Por favor, selecciona un archivo .xlsx válido.',
  unsafeFile: 'El archivo está dañado o no es seguro. Guárdalo de nuevo desde Excel e inténtalo otra vez.',
  tooLarge: 'El archivo no puede superar 2 MB.',
  tooManyRows: `El archivo tiene más de ${MAINTENANCE_IMPORT_MAX_ROWS.toLocaleString('es-CO')} filas. Divídelo en varios archivos.`,
  missingHeaders:
    'No encontramos la fila de títulos (Placa, Fecha, Kilometraje, Tipo, Descripción, Costo, Taller). Usa la plantilla.',
  emptyFile: 'El archivo no tiene filas con mantenimientos.',
  unreadable: 'No pudimos leer el archivo. Guárdalo de nuevo desde Excel e inténtalo otra vez.',
  unknownPlate: 'La placa no está en tu flota.',
  plate: 'Placa inválida.',
  date: 'Fecha inválida. Usa el formato DD-MM-AAAA o una celda de fecha.',
  type: 'Tipo desconocido. Usa uno de los tipos de la plantilla (por ejemplo, Cambio de aceite).',
  correction: 'Escribe «Sí» si la fila corrige el kilometraje, o déjala vacía.',
} as const;

export const maintenanceImportErrorSchema = z.object({
  /** The row of the spreadsheet (1 is the header). */
  fila: z.number().int(),
  placa: z.string(),
  /** Every problem of the row, each naming its column: 'Costo: No puede ser un valor negativo.' */
  mensaje: z.string(),
});
export type MaintenanceImportError = z.infer<typeof maintenanceImportErrorSchema>;

/** POST MAINTENANCE_IMPORT_PATH → 200: what the import did. */
export const maintenanceImportResultSchema = z.object({
  nombre_archivo: z.string(),
  /** Non-blank data rows read. */
  filas: z.number().int(),
  /** Rows stored as new records. */
  importadas: z.number().int(),
  /** Valid rows already imported before (or twice in the file): not stored again. */
  repetidas: z.number().int(),
  /** Rows refused, each with its reasons, in file order. */
  errores: z.array(maintenanceImportErrorSchema),
});
export type MaintenanceImportResult = z.infer<typeof maintenanceImportResultSchema>;
