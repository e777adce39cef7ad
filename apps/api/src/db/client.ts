import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type repositories see: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /** Runs raw SQL with positional parameters; used by the job queue adapter and benchmarks. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs a parameter-less script of one or more statements (simple protocol) and returns the rows of
   * its last statement; used by the job queue adapter for pg-boss's schema and maintenance scripts.
   */
  exec<T = Record<string, unknown>>(script: string): Promise<T[]>;
  /** Applies the committed migrations (idempotent; serialised across processes on a server). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: serialises migrations when several processes start against one server. */
const MIGRATION_LOCK_ID = 7_420_011;

/**
 * PGlite's default shared_buffers (128 MB, a server's default) is allocated in WASM memory; the embedded
 * database of one process needs far less. Measured on an existing data directory: RSS ~290 MB → ~190 MB.
 */
export const PGLITE_CONF = ['shared_buffers=32MB'];

/**
 * The first start of a data directory runs initdb and every migration, whose WASM memory (~800 MB RSS for
 * initdb) the process keeps afterwards. They run in a short-lived child process instead, so the API process
 * starts on an initialised, migrated directory as on every later start (its own migrate() then finds nothing
 * to do). See docs/decisions/024-embedded-database-memory.md.
 */
export async function initPgliteDataDir(dir: string): Promise<void> {
  const url = (specifier: string) => JSON.stringify(import.meta.resolve(specifier));
  const script = `const { PGlite } = await import(${url('@electric-sql/pglite')});
const { drizzle } = await import(${url('drizzle-orm/pglite')});
const { migrate } = await import(${url('drizzle-orm/pglite/migrator')});
const db = new PGlite(${JSON.stringify(dir)}, { postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
await db.waitReady;
await migrate(drizzle(db), { migrationsFolder: ${JSON.stringify(migrationsFolder)} });
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], (err, _out, stderr) =>
      err ? reject(new Error(`PGlite initdb in ${dir} failed: ${stderr || err.message}`)) : resolve(),
    );
  });
}

export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let client: PGlite;
  if (options.loadDataDir) {
    // An in-memory database started from a dump of another one (the tests' migrated, seeded template).
    client = new PGlite({ postgresqlconf: PGLITE_CONF, loadDataDir: options.loadDataDir });
  } else if (dataDir) {
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteDataDir(dir);
    client = new PGlite(dir, { postgresqlconf: PGLITE_CONF });
  } else {
    client = new PGlite({ postgresqlconf: PGLITE_CONF });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      const res = await client.query<T>(text, params);
      return res.rows;
    },
    async exec<T>(script: string) {
      const results = await client.exec(script);
      return (results[results.length - 1]?.rows ?? []) as T[];
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async close() {
      await client.close();
    },
  };
}

/** Opens a pool on a PostgreSQL server: a connection URL, or node-postgres settings (the embedded socket). */
/** How long a new PostgreSQL connection may take before the query fails (node-postgres waits forever by default). */
export const CONNECT_TIMEOUT_MS = 5_000;

export async function openPostgres(
  target: string | pg.PoolConfig,
  maxConnections = 10,
  onIdleError: (err: Error) => void = () => undefined,
): Promise<Database> {
  const settings = typeof target === 'string' ? { connectionString: target } : target;
  // A server that does not answer at all (its address still routed) fails a connection after 5 s instead of
  // holding the request forever: the request answers a Spanish 503 (decision 113).
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...settings, max: maxConnections });
  // An idle connection the server closes (restart, pg_terminate_backend) is reported here; without a
  // listener node-postgres would throw it out of the event loop and stop the process. The pool replaces
  // the connection on the next query.
  pool.on('error', onIdleError);
  // pool.end() resolves once every client is asked to end, before its socket is closed; close() waits
  // for the sockets so that a database dropped right after sees no session of ours.
  let open = 0;
  let allEnded: (() => void) | null = null;
  pool.on('connect', () => {
    open += 1;
  });
  pool.on('remove', () => {
    open -= 1;
    if (open === 0) allEnded?.();
  });
  // Fail fast with a clear error if the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      const res = await pool.query(text, params);
      return res.rows as T[];
    },
    async exec<T>(script: string) {
      // node-postgres sends a query without parameters over the simple protocol; a script with several
      // statements answers with one result per statement.
      const res = (await pool.query(script)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(res) ? res[res.length - 1] : res;
      return (last?.rows ?? []) as T[];
    },
    async migrate() {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(conn), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        conn.release();
      }
    },
    async close() {
      const ended = new Promise<void>((resolve) => {
        allEnded = resolve;
      });
      await pool.end();
      if (open > 0) await ended;
    },
  };
}
