import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, type ScratchPostgres } from '../test/test-db.ts';
import { migrationsFolder, openPglite, openPostgres, type Database } from './client.ts';

const serverUrl = process.env.DATABASE_URL;

/** Waits on a condition (checked every 20 ms), failing after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Counts the sessions on a database through an admin connection opened beforehand. */
async function sessionsOn(admin: pg.Client, name: string): Promise<number> {
  const res = await admin.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = $1',
    [name],
  );
  return res.rows[0]?.n ?? -1;
}

describe('openPglite on a data directory', () => {
  it('initialises and migrates a new directory in a child process, then reopens it with its data', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'togo-pglite-'));
    try {
      const first = await openPglite(dir);
      expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
      // Every committed migration is applied before this process's own migrate() runs.
      const journal = JSON.parse(
        await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const [applied] = await first.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied?.n).toBe(journal.entries.length);
      await first.migrate();
      await first.exec('create table kept (n int); insert into kept values (7)');
      const [buffers] = await first.query<{ shared_buffers: string }>('show shared_buffers');
      expect(buffers?.shared_buffers).toBe('32MB');
      await first.close();
      const again = await openPglite(dir);
      expect(await again.query('select n from kept')).toEqual([{ n: 7 }]);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('Database.exec (PGlite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(null);
  });
  afterAll(() => database.close());

  it('runs a multi-statement script and answers the rows of its last statement', async () => {
    const rows = await database.exec<{ n: number }>(
      'create table t (n int); insert into t values (1), (2); select sum(n)::int as n from t',
    );
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('rejects a script with a syntax error and leaves the earlier tables alone', async () => {
    await expect(database.exec('selec 1')).rejects.toThrow(/syntax/);
    expect(await database.query('select count(*)::int as n from t')).toEqual([{ n: 2 }]);
  });
});

describe.skipIf(!serverUrl)('PostgreSQL pool lifecycle', () => {
  let scratch: ScratchPostgres;
  beforeAll(async () => {
    scratch = await createScratchPostgres(serverUrl!, 'togo_client');
  });
  afterAll(() => scratch.drop());

  it('exec runs a script over the simple protocol and answers its last result', async () => {
    const database = await openPostgres(scratch.url, 2);
    try {
      const rows = await database.exec<{ n: number }>(
        'create temp table t (n int); insert into t values (4), (5); select sum(n)::int as n from t',
      );
      expect(rows).toEqual([{ n: 9 }]);
      expect(await database.exec<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('close() resolves only when every connection has left the server', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const database = await openPostgres(scratch.url, 4);
      // Four queries at once, so the pool holds several idle clients when it closes.
      await Promise.all([1, 2, 3, 4].map(() => database.query('select pg_sleep(0.05)')));
      expect(await sessionsOn(admin, scratch.name)).toBeGreaterThanOrEqual(2);
      await database.close();
      expect(await sessionsOn(admin, scratch.name)).toBe(0);
    } finally {
      await admin.end();
    }
  });

  it('an idle connection killed by the server is reported, not thrown, and the pool recovers', async () => {
    const errors: Error[] = [];
    const database = await openPostgres(scratch.url, 1, (err) => errors.push(err));
    try {
      const [row] = await database.query<{ pid: number }>('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [row?.pid]);
      await admin.end();
      await until(() => errors.length > 0);
      expect((errors[0] as Error & { code?: string }).code).toBe('57P01');
      expect(await database.query('select 1 as ok')).toEqual([{ ok: 1 }]);
    } finally {
      await database.close();
    }
  });
});
