import { Readable } from 'node:stream';
import { FLEET_ERRORS_COLUMN, FLEET_MSG, FLEET_TEMPLATE_COLUMNS } from '@togo/domain/fleet/fleet.constants';
import {
  CELL_SEPARATOR,
  COLUMN_COUNT,
  ROW_MSG,
  ReferenceIndex,
  cellText,
  checkRow,
  columnMessage,
  invalidRow,
  isBlankRow,
  normalizeName,
  type ReferenceRows,
} from './fleet-rows.ts';
import { FleetFileRejected, type ParsedChunk } from './fleet-chunks.ts';
import { utf8SafeWorkbookReader } from '../../lib/xlsx-reader.ts';

/**
 * Reading a fleet file into validated chunks: exceljs's streaming reader, the template sheet found by its
 * header row, each row checked (fleet-rows.ts) and duplicates in the file caught. Pure CPU work with no
 * database: it runs in the fleet parser's worker thread (fleet-parser.ts) so the API's event loop keeps
 * serving requests during an import (docs/decisions/011-fleet-import.md).
 */

/** The first row of the template sheet: 'Placa', 'Kilometraje', … (accents and case ignored). */
function isHeaderRow(values: readonly string[]): boolean {
  return (
    normalizeName(values[0] ?? '') === 'placa' && normalizeName(values[1] ?? '').startsWith('kilometraje')
  );
}

/** exceljs row.values is 1-based and sparse; the first COLUMN_COUNT cells as text, in sheet order. */
function rowCells(values: unknown): string[] {
  const list = Array.isArray(values) ? (values as unknown[]) : [];
  const out: string[] = [];
  for (let c = 1; c <= COLUMN_COUNT; c++) out.push(cellText(list[c]).slice(0, 200));
  return out;
}

/** The template columns of the first file layout, read at their place when their header is not found by name. */
const FIRST_LAYOUT_COLUMNS = 11;
/** At most this many ignored headers are reported, each cut to this length. */
const IGNORED_MAX = 20;
const IGNORED_NAME_MAX = 80;

/** Where the template sheet holds each template column, and the headers it does not read (decision 107). */
interface ColumnMap {
  /** The sheet column (1-based) of each template column, in template order; 0 when the sheet has none. */
  at: number[];
  /** Non-blank header cells that match no template column, as written (the errors download's 'Errores' aside). */
  ignored: string[];
}

/**
 * Reads the header row: each template column by its header (accents, case and '*' ignored); a column of the first
 * layout not found by name is read at its place, as before headers were matched (files from older guides).
 */
function columnMap(values: unknown): ColumnMap {
  const list = Array.isArray(values) ? (values as unknown[]) : [];
  const names = FLEET_TEMPLATE_COLUMNS.map((c) => normalizeName(c.header));
  const errores = normalizeName(FLEET_ERRORS_COLUMN);
  const at = names.map(() => 0);
  const used = new Set<number>();
  for (let c = 1; c < list.length; c++) {
    const i = names.indexOf(normalizeName(cellText(list[c])));
    if (i >= 0 && at[i] === 0) {
      at[i] = c;
      used.add(c);
    }
  }
  for (let i = 0; i < FIRST_LAYOUT_COLUMNS; i++) {
    const c = i + 1;
    if (at[i] === 0 && !used.has(c) && normalizeName(cellText(list[c])) !== errores) {
      at[i] = c;
      used.add(c);
    }
  }
  const ignored: string[] = [];
  for (let c = 1; c < list.length; c++) {
    const text = cellText(list[c]);
    if (used.has(c) || !text || normalizeName(text) === errores) continue;
    if (ignored.length < IGNORED_MAX) ignored.push(text.slice(0, IGNORED_NAME_MAX));
  }
  return { at, ignored };
}

/** A data row's cells as text in template order, read where the header row put each column. */
function mappedCells(values: unknown, map: ColumnMap): string[] {
  const list = Array.isArray(values) ? (values as unknown[]) : [];
  return map.at.map((c) => (c > 0 ? cellText(list[c]).slice(0, 200) : ''));
}

/**
 * The file's rows in chunks of `chunkRows` (valid and invalid together), in order. Throws FleetFileRejected
 * for an unreadable file, a file without the template's header row, or one without data rows.
 */
export async function* parseFleetFile(
  bytes: Uint8Array,
  reference: ReferenceRows,
  chunkRows: number,
): AsyncGenerator<ParsedChunk, void, undefined> {
  const ref = new ReferenceIndex(reference);
  const seen = new Map<string, number>();
  let map: ColumnMap = { at: [], ignored: [] };
  const empty = (done: number): ParsedChunk => ({
    valid: [],
    invalid: [],
    cells: new Map(),
    done,
    ignoredColumns: map.ignored,
  });
  let chunk: ParsedChunk = empty(0);
  let done = 0;
  let foundTemplate = false;
  const reader = await utf8SafeWorkbookReader(Readable.from([Buffer.from(bytes)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of reader) {
      let isTemplate: boolean | null = null;
      for await (const row of worksheet) {
        if (isTemplate === false) continue;
        if (isTemplate === null) {
          // The first non-empty row of a sheet decides whether it is the template sheet.
          const first = rowCells(row.values);
          if (isBlankRow(first)) continue;
          isTemplate = !foundTemplate && isHeaderRow(first);
          if (isTemplate) {
            foundTemplate = true;
            map = columnMap(row.values);
            chunk = empty(done);
          }
          continue;
        }
        const values = mappedCells(row.values, map);
        if (isBlankRow(values)) continue;
        done++;
        const checked = checkRow(row.number, values, ref);
        if (checked.ok) {
          const first = seen.get(checked.placa);
          if (first !== undefined) {
            chunk.invalid.push(
              invalidRow(row.number, values, [columnMessage('placa', ROW_MSG.duplicateInFile(first))]),
            );
          } else {
            seen.set(checked.placa, row.number);
            chunk.valid.push(checked);
            chunk.cells.set(checked.rowNumber, values.join(CELL_SEPARATOR));
          }
        } else {
          chunk.invalid.push(checked);
        }
        if (chunk.valid.length + chunk.invalid.length >= chunkRows) {
          chunk.done = done;
          // The consumer stopping early returns here (never into the catch below).
          yield chunk;
          chunk = empty(done);
        }
      }
    }
  } catch (err) {
    // Whatever exceljs, sax or the unzipper threw (bad XML, a truncated ZIP, 'FILE_ENDED', …), the bytes are not
    // a workbook this parser can read: the upload fails with a message instead of being retried.
    if (err instanceof FleetFileRejected) throw err;
    throw new FleetFileRejected(FLEET_MSG.uploadFailed, { cause: err });
  }
  if (!foundTemplate) throw new FleetFileRejected(FLEET_MSG.missingHeaders);
  if (done === 0) throw new FleetFileRejected(FLEET_MSG.emptyFile);
  if (chunk.valid.length + chunk.invalid.length > 0) {
    chunk.done = done;
    yield chunk;
  }
}
