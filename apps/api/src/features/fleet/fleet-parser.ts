import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BuildOptions } from 'esbuild';
import { FLEET_MSG } from '@togo/domain/fleet/fleet.constants';
import { FleetFileRejected, type ParsedChunk, type ParserReply, type ParserRequest } from './fleet-chunks.ts';
import type { ReferenceRows } from './fleet-rows.ts';

/**
 * Where a fleet file is parsed. The API uses WorkerFleetParser: parsing a 100,000-row workbook is seconds of
 * CPU, and on the API's event loop it delayed every request served meanwhile (docs/decisions/011-fleet-import.md).
 */
export interface FleetFileParser {
  /** The file's chunks in order (parseFleetFile); throws FleetFileRejected for a file that cannot be imported. */
  parse(bytes: Uint8Array, reference: ReferenceRows, chunkRows: number): AsyncIterable<ParsedChunk>;
  close(): Promise<void>;
}

/** Parses on the calling thread (unit tests of the import's writes). */
export class InlineFleetParser implements FleetFileParser {
  async *parse(bytes: Uint8Array, reference: ReferenceRows, chunkRows: number): AsyncIterable<ParsedChunk> {
    // exceljs is loaded by the thread that parses (the API thread never does with WorkerFleetParser).
    const { parseFleetFile } = await import('./fleet-parse.ts');
    yield* parseFleetFile(bytes, reference, chunkRows);
  }

  async close(): Promise<void> {}
}

/** What a parse waits for: the worker's replies ('ready' is taken by ParserThread itself), or its exit. */
type Event = Exclude<ParserReply, { type: 'ready' }> | { type: 'exit'; error: Error };

let workerSource: Promise<string> | null = null;

/** The worker bundle, inlined by the production build (apps/api/scripts/build.ts); undefined under tsx. */
declare const TOGO_PREBUILT_FLEET_WORKER: string | undefined;

/** fleet-parse.worker.ts and its modules in one CommonJS script: prebuilt in dist, else bundled now. */
async function bundledWorker(): Promise<string> {
  if (typeof TOGO_PREBUILT_FLEET_WORKER === 'string') return TOGO_PREBUILT_FLEET_WORKER;
  const { build } = await import('esbuild');
  const result = await build(
    fleetWorkerBuildOptions(fileURLToPath(new URL('./fleet-parse.worker.ts', import.meta.url))),
  );
  return result.outputFiles[0]?.text ?? '';
}

/** How the worker is bundled, at run time here and at build time by scripts/build.ts. */
export function fleetWorkerBuildOptions(entry: string): BuildOptions & { write: false } {
  return {
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['exceljs'],
    write: false,
    logLevel: 'silent',
  };
}

/**
 * The worker's code: fleet-parse.worker.ts and its modules bundled by esbuild into one script (exceljs left to
 * `require`, resolved from this directory). Under tsx, whose hooks do not reach worker threads, it is bundled
 * once per process (~0.1 s; registering tsx in the worker cost ~25 MB and ~0.4 s per start); the compiled
 * server carries it prebuilt (docs/decisions/011-fleet-import.md, 019-production-runtime.md).
 */
function parserWorkerSource(): Promise<string> {
  workerSource ??= bundledWorker().then(
    (code) =>
      `(function (require) {\n${code}\n})(require('node:module').createRequire(${JSON.stringify(import.meta.url)}));`,
  );
  // A failed build is tried again by the next worker start.
  workerSource.catch(() => {
    workerSource = null;
  });
  return workerSource;
}

/** One worker thread and the events of the file it is parsing. */
class ParserThread {
  private readonly worker: Worker;
  private readonly events: Event[] = [];
  private waiting: (() => void) | null = null;
  alive = true;
  readonly ready: Promise<void>;

  constructor(source: string, maxOldGenerationSizeMb: number, nice: number) {
    this.worker = new Worker(source, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb },
      workerData: { nice },
    });
    let started: () => void;
    let failed: (err: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    // An idle worker never keeps the process alive (one parsing a file does: see busy()).
    this.worker.unref();
    this.worker.on('message', (reply: ParserReply) => {
      if (reply.type === 'ready') started();
      else this.push(reply);
    });
    this.worker.on('error', (error: Error) => {
      this.alive = false;
      failed(error);
      this.push({ type: 'exit', error });
    });
    this.worker.on('exit', (code) => {
      this.alive = false;
      const error = new Error(`fleet parser worker exited with code ${code}`);
      failed(error);
      this.push({ type: 'exit', error });
    });
    // A worker that fails to start is reported by the parse that waits for it.
    this.ready.catch(() => undefined);
  }

  private push(event: Event): void {
    this.events.push(event);
    const resume = this.waiting;
    this.waiting = null;
    resume?.();
  }

  async next(): Promise<Event> {
    while (this.events.length === 0) await new Promise<void>((resolve) => (this.waiting = resolve));
    return this.events.shift() as Event;
  }

  /** Parsing a file keeps the process alive until the file is done; an idle worker does not. */
  busy(parsing: boolean): void {
    if (parsing) this.worker.ref();
    else this.worker.unref();
  }

  send(request: ParserRequest, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(request, transfer);
  }

  /** Reused for the next file: nothing of this one may be left in the queue. */
  reset(): void {
    this.events.length = 0;
  }

  async terminate(): Promise<void> {
    this.alive = false;
    await this.worker.terminate();
  }
}

