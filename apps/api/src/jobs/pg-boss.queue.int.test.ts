import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { providerSnapshots } from '../db/schema.ts';
import { seedReferenceData } from '../db/seed/seed.ts';
import {
  createSignedInUser,
  ensureGarageReferenceRows,
  vehiclePayload,
} from '../features/garage/garage.test-support.ts';
import { ManualClock } from '../lib/clock.ts';
import { providersFromConfig } from '../providers.ts';
import { createScratchPostgres } from '../test/test-db.ts';
import type { JobContext } from './job-queue.ts';
import { PgBossQueue } from './pg-boss.queue.ts';

interface Target {
  database: Database;
  connectionString?: string;
  close(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const database = await openPglite(null);
  await database.migrate();
  return { database, close: () => database.close() };
}

/** A fresh database on the DATABASE_URL server, dropped on close (pg-boss gets its own pool on it). */
async function postgresTarget(url: string): Promise<Target> {
  const scratch = await createScratchPostgres(url, 'togo_jobs');
  const database = await openPostgres(scratch.url, 5);
  await database.migrate();
  return {
    database,
    connectionString: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Waits on a condition (checked every 50 ms), failing after `ms`. */
async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const targets: [string, () => Promise<Target>][] = [['PGlite', pgliteTarget]];
const url = process.env.DATABASE_URL;
if (url) targets.push(['PostgreSQL', () => postgresTarget(url)]);

describe.each(targets)('pg-boss queue on %s', (_label, open) => {
  let target: Target;
  let queue: PgBossQueue;

  beforeAll(async () => {
    target = await open();
    queue = await PgBossQueue.start({
      database: target.database,
      connectionString: target.connectionString,
      pollingIntervalSeconds: 0.5,
    });
  });
  afterAll(async () => {
    await queue.stop();
    await target.close();
  });

  it('processes a job, retrying it after a failure', async () => {
    const seen: { data: object; job: JobContext }[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    await queue.work<{ n: number }>('test-retry', async (data, job) => {
      seen.push({ data, job });
      if (job.attempt === 1) throw new Error('first attempt fails');
      done();
    });
    const id = await queue.send('test-retry', { n: 7 }, { retryLimit: 2, retryDelay: 0 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await finished;
    expect(seen.map((s) => [s.data, s.job.attempt, s.job.retryLimit, s.job.isLastAttempt])).toEqual([
      [{ n: 7 }, 1, 2, false],
      [{ n: 7 }, 2, 2, false],
    ]);
    const job = await until('job completed', async () => {
      const j = await queue.raw.getJobById('test-retry', id ?? '');
      return j?.state === 'completed' ? j : null;
    });
    expect(job.retryCount).toBe(1);
  });

  it('keeps one queued job per singleton key on a short queue, and stores cron schedules', async () => {
    await queue.createQueue('test-short', { policy: 'short' });
    expect(await queue.send('test-short', { v: 1 }, { singletonKey: 'vehicle:1' })).not.toBeNull();
    expect(await queue.send('test-short', { v: 1 }, { singletonKey: 'vehicle:1' })).toBeNull();
    expect(await queue.send('test-short', { v: 2 }, { singletonKey: 'vehicle:2' })).not.toBeNull();

    await queue.schedule('test-cron', '0 7 * * *', { all: true }, 'America/Bogota');
    const schedules = await queue.raw.getSchedules();
    expect(schedules).toEqual([
      expect.objectContaining({
        name: 'test-cron',
        cron: '0 7 * * *',
        timezone: 'America/Bogota',
        data: { all: true },
      }),
    ]);
  });

  it('reports the depth of each queue it uses (the job queue depth metric)', async () => {
    await queue.send('test-depth', { n: 1 });
    await queue.send('test-depth', { n: 2 });
    await queue.createQueue('test-depth-empty');
    const depth = await queue.depth();
    expect(depth['test-depth']).toBe(2);
    expect(depth['test-depth-empty']).toBe(0);
  });

  it('runs the garage look-ups of a new vehicle through the app', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'togo-jobs-'));
    const clock = new ManualClock();
    const { database } = target;
    await seedReferenceData(database.db);
    await ensureGarageReferenceRows(database.db);
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir });
    const app = await buildApp({
      config,
      database,
      clock,
      providers: providersFromConfig(config, database.db, clock),
      secret: 'test-secret-'.padEnd(40, 'x'),
      jobs: queue,
    });
    try {
      const user = await createSignedInUser({ database, clock });
      const res = await app.inject({
        method: 'POST',
        url: '/api/togo/vehicle/',
        headers: user.headers,
        payload: vehiclePayload({ placa: 'JOB123' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const vehicleId = res.json().id as number;
      for (const kind of ['registry', 'fines']) {
        await until(`${kind} snapshot`, async () => {
          const [row] = await database.db
            .select({ status: providerSnapshots.status })
            .from(providerSnapshots)
            .where(and(eq(providerSnapshots.vehicleId, vehicleId), eq(providerSnapshots.kind, kind)));
          return row?.status === 'ok';
        });
      }
      const selected = await app.inject({
        method: 'GET',
        url: '/api/togo/vehicle/get_garaje_selected/',
        headers: user.headers,
      });
      expect(selected.json()).toMatchObject({ id: vehicleId, lookup_status: 'ok', demo: true });
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
