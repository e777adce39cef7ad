import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';

/**
 * The benchmarks' database: PGlite in memory by default; with DATABASE_URL a database `<prefix>_<pid>` created on
 * that server and dropped by `drop()`.
 */
export async function openBenchDatabase(
  prefix = 'togo_bench',
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    return { database: await openPglite(null), url: '', drop: async () => undefined };
  }
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    database: await openPostgres(target.toString()),
    url: target.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      // The pool's connections close asynchronously after close(); forcing them out then would make them
      // emit an unhandled error, so wait (bounded) until they are gone.
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
