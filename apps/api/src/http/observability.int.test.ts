import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { InlineJobQueue } from '../jobs/inline.queue.ts';
import { ManualClock } from '../lib/clock.ts';
import { providersFromConfig } from '../providers.ts';
import { createTestDatabase } from '../test/test-db.ts';

/**
 * Request ids and JSON logs, TRUST_PROXY, /metrics, liveness/readiness, 'Modo demostración' and links from
 * the listening port (docs/decisions/019-production-runtime.md).
 */
let database: Database;
let dataDir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'togo-obs-'));
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Started {
  app: FastifyInstance;
  logs: Record<string, unknown>[];
}

async function start(
  env: Record<string, string> = {},
  opts: { config?: (c: Config) => Config; shuttingDown?: () => boolean } = {},
): Promise<Started> {
  const loaded = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir, ...env });
  const config = opts.config ? opts.config(loaded) : loaded;
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const clock = new ManualClock();
  const app = await buildApp({
    config,
    database,
    clock,
    providers: providersFromConfig(config, database.db, clock),
    secret: 'obs-secret-'.padEnd(40, 'x'),
    jobs: new InlineJobQueue(),
    logger: { level: 'info', stream },
    shuttingDown: opts.shuttingDown,
  });
  app.get('/api/test/ip', async (req) => {
    req.log.info('reading the client address');
    app.log.info('a service line without the request logger');
    return { ip: req.ip };
  });
  await app.ready();
  apps.push(app);
  return { app, logs };
}

