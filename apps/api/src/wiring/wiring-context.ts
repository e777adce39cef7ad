import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Clock } from '../lib/clock.ts';
import type { Providers } from '../providers.ts';

/** What every feature's wiring receives from buildApp (app.ts). */
export interface WiringContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  clock: Clock;
  /** The providers, with their errors counted in the metrics. */
  providers: Providers;
  /** The job queue, recording runs that fail for good (decision 029). */
  jobs: JobQueue;
  /** Secret for code HMACs, signed URLs and tokens derived from it. */
  secret: string;
}
