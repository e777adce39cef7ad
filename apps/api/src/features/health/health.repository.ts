import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, type Database } from '../../db/client.ts';

/** The newest committed migration's timestamp (drizzle's journal), read once. */
let newestMigration: number | null = null;
function newestCommittedMigration(): number {
  if (newestMigration === null) {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: { when: number }[];
    };
    newestMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

export class HealthRepository {
  constructor(private readonly database: Database) {}

  async ping(): Promise<void> {
    await this.database.query('select 1');
  }

  /** True when the database has every committed migration (drizzle records each one's `when`). */
  async migrationsApplied(): Promise<boolean> {
    const rows = await this.database.query<{ last: string | number | null }>(
      'select max(created_at) as last from drizzle.__drizzle_migrations',
    );
    return Number(rows[0]?.last ?? 0) >= newestCommittedMigration();
  }
}
