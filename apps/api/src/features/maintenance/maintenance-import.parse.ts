import { Readable } from 'node:stream';
import {
  MAINTENANCE_IMPORT_COLUMNS as COLUMNS,
  MAINTENANCE_IMPORT_HEADER as HEADER,
  MAINTENANCE_IMPORT_MSG as IMSG,
  type MaintenanceImportColumn,
} from '@togo/domain/maintenance/maintenance-import.contract';
import { utf8SafeWorkbookReader } from '../../lib/xlsx-reader.ts';
import { cellText, normalizeText, type ImportCells } from './maintenance-import.rows.ts';

/** A file the import cannot read: refused with its Spanish message, nothing stored. */
export class ImportFileRejected extends Error {}

export interface ParsedRow {
  rowNumber: number;
  cells: ImportCells;
}

const REQUIRED: readonly MaintenanceImportColumn[] = ['placa', 'fecha', 'kilometraje', 'tipo', 'costo'];
const COLUMN_OF = new Map<string, MaintenanceImportColumn>(
  COLUMNS.flatMap((c) => [
    [normalizeText(c), c],
    [normalizeText(HEADER[c]), c],
  ]),
);

/** The header row's columns (by name, any order), or null when the row is not the template's header. */
function headerColumns(values: readonly unknown[]): Map<number, MaintenanceImportColumn> | null {
  const found = new Map<number, MaintenanceImportColumn>();
  values.forEach((v, i) => {
    const column = COLUMN_OF.get(normalizeText(cellText(v)));
    if (column && ![...found.values()].includes(column)) found.set(i, column);
  });
  const named = new Set(found.values());
  return REQUIRED.every((c) => named.has(c)) ? found : null;
}

/**
 * The data rows of an import file (decision 092), with the fleet upload's reader (exceljs streaming, UTF-8 safe;
 * the file already passed the .xlsx guard): the first sheet whose first non-blank row is the header (Placa,
 * Fecha, Kilometraje, Tipo, Costo… in any order) is read; blank rows are skipped. Date cells come as dates
 * (styles are read for that). Throws ImportFileRejected when it cannot be read, has no header or no rows.
 */
export async function parseImportFile(bytes: Buffer): Promise<ParsedRow[]> {
  const rows: ParsedRow[] = [];
  let header: Map<number, MaintenanceImportColumn> | null = null;
  try {
    const reader = await utf8SafeWorkbookReader(Readable.from([bytes]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      let decided = false;
      let isTemplate = false;
      for await (const row of worksheet) {
        const values = Array.isArray(row.values) ? (row.values as unknown[]) : [];
        const blank = values.every((v) => cellText(v) === '');
        if (blank) continue;
        if (!decided) {
          decided = true;
          // Only the first sheet that starts with the header is the template.
          const columns: Map<number, MaintenanceImportColumn> | null = header ? null : headerColumns(values);
          isTemplate = columns !== null;
          if (columns) header = columns;
          continue;
        }
        // Other sheets (the instructions) are read to their end, as the fleet import does, and skipped.
        if (!isTemplate || !header) continue;
        const cells: ImportCells = {};
        for (const [index, column] of header) cells[column] = values[index];
        rows.push({ rowNumber: row.number, cells });
      }
    }
  } catch (err) {
    throw new ImportFileRejected(IMSG.unreadable, { cause: err });
  }
  if (!header) throw new ImportFileRejected(IMSG.missingHeaders);
  if (rows.length === 0) throw new ImportFileRejected(IMSG.emptyFile);
  return rows;
}