describe('request ids', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });

  it('keeps a safe X-Request-Id, echoes it, and every log line of the request carries it', async () => {
    const res = await s.app.inject({ url: '/api/test/ip', headers: { 'x-request-id': 'edge-42.a:b_c' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('edge-42.a:b_c');
    const lines = s.logs.filter((l) => l.reqId === 'edge-42.a:b_c');
    expect(lines.map((l) => l.msg)).toEqual([
      'incoming request',
      'reading the client address',
      'a service line without the request logger',
      'request completed',
    ]);
    // The request logger's own binding is not repeated by the mixin.
    expect(s.logs.every((l) => typeof l.level === 'number' && typeof l.time === 'number')).toBe(true);
  });

  it.each([
    ['a header with spaces', 'x y'],
    ['a newline injection', 'abc\r\nx-evil: 1'.replace(/[\r\n]/g, '')],
    ['an oversized id', 'a'.repeat(129)],
    ['JSON', '{"a":1}'],
  ])('replaces %s by a generated UUID', async (_what, header) => {
    const res = await s.app.inject({ url: '/api/health/live', headers: { 'x-request-id': header } });
    expect(res.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(res.headers['x-request-id']).not.toBe(header);
  });

  it('gives two requests without the header two different ids', async () => {
    const a = await s.app.inject({ url: '/api/health/live' });
    const b = await s.app.inject({ url: '/api/health/live' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('TRUST_PROXY', () => {
  const ipOf = async (app: FastifyInstance, remoteAddress: string, xff?: string) => {
    const res = await app.inject({
      url: '/api/test/ip',
      remoteAddress,
      headers: xff ? { 'x-forwarded-for': xff } : {},
    });
    return (res.json() as { ip: string }).ip;
  };

  it('false (default): X-Forwarded-For is ignored', async () => {
    const { app } = await start();
    expect(await ipOf(app, '10.0.0.5', '203.0.113.9')).toBe('10.0.0.5');
  });

  it('a list of proxy addresses/CIDRs: honoured only from those proxies', async () => {
    const { app } = await start({ TRUST_PROXY: '10.0.0.0/8,192.168.7.7' });
    expect(await ipOf(app, '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf(app, '192.168.7.7', '203.0.113.9')).toBe('203.0.113.9');
    // A client that connects directly cannot choose its address.
    expect(await ipOf(app, '198.51.100.20', '203.0.113.9')).toBe('198.51.100.20');
    // A forged entry the client put before the proxy's is not believed: the proxy saw 198.51.100.20.
    expect(await ipOf(app, '10.0.0.5', '203.0.113.9, 198.51.100.20')).toBe('198.51.100.20');
  });

  it('a hop count: the nearest N hops are proxies, the address before them is the client', async () => {
    const { app } = await start({ TRUST_PROXY: '1' });
    expect(await ipOf(app, '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf(app, '10.0.0.5', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    const two = await start({ TRUST_PROXY: '2' });
    expect(await ipOf(two.app, '10.0.0.5', '1.2.3.4, 203.0.113.9')).toBe('1.2.3.4');
  });
});

describe('GET /metrics', () => {
  const token = 'metrics-token-'.padEnd(40, 'm');

  it('does not exist without METRICS_TOKEN', async () => {
    const { app } = await start();
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(404);
  });

  it('refuses a missing or wrong token and serves Prometheus text for the right one', async () => {
    const { app } = await start({ METRICS_TOKEN: token });
    for (const authorization of [undefined, `Bearer ${token}x`, `Token ${token}`, token, 'Bearer ']) {
      const res = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('togo_');
    }
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/garage/vehiculos/123/no-existe' });
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /togo_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    // Unmatched URLs share one series (no label per raw URL).
    expect(res.body).toContain('route="unmatched",status="404"');
    expect(res.body).not.toContain('no-existe');
    expect(res.body).toContain('togo_provider_errors_total{provider="payments"} 0');
    expect(res.body).toMatch(/togo_job_queue_depth\{queue="[a-z-]+"\} 0/);
  });
});

describe('health', () => {
  it('live answers while the process runs; ready checks the database and migrations', async () => {
    const { app } = await start();
    expect((await app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
    expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
  });

  it('ready answers 503 once shutting down; live still answers', async () => {
    let stopping = false;
    const { app } = await start({}, { shuttingDown: () => stopping });
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    stopping = true;
    const res = await app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'stopping' });
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe('demonstration mode and links', () => {
  const demo = {
    NODE_ENV: 'production',
    ALLOW_DEMO: '1',
    APP_SECRET: 'd'.repeat(40),
    WEB_URL: 'https://demo.togo.example',
  };

  it('production with ALLOW_DEMO=1 tells the web app (demo_mode) and keeps the sandbox checkout', async () => {
    const { app } = await start(demo);
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({
      demo_mode: true,
      outbox: false,
      web_url: 'https://demo.togo.example',
    });
    // The checkout page exists (an unknown reference is a 404 page, not an unknown route).
    const page = await app.inject({ url: '/api/pagos/sandbox/TG0000000000/' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Pago no encontrado');
  });

  it('a production server never mounts the sandbox checkout without ALLOW_DEMO', async () => {
    // loadConfig refuses this configuration; built by hand, the app still does not offer approvals.
    const { app } = await start(demo, { config: (c) => ({ ...c, ALLOW_DEMO: false }) });
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({ demo_mode: false });
    const page = await app.inject({ url: '/api/pagos/sandbox/TG0000000000/' });
    expect(page.body).not.toContain('Pago');
    const approve = await app.inject({
      method: 'POST',
      url: '/api/pagos/sandbox/TG0000000000/decision/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=APPROVED',
    });
    expect(approve.statusCode).toBe(404);
    expect(approve.json()).toEqual({ detail: 'No encontrado.' });
  });

  it('development and test never show the banner', async () => {
    const { app } = await start({ ALLOW_DEMO: '1' });
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({ demo_mode: false });
  });

  it('without WEB_URL, the share link and the payment link use the listening port', async () => {
    const { app } = await start({ PORT: '4517' });
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({
      web_url: 'http://localhost:4517',
    });
    const config = loadConfig({ PORT: '4517' });
    const { paymentsFromConfig } = await import('../providers.ts');
    const link = await paymentsFromConfig(config, 'x'.repeat(40)).createPaymentLink({
      reference: 'TG0000000001',
      amountInCents: 100_00,
      description: 'RTM',
      customerEmail: null,
      expiresAt: new Date(Date.now() + 60_000),
      redirectUrl: `${config.WEB_URL}/app/servicios`,
    });
    expect(link).toBe('http://localhost:4517/api/pagos/sandbox/TG0000000001/');
  });
});
