import type { InvalidFleetRow, ReferenceRows, ValidFleetRow } from './fleet-rows.ts';

/**
 * What the fleet parser hands the import, and the messages between the API thread and the parser's worker
 * thread (fleet-parser.ts, fleet-parse.worker.ts). No exceljs here: the API thread loads this, never the parser.
 */

export interface ParsedChunk {
  valid: ValidFleetRow[];
  invalid: InvalidFleetRow[];
  /**
   * The chunk's valid rows' cells (for a row the fleet check turns into an error), joined by CELL_SEPARATOR
   * into one string per row: one object instead of an array of eleven to copy between threads.
   */
  cells: Map<number, string>;
  /** Non-blank data rows read so far, this chunk included. */
  done: number;
  /** The template sheet's headers that match no template column, as written (the same in every chunk). */
  ignoredColumns: string[];
}

/** A file whose content cannot be imported at all; the message is the upload's Spanish failure text. */
export class FleetFileRejected extends Error {}

export type ParserRequest =
  | { type: 'parse'; bytes: ArrayBuffer; reference: ReferenceRows; chunkRows: number; window: number }
  | { type: 'credit' };

export type ParserReply =
  | { type: 'ready' }
  | { type: 'chunk'; chunk: ParsedChunk }
  | { type: 'end' }
  /** `detail`: what the parser threw (for the log), when it was not the import's own check. */
  | { type: 'rejected'; message: string; detail?: string | undefined }
  | { type: 'failed'; message: string };
