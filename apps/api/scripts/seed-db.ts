/**
 * Migrates and seeds the PostgreSQL database of DATABASE_URL (reference data), and starts the job queue once
 * so its schema exists too: the database .ci/run dumps and restores. Usage:
 *   DATABASE_URL=postgres://… npx tsx apps/api/scripts/seed-db.ts
 */
import { openPostgres } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/seed.ts';
import { PgBossQueue } from '../src/jobs/pg-boss.queue.ts';

const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('DATABASE_URL: required (postgres://…)');
  process.exit(2);
}
const database = await openPostgres(url, 2);
try {
  await database.migrate();
  await seedReferenceData(database.db);
  const jobs = await PgBossQueue.start({ database, connectionString: url, schedule: false });
  await jobs.send('ci-backup-check', { seeded: true });
  await jobs.stop();
  console.log(`migrated and seeded ${new URL(url).pathname.slice(1)}`);
} finally {
  await database.close();
}