export interface WorkerFleetParserOptions {
  /** Chunks the worker may parse ahead of those taken (each one is a message waiting on the API thread). */
  window?: number;
  /** The worker's heap limit: a file that needs more fails as unreadable instead of growing the process. */
  maxOldGenerationSizeMb?: number;
  /** The worker thread's nice value (Linux): above the API thread's, so requests go first on a busy CPU. */
  nice?: number;
  /** The worker's code (by default fleet-parse.worker.ts bundled by esbuild); tests pass a broken one. */
  source?: () => Promise<string>;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

/**
 * Parses in a worker thread, one file per worker; one idle worker is kept (warm() starts it ahead of the
 * first upload, so the worker's start — bundling, loading exceljs — is not paid by an import).
 */
export class WorkerFleetParser implements FleetFileParser {
  private readonly window: number;
  private readonly heapMb: number;
  private readonly nice: number;
  private readonly source: () => Promise<string>;
  private readonly log: WorkerFleetParserOptions['log'];
  private idle: ParserThread | null = null;
  private readonly busy = new Set<ParserThread>();
  private warming: Promise<void> | null = null;
  private closed = false;

  constructor(options: WorkerFleetParserOptions = {}) {
    this.window = options.window ?? 2;
    this.heapMb = options.maxOldGenerationSizeMb ?? 256;
    this.nice = options.nice ?? 10;
    this.source = options.source ?? parserWorkerSource;
    this.log = options.log;
  }

  /** Starts the idle worker (if there is none) and waits until it can parse. */
  warm(): Promise<void> {
    this.warming ??= (async () => {
      if (this.closed) return;
      if (!this.idle?.alive) {
        const thread = await this.spawn();
        if (this.closed) return void (await thread.terminate());
        this.idle = thread;
      }
      await this.idle.ready;
    })().finally(() => {
      this.warming = null;
    });
    return this.warming;
  }

  private async spawn(): Promise<ParserThread> {
    return new ParserThread(await this.source(), this.heapMb, this.nice);
  }

  parse(bytes: Uint8Array, reference: ReferenceRows, chunkRows: number): AsyncIterable<ParsedChunk> {
    return this.run(bytes, reference, chunkRows);
  }

  private async take(): Promise<ParserThread> {
    if (this.warming) await this.warming.catch(() => undefined);
    if (this.closed) throw new Error('fleet parser closed');
    let thread = this.idle?.alive ? this.idle : null;
    this.idle = null;
    thread ??= await this.spawn();
    this.busy.add(thread);
    return thread;
  }

  private async release(thread: ParserThread, reusable: boolean): Promise<void> {
    this.busy.delete(thread);
    if (reusable && thread.alive && !this.closed && !this.idle) {
      thread.reset();
      thread.busy(false);
      this.idle = thread;
    } else {
      await thread.terminate();
    }
  }

  /**
   * A worker ready to parse, or null when none can be started (the code does not build, the thread fails to
   * load): the file is then parsed on the calling thread rather than not imported at all.
   */
  private async started(): Promise<ParserThread | null> {
    let thread: ParserThread | null = null;
    try {
      thread = await this.take();
      thread.busy(true);
      await thread.ready;
      return thread;
    } catch (err) {
      if (thread) await this.release(thread, false);
      if (this.closed) throw new Error('fleet parser closed', { cause: err });
      this.log?.warn({ err }, 'fleet parser worker did not start: parsing on the API thread');
      return null;
    }
  }

  private async *run(
    bytes: Uint8Array,
    reference: ReferenceRows,
    chunkRows: number,
  ): AsyncGenerator<ParsedChunk, void, undefined> {
    const thread = await this.started();
    if (!thread) {
      yield* new InlineFleetParser().parse(bytes, reference, chunkRows);
      return;
    }
    let reusable = false;
    try {
      // The worker gets its own copy (the caller's buffer may be a view of a shared pool).
      const copy = new Uint8Array(bytes);
      thread.send({ type: 'parse', bytes: copy.buffer, reference, chunkRows, window: this.window }, [
        copy.buffer,
      ]);
      for (;;) {
        const event = await thread.next();
        switch (event.type) {
          case 'chunk':
            yield event.chunk;
            thread.send({ type: 'credit' });
            break;
          case 'end':
            reusable = true;
            return;
          case 'rejected':
            reusable = true;
            throw new FleetFileRejected(event.message, { cause: event.detail });
          case 'failed':
            reusable = true;
            throw new Error(`fleet parser failed: ${event.message}`);
          case 'exit':
            // Out of memory (its heap limit) is this file's doing: it cannot be imported.
            if ((event.error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
              throw new FleetFileRejected(FLEET_MSG.uploadFailed, { cause: event.error });
            }
            throw event.error;
        }
      }
    } finally {
      // Stopped early (a failed write) or failed: a worker still parsing is terminated, not reused.
      await this.release(thread, reusable);
    }
  }

  /** Worker threads alive: the idle one kept warm, and those parsing a file. */
  threads(): { idle: number; busy: number } {
    return { idle: this.idle?.alive ? 1 : 0, busy: this.busy.size };
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = [...this.busy, ...(this.idle ? [this.idle] : [])];
    this.idle = null;
    await Promise.all(threads.map((t) => t.terminate()));
  }
}
