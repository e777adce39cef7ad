import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { CONNECT_TIMEOUT_MS, type Database } from '../db/client.ts';
import type { JobContext, JobQueue, QueuePolicy, SendOptions } from './job-queue.ts';

export interface PgBossQueueOptions {
  /** The app's database. On PGlite pg-boss runs inside it through {@link pgliteExecutor}. */
  database: Database;
  /** PostgreSQL: pg-boss gets its own pool on this connection string (DATABASE_URL). */
  connectionString?: string | undefined;
  log?: Logger | undefined;
  /** How often an idle worker polls for jobs (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Run the cron scheduler in this process (default true). */
  schedule?: boolean;
  /**
   * Tests only (TEST_SCHEDULES_EVERY_MINUTE): every schedule runs every minute, and the scheduler checks each
   * second, so that a test sees several periods in a few minutes.
   */
  everyMinute?: boolean | undefined;
  /**
   * Seconds a job may stay active before it is taken as lost and retried (JOB_EXPIRE_SECONDS, decision 112; pg-boss's
   * 15 minutes by default). Expired jobs are found by pg-boss's maintenance, which then runs every quarter of it
   * (at most every 2 minutes).
   */
  expireSeconds?: number | undefined;
}

const EVERY_MINUTE = '* * * * *';

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';
const CREATE_QUEUE_ATTEMPTS = 5;

/**
 * Runs `create` (an idempotent queue creation) again when PostgreSQL picked it as a deadlock victim: several
 * instances starting on one database create the same queues at once, and pg-boss's create_queue (a row plus a
 * partition table) can deadlock with another's. The other transaction then completes, so a retry finds the
 * queue (or creates it). Up to 5 attempts, a short growing pause between them.
 */
export async function retryOnDeadlock(
  create: () => Promise<void>,
  log?: { warn(obj: object, msg: string): void } | undefined,
  what = 'job queue',
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await create();
      return;
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (code !== DEADLOCK || attempt >= CREATE_QUEUE_ATTEMPTS) throw err;
      log?.warn(
        { err, queue: what, attempt },
        'job queue creation deadlocked with another instance; retrying',
      );
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.floor(Math.random() * 50)));
    }
  }
}

/**
 * pg-boss's custom `db` for PGlite. Parameterised statements go through `Database.query` (extended
 * protocol). pg-boss also sends parameter-less multi-statement scripts (schema creation and migrations,
 * maintenance wrapped in BEGIN … COMMIT under an advisory lock), which the extended protocol refuses
 * ('cannot insert multiple commands into a prepared statement'); those run through `Database.exec`
 * (simple protocol).
 * PGlite runs one statement or script at a time, so a script's transaction never interleaves with the
 * app's queries.
 */
export function pgliteExecutor(database: Database): PgBoss.Db {
  if (database.kind !== 'pglite') throw new Error('pgliteExecutor needs a PGlite database');
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: await database.query(text, values) };
      return { rows: await database.exec(text) };
    },
  };
}

/**
 * The JobQueue on pg-boss 10: retries with backoff, cron schedules in a time zone, jobs shared by every
 * process on one PostgreSQL server. Queues are created on first use ('standard') or explicitly.
 */
export class PgBossQueue implements JobQueue {
  private readonly created = new Map<string, Promise<void>>();
  private readonly pollingIntervalSeconds: number;
  private readonly everyMinute: boolean;
  private readonly log: Logger | undefined;

  private constructor(
    private readonly boss: PgBoss,
    opts: PgBossQueueOptions,
  ) {
    this.pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
    this.everyMinute = opts.everyMinute ?? false;
    this.log = opts.log;
  }

  static async start(opts: PgBossQueueOptions): Promise<PgBossQueue> {
    const common = {
      schedule: opts.schedule ?? true,
      supervise: true,
      ...(opts.expireSeconds
        ? {
            expireInSeconds: opts.expireSeconds,
            maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(opts.expireSeconds / 4))),
          }
        : {}),
      ...(opts.everyMinute ? { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } : {}),
    };
    const boss = opts.connectionString
      ? new PgBoss({
          ...common,
          connectionString: opts.connectionString,
          max: 4,
          application_name: 'togo-jobs',
          // node-postgres's pool option (pg-boss hands its options to pg.Pool; its types omit it): a server that
          // answers nothing fails the poll after 5 s instead of holding it (decision 113).
          ...{ connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
        })
      : new PgBoss({ ...common, db: pgliteExecutor(opts.database) });
    // pg-boss reports maintenance and polling failures as events; without a listener they would crash.
    boss.on('error', (err) => opts.log?.error({ err }, 'job queue error'));
    await boss.start();
    return new PgBossQueue(boss, opts);
  }

  createQueue(name: string, options: { policy?: QueuePolicy } = {}): Promise<void> {
    let pending = this.created.get(name);
    if (!pending) {
      const policy = options.policy ?? 'standard';
      pending = retryOnDeadlock(() => this.boss.createQueue(name, { name, policy }), this.log, name);
      pending.catch(() => this.created.delete(name));
      this.created.set(name, pending);
    }
    return pending;
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    await this.createQueue(name);
    // The dead-letter queue must exist when pg-boss moves a failed job to it (a job table partition per queue).
    if (options.deadLetter) await this.createQueue(options.deadLetter);
    return this.boss.send(name, data, options);
  }

  async work<T extends object>(
    name: string,
    handler: (data: T, job: JobContext) => Promise<void>,
  ): Promise<void> {
    await this.createQueue(name);
    await this.boss.work<T>(
      name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.pollingIntervalSeconds },
      async (jobs) => {
        for (const job of jobs) {
          await handler(job.data, {
            id: job.id,
            attempt: job.retryCount + 1,
            retryLimit: job.retryLimit,
            isLastAttempt: job.retryCount >= job.retryLimit,
          });
        }
      },
    );
  }

  async schedule(name: string, cron: string, data: object, tz: string): Promise<void> {
    await this.createQueue(name);
    await this.boss.schedule(name, this.everyMinute ? EVERY_MINUTE : cron, data, { tz });
  }

  /** Queued (created or retrying) jobs of every queue this process uses. */
  async depth(): Promise<Record<string, number>> {
    const names = [...this.created.keys()];
    const sizes = await Promise.all(names.map((name) => this.boss.getQueueSize(name)));
    return Object.fromEntries(names.map((name, i) => [name, sizes[i] ?? 0]));
  }

  /** pg-boss itself, for tests and diagnostics. */
  get raw(): PgBoss {
    return this.boss;
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
