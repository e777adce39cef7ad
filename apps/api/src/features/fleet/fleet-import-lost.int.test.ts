import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_MSG } from '@togo/domain/fleet/fleet.contract';
import { openPglite, type Database } from '../../db/client.ts';
import { seedReferenceData } from '../../db/seed/seed.ts';
import { PgBossQueue } from '../../jobs/pg-boss.queue.ts';
import { systemClock } from '../../lib/clock.ts';
import { waitFor } from '../../test/two-instances.test-support.ts';
import { registerFleetJobs } from './fleet-import.jobs.ts';
import { FleetImportService } from './fleet-import.service.ts';
import { FleetRepository } from './fleet.repository.ts';
import { FLEET_IMPORT_JOB, FLEET_IMPORT_JOB_OPTIONS } from './fleet.service.ts';
import { createCompanyUser } from './fleet.test-support.ts';

/**
 * Issue 40 (decision 112): an import whose last attempt died with its process. Its pg-boss job is left active, as a
 * killed process leaves it; once it has been active longer than JOB_EXPIRE_SECONDS, pg-boss's maintenance fails it
 * for good and hands it to the 'fleet-import-lost' dead letter, whose worker marks the upload failed with a Spanish
 * reason: it never stays 'procesando'. (A kill on an earlier attempt is retried: faults.int.test.ts.)
 */
const EXPIRE_SECONDS = 4;
let database: Database;
let queue: PgBossQueue;

beforeAll(async () => {
  database = await openPglite(null);
  await database.migrate();
  await seedReferenceData(database.db);
  queue = await PgBossQueue.start({
    database,
    schedule: false,
    pollingIntervalSeconds: 0.5,
    expireSeconds: EXPIRE_SECONDS,
  });
  const imports = new FleetImportService({
    repo: new FleetRepository(database.db),
    storage: { name: 'none', get: () => Promise.resolve(null) } as never,
    clock: systemClock,
    parser: {} as never,
  });
  await registerFleetJobs(queue, imports, { runDriverLookup: () => Promise.resolve() });
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

async function uploadIn(status: string): Promise<number> {
  const company = await createCompanyUser({ database, clock: systemClock });
  const [row] = await database.query<{ id: number }>(
    `insert into fleet_uploads (company_user_id, file_sha256, filename, storage_key, size, status, rows_done)
     values ($1, md5(random()::text), 'flota.xlsx', 'fleet/none.xlsx', 100, $2, 1000) returning id`,
    [company.id, status],
  );
  return row?.id ?? 0;
}

/** The job of `uploadId` as a process killed during its attempt leaves it: active, started long ago. */
async function killedDuring(uploadId: number, lastAttempt: boolean): Promise<void> {
  // Sent to start in an hour, so that no worker here takes it before it is made active.
  await queue.send(FLEET_IMPORT_JOB, { uploadId }, { ...FLEET_IMPORT_JOB_OPTIONS, startAfter: 3600 });
  await database.query(
    `update pgboss.job set state = 'active', started_on = now() - interval '1 hour',
            retry_count = case when $2 then retry_limit else 0 end
      where name = $3 and data->>'uploadId' = $1`,
    [String(uploadId), lastAttempt, FLEET_IMPORT_JOB],
  );
}

describe('a fleet import lost with its process', () => {
  it('marks the upload failed, in Spanish, when its last attempt expires', { timeout: 60_000 }, async () => {
    const uploadId = await uploadIn('procesando');
    await killedDuring(uploadId, true);
    const row = await waitFor('the lost import to be marked failed', 40_000, async () => {
      const [r] = await database.query<{ status: string; message: string | null }>(
        'select status, message from fleet_uploads where id = $1',
        [uploadId],
      );
      return r?.status === 'procesando' ? null : r;
    });
    expect(row).toEqual({ status: 'fallido', message: FLEET_MSG.uploadFailed });
    expect(FLEET_MSG.uploadFailed).toBe('No fue posible procesar el archivo. Intenta de nuevo.');
  });
});
