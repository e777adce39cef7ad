import { Readable } from 'node:stream';
import { FLEET_MSG } from '@togo/domain/fleet/fleet.contract';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  COLUMN_COUNT,
  ROW_MSG,
  ReferenceIndex,
  cellText,
  checkRow,
  columnMessage,
  invalidRow,
  isBlankRow,
  normalizeName,
  type InvalidFleetRow,
  type ValidFleetRow,
} from './fleet-rows.ts';
import type { FleetRepository } from './fleet.repository.ts';
import { Utf8SafeWorkbookReader } from './xlsx-reader.ts';

/** Rows per set-based write (one transaction, a handful of statements). */
export const IMPORT_CHUNK_ROWS = 1000;
/** Chunks parsed ahead of the database at most (waiting or being written). */
export const IMPORT_WRITE_QUEUE = 3;
const YIELD_EVERY_ROWS = 50;
/** Cannot occur in a cell (XML 1.0 has no NUL character). */
const CELL_SEPARATOR = '\u0000';

export interface FleetImportDeps {
  repo: FleetRepository;
  storage: FileStorage;
  clock: Clock;
  chunkRows?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void } | undefined;
}

/** Thrown for a file whose content cannot be imported at all (no template sheet, unreadable XML). */
class ImportRejected extends Error {}

/** A chunk write failed (database): never mistaken for an unreadable file; the job is retried. */
class ChunkWriteFailed extends Error {
  constructor(readonly failure: unknown) {
    super('chunk write failed');
  }
}

async function settled(writing: Promise<unknown>): Promise<void> {
  try {
    await writing;
  } catch (err) {
    throw new ChunkWriteFailed(err);
  }
}

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
 * The 'fleet-import' job's work: streams the stored .xlsx through exceljs's WorkbookReader, validates each
 * row, and writes set-based chunks (FleetRepository.applyChunk), recording progress after each chunk.
 * Re-running it after a crash converges (upserts; errors unique per upload and row).
 */
export class FleetImportService {
  private readonly chunkRows: number;
  private readonly writeQueue = IMPORT_WRITE_QUEUE;

  constructor(private readonly deps: FleetImportDeps) {
    this.chunkRows = deps.chunkRows ?? IMPORT_CHUNK_ROWS;
  }

  async run(uploadId: number): Promise<void> {
    const { repo, storage, clock } = this.deps;
    const upload = await repo.claimUpload(uploadId, clock.now());
    if (!upload) return;
    const bytes = await storage.get(upload.storageKey);
    if (!bytes) {
      await repo.failUpload(uploadId, FLEET_MSG.uploadFailed, clock.now());
      return;
    }
    try {
      const rowsTotal = await this.importRows(upload.id, upload.companyUserId, bytes);
      await repo.finishUpload(uploadId, rowsTotal, clock.now());
    } catch (err) {
      if (err instanceof ImportRejected) {
        await repo.failUpload(uploadId, err.message, clock.now());
        return;
      }
      // A database failure: let the queue retry (the work done so far is kept and converges on re-run).
      throw err;
    }
  }

  /** Returns the number of non-blank data rows processed. */
  private async importRows(uploadId: number, companyUserId: number, bytes: Buffer): Promise<number> {
    const { repo, clock } = this.deps;
    const ref = new ReferenceIndex(await repo.referenceRows());
    const seen = new Map<string, number>();
    let valid: ValidFleetRow[] = [];
    let invalid: InvalidFleetRow[] = [];
    let done = 0;
    let foundTemplate = false;
    // The current chunk's valid rows' cells (for a row the fleet check turns into an error), joined into one
    // string per row: one object instead of an array of eleven for the GC to copy while the chunk waits.
    let cells = new Map<number, string>();
    // Chunks are written one at a time, in order (each write chained on the previous one), while parsing goes
    // on; at most WRITE_QUEUE chunks wait or are being written, so memory stays bounded when the database is
    // slower than the parser.
    let writing: Promise<unknown> = Promise.resolve();
    let queued = 0;

    const flush = async () => {
      if (valid.length === 0 && invalid.length === 0) return;
      const chunk = { valid, invalid, cells, done };
      valid = [];
      invalid = [];
      cells = new Map();
      const previous = writing;
      queued++;
      // A failed write fails every write chained after it, which then never runs.
      writing = previous
        .then(() =>
          repo.applyChunk(
            companyUserId,
            uploadId,
            chunk.valid,
            chunk.invalid,
            chunk.done,
            (r) =>
              invalidRow(r.rowNumber, chunk.cells.get(r.rowNumber)?.split(CELL_SEPARATOR) ?? [r.placa], [
                columnMessage('placa', ROW_MSG.otherOwner),
              ]),
            clock.now(),
          ),
        )
        .finally(() => {
          queued--;
        });
      // A failure is raised by the next `settled(…)`; this only keeps it from being reported as unhandled.
      writing.catch(() => undefined);
      if (queued >= this.writeQueue) await settled(previous);
    };

    const reader = new Utf8SafeWorkbookReader(Readable.from(bytes), {
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
          // Parsing is CPU work on the event loop: let waiting requests run every few hundred rows.
          if (done % YIELD_EVERY_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
          const checked = checkRow(row.number, values, ref);
          if (checked.ok) {
            const first = seen.get(checked.placa);
            if (first !== undefined) {
              invalid.push(
                invalidRow(row.number, values, [columnMessage('placa', ROW_MSG.duplicateInFile(first))]),
              );
            } else {
              seen.set(checked.placa, row.number);
              valid.push(checked);
              cells.set(checked.rowNumber, values.join(CELL_SEPARATOR));
            }
          } else {
            invalid.push(checked);
          }
          if (valid.length + invalid.length >= this.chunkRows) {
            await flush();
          }
        }
      }
    } catch (err) {
      if (err instanceof ChunkWriteFailed) throw err.failure;
      if (err instanceof Error && /sax|xml|zip|signature|invalid/i.test(err.message)) {
        this.deps.log?.warn({ uploadId, err: err.message }, 'fleet file unreadable');
        throw new ImportRejected(FLEET_MSG.uploadFailed);
      }
      throw err;
    }
    if (!foundTemplate) throw new ImportRejected(FLEET_MSG.missingHeaders);
    await flush();
    await settled(writing).catch((err: unknown) => {
      throw err instanceof ChunkWriteFailed ? err.failure : err;
    });
    if (done === 0) throw new ImportRejected(FLEET_MSG.emptyFile);
    return done;
  }
}
