/**
 * npm run bench:api — authenticated read endpoints against a bare Fastify handler running the same SQL on
 * the same database (PGlite by default; with DATABASE_URL it creates and drops its own database
 * togo_bench_<pid> on that server). Both sides pay for the token → session look-up. Prints req/s, p99 and
 * the ratio (target ≥ 0.8× on every endpoint), the statements per request, and whether both sides issued
 * the same SQL and answered byte-identical JSON (checked once per endpoint before timing). The run fails
 * (exit code 1, nothing timed) when they differ: a ratio against another query is no baseline. Writes
 * bench-results/api.json.
 *
 * BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_ONLY=<part of an endpoint's name>,
 * BENCH_LOG_SQL=1 prints the statements, BENCH_CPU_PROFILE=<dir> writes a CPU profile of every timed run
 * (<endpoint>.app|bare.cpuprofile; open them in Chrome DevTools).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { isServiceDay, upcomingDates } from '@togo/domain/booking/booking.rules';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/seed.ts';
import { TOKEN_TTL_MS } from '../src/http/session-tokens.ts';
import { systemClock } from '../src/lib/clock.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { providersFromConfig } from '../src/providers.ts';
import { bareCases } from './api/cases.ts';
import { seed } from './api/seed.ts';
import { EXTEND_SQL, SESSION_SQL, rowToUser } from './api/sql.ts';
import { openBenchDatabase } from './bench-db.ts';
import { writeBenchResult, type BenchTarget } from './bench-results.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Math.min(DURATION, 3);
const LOG_SQL = process.env.BENCH_LOG_SQL === '1';
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const SECRET = 'bench'.padEnd(40, 'x');
/** TokenService writes the sliding expiry at most this often per token. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;
const TARGET_RATIO = 0.8;

// ——— Database

type QueryFn = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Records the SQL text of every statement sent through the driver client that drizzle and
 * `database.query` share (the PGlite instance or the pg Pool). Bench-only: it reaches into drizzle's
 * session for that client. Only installed while checking, never while timing.
 */
async function recordQueries(database: Database, fn: () => Promise<void>): Promise<string[]> {
  const client = (database.db as unknown as { session: { client: { query: QueryFn } } }).session.client;
  const original = client.query;
  const log: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    log.push(typeof q === 'string' ? q : (q as { text: string }).text);
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return log;
}

/** The bare SQL names its columns (object rows); without the aliases it is the endpoint's text. */
function normalizeSql(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ as "?[a-z_]+"?(?=[ ,])/g, '')
    .trim();
}

// ——— Running

