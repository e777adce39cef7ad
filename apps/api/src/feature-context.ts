import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Clock } from './lib/clock.ts';

/**
 * What every feature's `registerX(app, deps)` may receive from buildApp (app.ts), besides the objects it names
 * itself (outside systems, another feature's answer). A feature takes the parts it uses (`Pick<…>`).
 */
export interface FeatureContext {
  config: Config;
  db: Db;
  clock: Clock;
  /** The job queue, recording runs that fail for good (decision 029). */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Secret for code HMACs, signed URLs and tokens derived from it. */
  secret: string;
}
