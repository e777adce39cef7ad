import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { seedReferenceData } from '../db/seed/seed.ts';
import { testDatabaseTemplate } from './test-db-template.ts';

export interface ScratchPostgres {
  /** Connection string of the new, empty database. */
  url: string;
  name: string;
  /** Drops the database, ending any session still on it. */
  drop(): Promise<void>;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A new empty database on the PostgreSQL server of `serverUrl`. */
export async function createScratchPostgres(
  serverUrl: string,
  prefix = 'togo_test',
  template?: string,
): Promise<ScratchPostgres> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (dropped on close). Under vitest both start from the run's
 * template (test-db-template.ts: migrated and seeded once per run), not from initdb and 40 migrations each.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const template = testDatabaseTemplate();
  if (!url) {
    if (template?.kind === 'pglite') return openPglite(null, { loadDataDir: template.dump });
    const database = await openPglite(null);
    await database.migrate();
    await seedReferenceData(database.db);
    return database;
  }
  const scratch = await createScratchPostgres(
    url,
    'togo_test',
    template?.kind === 'postgres' ? template.name : undefined,
  );
  const database = await openPostgres(scratch.url, 5);
  if (template?.kind !== 'postgres') {
    await database.migrate();
    await seedReferenceData(database.db);
  }
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
