import { Readable } from 'node:stream';
import { FLEET_MSG } from '@togo/domain/fleet/fleet.constants';
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

/** exceljs row.values is 1-based and sparse; the template's cells as text, in order. */
function rowCells(values: unknown): string[] {
  const list = Array.isArray(values) ? (values as unknown[]) : [];
  const out: string[] = [];
  for (let c = 1; c <= COLUMN_COUNT; c++) out.push(cellText(list[c]).slice(0, 200));
  return out;
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
  let chunk: ParsedChunk = { valid: [], invalid: [], cells: new Map(), done: 0 };
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
        const values = rowCells(row.values);
        if (isTemplate === null) {
          // The first non-empty row of a sheet decides whether it is the template sheet.
          if (isBlankRow(values)) continue;
          isTemplate = !foundTemplate && isHeaderRow(values);
          if (isTemplate) foundTemplate = true;
          continue;
        }
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
          chunk = { valid: [], invalid: [], cells: new Map(), done };
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
