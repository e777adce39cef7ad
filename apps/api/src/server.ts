import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/embedded.ts';
import { WorkerFleetParser } from './features/fleet/fleet-parser.ts';
import { seedReferenceData } from './db/seed/seed.ts';
import { PgBossQueue } from './jobs/pg-boss.queue.ts';
import { requestIdMixin } from './http/request-context.ts';
import { systemClock } from './lib/clock.ts';
import { configureFaultPauses } from './lib/fault-pause.ts';
import { providersFromConfig } from './providers.ts';

/** APP_SECRET, or a random one generated once and kept under DATA_DIR (development). */
function resolveSecret(config: Config): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  const file = path.resolve(config.DATA_DIR, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  configureFaultPauses(config.TEST_FAULT_PAUSE);
  // JSON lines on stdout; a line written while serving a request carries its id (reqId).
  const log = pino({ level: config.LOG_LEVEL, mixin: requestIdMixin });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (err) => log.warn({ err }, 'idle database connection closed by the server'),
    // The embedded database's worker stopped: nothing can be served or saved; a supervisor restarts the process.
    onCrash: (err) => {
      log.fatal({ err }, 'the embedded database stopped');
      process.exit(1);
    },
  });
  await database.migrate();
  await seedReferenceData(database.db);
  // Background jobs (pg-boss): its own pool on PostgreSQL, inside PGlite otherwise. Workers are
  // registered by buildApp and stopped with the queue.
  const jobs = await PgBossQueue.start({
    database,
    connectionString: config.DATABASE_URL,
    log,
    everyMinute: config.TEST_SCHEDULES_EVERY_MINUTE,
    expireSeconds: config.JOB_EXPIRE_SECONDS,
  });
  // Fleet files are parsed in a worker thread (kept warm: its start-up is not paid by the first upload).
  const fleetParser = new WorkerFleetParser({ log });
  let closing = false;
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    providers: providersFromConfig(config, database.db, systemClock, log),
    secret: resolveSecret(config),
    logger: { level: config.LOG_LEVEL },
    jobs,
    fleetParser,
    shuttingDown: () => closing,
  });

  /**
   * SIGTERM/SIGINT: readiness answers 503 at once; the server stops accepting connections and closes idle
   * keep-alive ones, in-flight requests finish (app.close waits for them), then the job workers, the fleet
   * parser and the database stop, and the process exits 0. A second signal, or a stop taking longer than
   * SHUTDOWN_TIMEOUT_MS, exits 1.
   */
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      log.error('shutdown took too long: exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await jobs.stop();
      await fleetParser.close();
      await database.close();
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  fleetParser.warm().then(
    () => log.info('fleet parser worker ready'),
    (err: unknown) => {
      if (!closing) log.warn({ err }, 'fleet parser worker did not start');
    },
  );
  log.info(`TOGO listening on port ${config.PORT}, links to ${config.WEB_URL} (database: ${database.kind})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