async function run(url: string, token: string, duration: number, body?: unknown) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: {
      authorization: `Token ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  // Requests cut off at the end are still being answered; let them finish before the next run.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Runs fn, under the CPU profiler when BENCH_CPU_PROFILE is set. */
async function profiled<T>(file: string, fn: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(path.join(PROFILE_DIR, file), JSON.stringify(profile));
    session.disconnect();
  }
}

/** The answer's exact bytes, with the server's own origin (in 'next' links) made comparable. */
async function fetchText(origin: string, path: string, token: string, body?: unknown): Promise<string> {
  const res = await fetch(`${origin}${path}`, {
    headers: {
      authorization: `Token ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${origin}${path}: ${res.status} ${text}`);
  return text.replaceAll(origin, '<origin>');
}

async function main() {
  const { database, url, drop } = await openBenchDatabase();
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
    await database.migrate();
    await seedReferenceData(database.db);
    const { token, selectedId } = await seed(database, config);
    const slotDate = upcomingDates(systemClock.now()).find((d) => isServiceDay(d)) ?? '';

    const app = await buildApp({
      config,
      database,
      clock: systemClock,
      providers: providersFromConfig(config, database.db, systemClock),
      secret: SECRET,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const only = process.env.BENCH_ONLY;
    // Two bookings in the benchmarked slot, so the slots read counts real rows.
    for (const franja of ['9:00 AM', '9:00 AM', '10:00 AM']) {
      const res = await fetch(`${appUrl}/wh/tramites/agenda/`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          sessionInfo: {
            parameters: {
              placa: 'JKM482',
              ciudad: '11001',
              sede: 'TRA-BOG-01',
              tramite: ['TRASPASO'],
              fecha_agenda: slotDate,
              franja,
              metodo_pago: 'pagar_en_sitio',
            },
          },
        }),
      });
      if (res.status !== 200) throw new Error(`bench booking: ${res.status} ${await res.text()}`);
    }
    const cases = bareCases(SECRET, database, selectedId, slotDate).filter(
      (c) => !only || c.name.includes(only),
    );
    const bare = Fastify({ logger: false });
    for (const c of cases) {
      bare.route({
        method: c.body === undefined ? 'GET' : 'POST',
        url: c.path.split('?')[0] ?? c.path,
        handler: async (req, reply) => {
          const tok = /^Token\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
          const now = new Date();
          const [row] = await database.query(SESSION_SQL, [sha256Hex(tok), now.toISOString(), 1]);
          if (!row) return reply.code(401).send({ detail: 'Token inválido o expirado.' });
          const fullExpiry = now.getTime() + TOKEN_TTL_MS;
          if (fullExpiry - (row.expires_at as Date).getTime() > EXTEND_AFTER_MS) {
            await database.query(EXTEND_SQL, [new Date(fullExpiry).toISOString(), row.token_id]);
          }
          return c.bare(rowToUser(row), req);
        },
      });
    }
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

    console.log(
      `bench:api — database ${database.kind}${url ? ` (${new URL(url).pathname.slice(1)})` : ''}, ` +
        `${CONNECTIONS} connections, ${DURATION} s per run, Node ${process.version}`,
    );
    // First, once each and recorded (before any load, so nothing else is in flight): the statements both
    // sides send, and their answers.
    const checks: { statements: number | string; same: boolean }[] = [];
    for (const c of cases) {
      let appBody = '';
      let bareBody = '';
      const appSql = await recordQueries(database, async () => {
        appBody = await fetchText(appUrl, c.path, token, c.body);
      });
      const bareSql = await recordQueries(database, async () => {
        bareBody = await fetchText(bareUrl, c.path, token, c.body);
      });
      const sameSql = isDeepStrictEqual(appSql.map(normalizeSql), bareSql.map(normalizeSql));
      const sameJson = appBody === bareBody;
      if (LOG_SQL || !sameSql) {
        console.log(`\n${c.name} — app:\n  ${appSql.map(normalizeSql).join('\n  ')}`);
        console.log(`${c.name} — bare:\n  ${bareSql.map(normalizeSql).join('\n  ')}`);
      }
      if (!sameJson) console.log(`\n${c.name}: different answers\n app:  ${appBody}\n bare: ${bareBody}`);
      checks.push({
        statements:
          appSql.length === bareSql.length ? appSql.length : `${appSql.length} vs ${bareSql.length}`,
        same: sameSql && sameJson,
      });
    }
    const differing = cases.filter((_, i) => !checks[i]?.same).map((c) => c.name);
    if (differing.length > 0) {
      throw new Error(
        `the bare handler does not run the app's SQL or answer its exact JSON on: ${differing.join(', ')}`,
      );
    }

    const rows = [];
    for (const [i, c] of cases.entries()) {
      await run(`${appUrl}${c.path}`, token, WARMUP, c.body);
      await run(`${bareUrl}${c.path}`, token, WARMUP, c.body);
      const file = c.name.replace(/\W+/g, '_');
      const a = await profiled(`${file}.app.cpuprofile`, () =>
        run(`${appUrl}${c.path}`, token, DURATION, c.body),
      );
      const b = await profiled(`${file}.bare.cpuprofile`, () =>
        run(`${bareUrl}${c.path}`, token, DURATION, c.body),
      );
      rows.push({
        endpoint: c.name,
        'app req/s': Math.round(a.rps),
        'app p99 ms': a.p99,
        'bare req/s': Math.round(b.rps),
        'bare p99 ms': b.p99,
        ratio: Number((a.rps / b.rps).toFixed(2)),
        target: `≥ ${TARGET_RATIO.toFixed(2)}`,
        'SQL/req': checks[i]?.statements,
        'same SQL+JSON': checks[i]?.same ? 'yes' : 'NO',
      });
    }
    console.table(rows);
    const figures: Record<string, unknown> = { database: database.kind, connections: CONNECTIONS };
    const targets: Record<string, BenchTarget> = {};
    for (const r of rows) {
      figures[r.endpoint] = {
        app_rps: r['app req/s'],
        app_p99_ms: r['app p99 ms'],
        bare_rps: r['bare req/s'],
        bare_p99_ms: r['bare p99 ms'],
        ratio: r.ratio,
        same_sql_and_json: r['same SQL+JSON'] === 'yes',
      };
      targets[`${r.endpoint} ratio`] = { figure: `${r.endpoint}.ratio`, op: '>=', value: TARGET_RATIO };
      targets[`${r.endpoint} same SQL+JSON`] = {
        figure: `${r.endpoint}.same_sql_and_json`,
        op: '==',
        value: true,
      };
    }
    if (database.kind !== 'postgres') {
      console.log('The ratio target is set on PostgreSQL: run with DATABASE_URL for a result that counts.');
    }
    if (!writeBenchResult('api', figures, targets).pass) process.exitCode = 1;
    await app.close();
    await bare.close();
  } finally {
    await database.close();
    await drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
