import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { listOutbox } from '../integrations/messaging/outbox.messenger.ts';
import { InlineJobQueue } from '../jobs/inline.queue.ts';
import { ManualClock } from '../lib/clock.ts';
import { providersFromConfig, type Providers } from '../providers.ts';
import { createTestDatabase } from './test-db.ts';

/** The app secret of every test app. */
export const TEST_SECRET = 'test-secret-'.padEnd(40, 'x');

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  /** Background jobs recorded by the app; run them with `jobs.drain()`. */
  jobs: InlineJobQueue;
  close(): Promise<void>;
  /** The newest code sent to an email or phone through the outbox. */
  lastCode(to: string): Promise<string>;
}

export async function createTestApp(
  opts: { env?: Record<string, string>; providers?: Partial<Providers>; clock?: ManualClock } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const clock = opts.clock ?? new ManualClock();
  // Uploaded files go to a temporary DATA_DIR removed on close.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'togo-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    ...opts.env,
  });
  const providers = { ...providersFromConfig(config, database.db, clock), ...opts.providers };
  const jobs = new InlineJobQueue();
  const app = await buildApp({
    config,
    database,
    clock,
    providers,
    secret: TEST_SECRET,
    jobs,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    jobs,
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    async lastCode(to: string) {
      const [msg] = await listOutbox(database.db, to, 1);
      if (!msg?.code) throw new Error(`no code sent to ${to}`);
      return msg.code;
    },
  };
}
