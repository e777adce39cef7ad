import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { openEmbedded } from './embedded.ts';

describe('the embedded database in its worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmbedded({ dataDir: null });
    await database.migrate();
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('keeps the event loop free while the database works', async () => {
    let finished = false;
    const long = database
      .query<{ n: number }>('select count(*)::int as n from generate_series(1, 3000000)')
      .then((rows) => {
        finished = true;
        return rows;
      });
    // In the API's own thread the WASM would hold the loop until the count ends, and this timer would fire after.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finished).toBe(false);
    expect(await long).toEqual([{ n: 3_000_000 }]);
  }, 120_000);

  it('answers as PGlite does: kind, migrations, transactions and scripts', async () => {
    expect(database.kind).toBe('pglite');
    const [applied] = await database.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied?.n).toBeGreaterThan(30);
    await database.exec('create table t_embedded (n int); insert into t_embedded values (1)');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t_embedded values (2)`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t_embedded values (3)`);
    });
    expect(await database.query('select n from t_embedded order by n')).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('serves queries sent together one after the other, none lost', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => database.query<{ i: number }>('select $1::int as i', [i])),
    );
    expect(answers.map((rows) => rows[0]?.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('the embedded database on a data directory', () => {
  it('keeps its data across a restart and leaves no socket behind', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'togo-embedded-'));
    const sockets = path.join(dir, 'sockets');
    await mkdir(sockets);
    try {
      const first = await openEmbedded({ dataDir: dir, socketParent: sockets });
      expect(await readdir(sockets)).toHaveLength(1);
      expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
      await first.exec('create table kept (n int); insert into kept values (7)');
      await first.close();
      const again = await openEmbedded({ dataDir: dir, socketParent: sockets });
      expect(await again.query('select n from kept')).toEqual([{ n: 7 }]);
      await again.close();
      expect(await readdir(sockets)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
