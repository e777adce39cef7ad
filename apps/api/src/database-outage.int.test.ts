import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { openPostgres, type Database } from './db/client.ts';
import { createSignedInUser, type TestUser } from './features/garage/garage.test-support.ts';
import { systemClock } from './lib/clock.ts';
import { startApiProcess, type ApiProcess } from './test/api-process.ts';
import { createScratchPostgres, type ScratchPostgres } from './test/test-db.ts';
import { httpCall, waitFor, type HttpAnswer } from './test/two-instances.test-support.ts';

/**
 * Issue 40 (decision 113): PostgreSQL restarted under load. The API reaches PostgreSQL through a TCP proxy in
 * this test; cutting it (every connection closed, new ones refused) is what a server restart looks like from
 * the API. While it is down requests answer a Spanish 503 at once (or after the pool's connection timeout when
 * nothing answers at all) and readiness says so; once it is back the same process serves again, by itself.
 */
const SERVER_URL = process.env.DATABASE_URL;
const title = SERVER_URL
  ? 'PostgreSQL going away under load'
  : 'PostgreSQL going away under load (skipped: needs DATABASE_URL)';
const UNAVAILABLE = {
  detail: 'El servicio no está disponible en este momento. Intenta de nuevo en unos minutos.',
};

/** A TCP proxy to PostgreSQL that can be cut (connections closed, port closed) and restored on the same port. */
class PgProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** `hang`: connections are accepted and never answered (a server that is not there, its address still routed). */
  async open(mode: 'forward' | 'hang' = 'forward'): Promise<void> {
    const server = createServer((client) => {
      if (mode === 'hang') {
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => undefined);
        return;
      }
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

const ctx = {} as {
  scratch: ScratchPostgres;
  proxy: PgProxy;
  api: ApiProcess;
  database: Database;
  dataDir: string;
  user: TestUser;
};

const myBookings = () =>
  httpCall(ctx.api.url, 'GET', BOOKING_PATHS.myBookings, { headers: ctx.user.headers });
const ready = () => httpCall(ctx.api.url, 'GET', '/api/health/ready');

describe.skipIf(!SERVER_URL)(title, () => {
  beforeAll(async () => {
    ctx.scratch = await createScratchPostgres(SERVER_URL ?? '', 'h40f_outage');
    const direct = new URL(ctx.scratch.url);
    ctx.proxy = new PgProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await ctx.proxy.open();
    const viaProxy = new URL(ctx.scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(ctx.proxy.port);
    ctx.dataDir = await mkdtemp(path.join(tmpdir(), 'togo-outage-'));
    ctx.api = await startApiProcess('API', {
      NODE_ENV: 'test',
      DATABASE_URL: viaProxy.toString(),
      APP_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: ctx.dataDir,
      WEB_DIST_DIR: path.join(ctx.dataDir, 'no-web-build'),
    });
    // The test's own connection goes straight to PostgreSQL.
    ctx.database = await openPostgres(ctx.scratch.url, 2);
    ctx.user = await createSignedInUser({ database: ctx.database, clock: systemClock });
  }, 120_000);

  afterAll(async () => {
    await ctx.api?.stop();
    await ctx.proxy?.cut();
    await ctx.database?.close();
    await ctx.scratch?.drop();
    if (ctx.dataDir) await rm(ctx.dataDir, { recursive: true, force: true });
  }, 60_000);

  afterEach((test) => {
    if (test.task.result?.state === 'fail' && ctx.api) console.error(ctx.api.output());
  });

  it('answers a Spanish 503 while it is down, says so in readiness, and recovers by itself', async () => {
    expect((await myBookings()).status).toBe(200);
    expect((await ready()).status).toBe(200);

    // Under load: requests in flight when the server goes away, and more while it is away.
    const load = Array.from({ length: 8 }, () => myBookings());
    await ctx.proxy.cut();
    const during: HttpAnswer[] = await Promise.all([
      ...load,
      ...Array.from({ length: 8 }, () => myBookings()),
    ]);
    const down = during.filter((r) => r.status !== 200);
    expect(down.length).toBeGreaterThan(0);
    for (const r of down) {
      expect(r.status, r.text).toBe(503);
      expect(r.json()).toEqual(UNAVAILABLE);
    }
    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'unavailable', detail: 'Base de datos no disponible.' });
    expect(await myBookings().then((r) => [r.status, r.json()])).toEqual([503, UNAVAILABLE]);

    // Its address answering nothing at all: the pool gives up connecting after its timeout, the answer is the same.
    await ctx.proxy.open('hang');
    expect(await myBookings().then((r) => [r.status, r.json()])).toEqual([503, UNAVAILABLE]);
    expect((await ready()).status).toBe(503);
    await ctx.proxy.cut();

    // Back on the same address: the same process serves again, no restart.
    await ctx.proxy.open();
    await waitFor('readiness to answer 200 again', 30_000, async () => (await ready()).status === 200);
    const after = await Promise.all(Array.from({ length: 8 }, () => myBookings()));
    expect(after.map((r) => r.status)).toEqual(Array.from({ length: 8 }, () => 200));
    const health = await httpCall(ctx.api.url, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(ctx.api.output()).not.toMatch(/"level":60/);
  });
});
