import { FLEET_MSG } from '@togo/domain/fleet/fleet.contract';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { faultPause } from '../../lib/fault-pause.ts';
import { FleetFileRejected } from './fleet-chunks.ts';
import type { FleetFileParser } from './fleet-parser.ts';
import { CELL_SEPARATOR, ROW_MSG, columnMessage, invalidRow } from './fleet-rows.ts';
import type { FleetRepository } from './fleet.repository.ts';

/** Rows per set-based write (one transaction, a handful of statements). */
export const IMPORT_CHUNK_ROWS = 1000;
/** Chunks parsed ahead of the database at most (waiting or being written). */
export const IMPORT_WRITE_QUEUE = 3;
/**
 * An import of at least this many rows refreshes the planner's statistics before it is marked done (decision
 * 133): below it, the planner's guess of a handful of vehicles is close enough.
 */
export const IMPORT_ANALYZE_MIN_ROWS = 500;

export interface FleetImportDeps {
  repo: FleetRepository;
  storage: FileStorage;
  clock: Clock;
  /** Where the file is read (WorkerFleetParser in the API: off the request-serving thread). */
  parser: FleetFileParser;
  chunkRows?: number;
  log?:
    | {
        info?(obj: object, msg: string): void;
        warn(obj: object, msg: string): void;
        error(obj: object, msg: string): void;
      }
    | undefined;
}

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

/**
 * The 'fleet-import' job's work: has the stored .xlsx parsed and validated in chunks (fleet-parse.ts, in the
 * parser's worker thread) and writes set-based chunks (FleetRepository.applyChunk), recording progress after each chunk.
 * Re-running it after a crash converges (upserts; errors unique per upload and row).
 */
export class FleetImportService {
  private readonly chunkRows: number;
  private readonly writeQueue = IMPORT_WRITE_QUEUE;

  constructor(private readonly deps: FleetImportDeps) {
    this.chunkRows = deps.chunkRows ?? IMPORT_CHUNK_ROWS;
  }

  /**
   * Imports one upload. A stored file that cannot be found fails the upload at once (logged with its ids, the
   * reason shown in 'Estado de carga'); any other failure is retried by the queue, and on the job's last
   * attempt the upload is marked failed too, so that it never stays 'procesando'.
   */
  async run(uploadId: number, job?: JobContext): Promise<void> {
    const { repo, storage, clock, log } = this.deps;
    const upload = await repo.claimUpload(uploadId, clock.now());
    if (!upload) return;
    const ids = {
      uploadId,
      companyId: upload.companyUserId,
      storageKey: upload.storageKey,
      storage: storage.name,
      jobId: job?.id,
      attempt: job?.attempt,
    };
    try {
      const bytes = await storage.get(upload.storageKey);
      if (!bytes) {
        log?.error(ids, 'fleet import failed: the uploaded file is not in the file storage');
        await repo.failUpload(uploadId, FLEET_MSG.fileMissing, clock.now());
        return;
      }
      const { done, ignoredColumns } = await this.importRows(upload.id, upload.companyUserId, bytes);
      if (done >= IMPORT_ANALYZE_MIN_ROWS) await this.analyze(ids);
      await repo.finishUpload(uploadId, done, clock.now(), ignoredColumns);
    } catch (err) {
      if (err instanceof FleetFileRejected) {
        await repo.failUpload(uploadId, err.message, clock.now());
        return;
      }
      if (!job?.isLastAttempt) {
        // A database or storage failure: the queue retries (the work done so far is kept and converges).
        log?.warn({ ...ids, err }, 'fleet import failed; it will be retried');
        throw err;
      }
      log?.error({ ...ids, err }, 'fleet import failed on its last attempt');
      await repo
        .failUpload(uploadId, FLEET_MSG.uploadFailed, clock.now())
        .catch((failErr: unknown) =>
          log?.error({ ...ids, err: failErr }, 'could not mark the fleet upload as failed'),
        );
      throw err;
    }
  }

  /** The fleet's rows are written: the planner learns of them now (a failure is logged, the import stands). */
  private async analyze(ids: Record<string, unknown>): Promise<void> {
    const started = performance.now();
    try {
      await this.deps.repo.analyzeImportedTables();
    } catch (err) {
      this.deps.log?.warn({ ...ids, err }, 'fleet import: ANALYZE of the imported tables failed');
      return;
    }
    this.deps.log?.info?.(
      { ...ids, ms: Math.round(performance.now() - started) },
      'fleet import: tables analyzed',
    );
  }

  /**
   * An import whose last attempt died with its process (the 'fleet-import-lost' dead letter): its upload, if still
   * unfinished, is marked failed with the Spanish reason shown in 'Estado de carga'.
   */
  async failLost(uploadId: number): Promise<void> {
    const failed = await this.deps.repo.failUnfinishedUpload(
      uploadId,
      FLEET_MSG.uploadFailed,
      this.deps.clock.now(),
    );
    if (failed) this.deps.log?.error({ uploadId }, 'fleet import lost on its last attempt; marked failed');
  }

  /** Returns the number of non-blank data rows processed and the headers the import did not read. */
  private async importRows(
    uploadId: number,
    companyUserId: number,
    bytes: Buffer,
  ): Promise<{ done: number; ignoredColumns: string[] }> {
    const { repo, clock, parser } = this.deps;
    const reference = await repo.referenceRows();
    let done = 0;
    let ignoredColumns: string[] = [];
    // Chunks are written one at a time, in order (each write chained on the previous one), while parsing goes
    // on; at most WRITE_QUEUE chunks wait or are being written, so memory stays bounded when the database is
    // slower than the parser.
    let writing: Promise<unknown> = Promise.resolve();
    let queued = 0;
    try {
      for await (const chunk of parser.parse(bytes, reference, this.chunkRows)) {
        done = chunk.done;
        ignoredColumns = chunk.ignoredColumns;
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
          .then(() => faultPause('fleet-import-chunk'))
          .finally(() => {
            queued--;
          });
        // A failure is raised by the next `settled(…)`; this only keeps it from being reported as unhandled.
        writing.catch(() => undefined);
        if (queued >= this.writeQueue) await settled(previous);
      }
      await settled(writing);
    } catch (err) {
      if (err instanceof ChunkWriteFailed) throw err.failure;
      if (err instanceof FleetFileRejected) {
        this.deps.log?.warn(
          { uploadId, err: err.message, cause: String(err.cause ?? '') },
          'fleet file rejected',
        );
        // Whatever was parsed before the file turned out unreadable is written (re-runs converge).
        await writing.catch(() => undefined);
      }
      throw err;
    }
    return { done, ignoredColumns };
  }
}
