import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openPostgres, PGLITE_CONF, type Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { seedReferenceData } from '../db/seed/seed.ts';

/**
 * One migrated, seeded database per test run, copied for each test file (docs/decisions/121): a fresh PGlite costs
 * initdb plus every migration plus the reference data (≈ 5 s on a quiet 2-core machine, 20 s on a loaded one), a
 * copy of a dump about a fifth of it; on PostgreSQL `create database … template` copies files instead of replaying
 * the migrations. Vitest's global setup (`setupDatabaseTemplate`) makes it and names it in the environment its
 * workers inherit; outside vitest (benches, scripts) nothing is set and each database is built from scratch.
 */
const PGLITE_ENV = 'TOGO_TEST_PGLITE_TEMPLATE';
const POSTGRES_ENV = 'TOGO_TEST_PG_TEMPLATE';

export type TestDatabaseTemplate = { kind: 'pglite'; dump: Blob } | { kind: 'postgres'; name: string };

let pgliteDump: Blob | undefined;

export function testDatabaseTemplate(): TestDatabaseTemplate | null {
  const name = process.env[POSTGRES_ENV];
  if (name) return { kind: 'postgres', name };
  const file = process.env[PGLITE_ENV];
  if (!file) return null;
  pgliteDump ??= new Blob([readFileSync(file)]);
  return { kind: 'pglite', dump: pgliteDump };
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Vitest global setup: makes the run's template and returns its teardown. */
export async function setupDatabaseTemplate(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `togo_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(url, `create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    // One connection, closed before any copy: `create database … template` refuses a template in use.
    const database = await openPostgres(target.toString(), 1);
    try {
      await database.migrate();
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    process.env[POSTGRES_ENV] = name;
    return async () => {
      delete process.env[POSTGRES_ENV];
      await admin(url, `drop database if exists ${name} with (force)`);
    };
  }
  const client = new PGlite({ postgresqlconf: PGLITE_CONF });
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder });
  await seedReferenceData(drizzle(client, { schema }) as unknown as Db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(
    tmpdir(),
    `togo-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
  );
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_ENV];
    rmSync(file, { force: true });
  };
}
