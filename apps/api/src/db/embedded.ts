import { mkdirSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { initPgliteDataDir, openPostgres, PGLITE_CONF, type Database } from './client.ts';

/**
 * The embedded database off the request thread (issue 40, decision 090). PGlite runs its WASM synchronously:
 * in the API's own thread, 5,000 fleet look-ups held `/api/health` for 89 s. Here a worker thread owns the
 * PGlite instance and serves it with pglite-socket (the PostgreSQL wire protocol) on a Unix socket in a private
 * temporary directory (mode 0700: no other local user can connect, and nothing listens on TCP). The API talks
 * to it with node-postgres through one connection, as it talks to a PostgreSQL server: while the database
 * works, the event loop keeps answering. `kind` stays 'pglite': one backend, statements run one at a time, and
 * the job queue keeps running inside it.
 */

/** The worker: opens PGlite, serves it on the socket, and closes both when told. */
const WORKER_SOURCE = `
import { parentPort, workerData } from 'node:worker_threads';
const { PGlite } = await import(workerData.pgliteUrl);
const { PGLiteSocketServer } = await import(workerData.socketUrl);
const options = { postgresqlconf: workerData.conf };
const db = workerData.dir ? new PGlite(workerData.dir, options) : new PGlite(options);
await db.waitReady;
const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: 1 });
await server.start();
parentPort.on('message', async (message) => {
  if (message !== 'close') return;
  await server.stop();
  await db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

export interface EmbeddedOptions {
  /** The data directory (PGlite's files in `<dataDir>/pglite`), or null for an in-memory database. */
  dataDir: string | null;
  /** Called if the worker stops unexpectedly after it started: the database is gone. */
  onCrash?: (err: Error) => void;
  onIdleError?: (err: Error) => void;
  /** Where the socket's private directory is made (default: the system's temporary directory). */
  socketParent?: string;
}

function workerStarted(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      worker.off('message', ready);
      reject(new Error(`the embedded database did not start: ${err.message}`));
    };
    const exited = (code: number) => fail(new Error(`its worker exited with code ${code}`));
    const ready = (message: unknown) => {
      if (message !== 'ready') return;
      worker.off('error', fail);
      worker.off('exit', exited);
      resolve();
    };
    worker.on('message', ready);
    worker.once('error', fail);
    worker.once('exit', exited);
  });
}

/** Opens the embedded database in a worker thread; close() stops the worker and removes the socket. */
export async function openEmbedded(opts: EmbeddedOptions): Promise<Database> {
  let dir: string | null = null;
  if (opts.dataDir) {
    dir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteDataDir(dir);
  }
  // mkdtemp creates the directory with mode 0700; a short path keeps the socket under the 107-byte limit.
  const socketDir = await mkdtemp(path.join(opts.socketParent ?? tmpdir(), 'togo-db-'));
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(WORKER_SOURCE)}`), {
    workerData: {
      pgliteUrl: import.meta.resolve('@electric-sql/pglite'),
      socketUrl: import.meta.resolve('@electric-sql/pglite-socket'),
      dir,
      conf: PGLITE_CONF,
      // node-postgres connects to `<host>/.s.PGSQL.<port>` when host is a directory.
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
    },
  });
  let closing = false;
  try {
    await workerStarted(worker);
  } catch (err) {
    await worker.terminate();
    await rm(socketDir, { recursive: true, force: true });
    throw err;
  }
  worker.on('error', (err) => opts.onCrash?.(err));
  worker.on('exit', (code) => {
    if (!closing) opts.onCrash?.(new Error(`the embedded database's worker exited with code ${code}`));
  });
  const database = await openPostgres(
    { host: socketDir, port: 5432, user: 'postgres', database: 'postgres' },
    1,
    opts.onIdleError,
  );
  return {
    ...database,
    kind: 'pglite',
    async close() {
      closing = true;
      await database.close();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/** The server's database: PostgreSQL when DATABASE_URL is set, the embedded one (in its worker) otherwise. */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  onIdleError?: (err: Error) => void;
  onCrash?: (err: Error) => void;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, opts.onIdleError)
    : openEmbedded({ dataDir: opts.dataDir, onCrash: opts.onCrash, onIdleError: opts.onIdleError });
}
