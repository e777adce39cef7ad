import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import type { Database } from '../../apps/api/src/db/client.ts';
import { InlineJobQueue } from '../../apps/api/src/jobs/inline.queue.ts';
import { systemClock, type Clock } from '../../apps/api/src/lib/clock.ts';
import { providersFromConfig } from '../../apps/api/src/providers.ts';
import { createTestDatabase } from '../../apps/api/src/test/test-db.ts';

export const webDist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

/** The app secret of every journey's server (what seals a staff member's TOTP secret, for instance). */
export const E2E_APP_SECRET = 'e2e-secret'.padEnd(40, 'x');

export interface RunningApp {
  url: string;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
  /** Newest message sent to an email or phone through the dev outbox. */
  lastCode(to: string): Promise<string>;
  /** Runs the background jobs queued so far (registry and fines look-ups of new vehicles). */
  drainJobs(): Promise<void>;
}

export interface StartAppOptions {
  /** Extra configuration (environment variables as config.ts reads them). */
  env?: Record<string, string>;
  /** Listen on this port (0 = any free one); set it with WEB_URL when links must point back here. */
  port?: number;
  /** Serve this built web app instead of apps/web/dist (a second build, for the update prompt). */
  webDistDir?: string;
  /**
   * The server's "now" when it starts (a journey's fixed date; give the browser the same with newMobilePage's
   * `now`): its clock starts there and runs at real speed. Default: the real time.
   */
  now?: Date;
}

/** A clock that starts at `start` and then runs at real speed, so timestamps still increase. */
function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** The real API + built web app on 127.0.0.1 with a fresh database (PGlite, or PostgreSQL with DATABASE_URL). */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const dist = options.webDistDir ?? webDist;
  if (!existsSync(`${dist}/index.html`)) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: dist, LOG_LEVEL: 'silent', ...options.env });
  // Jobs run only when a journey asks (drainJobs), so what the browser sees does not race a queue.
  const jobs = new InlineJobQueue();
  const clock = options.now ? clockFrom(options.now) : systemClock;
  const app = await buildApp({
    config,
    database,
    clock,
    providers: providersFromConfig(config, database.db, clock),
    secret: E2E_APP_SECRET,
    jobs,
  });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
    async lastCode(to: string) {
      const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const list = (await res.json()) as { code: string | null }[];
      const code = list[0]?.code;
      if (!code) throw new Error(`no code sent to ${to}`);
      return code;
    },
    async drainJobs() {
      await jobs.drain();
    },
  };
}

/** A port that was free a moment ago (to put the app's own URL in WEB_URL before it listens). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
