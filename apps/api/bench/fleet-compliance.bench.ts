/**
 * npm run bench:fleet-compliance — the fleet compliance grid over 10,000 vehicles (Bogotá, Medellín, Cali and
 * others; registry snapshots with SOAT/RTM dates for every vehicle, fines for a third). Measures through the
 * whole app (Token auth, organisation membership, zod, JSON): a page of the grid (p99 of 200 requests, pages
 * spread over the fleet) and the full .xlsx export (time and the process's peak RSS), each beside the bare SQL
 * it runs (the repository's statements through the same pool) as a ratio. Targets: page p99 ≤ 150 ms; export
 * ≤ 3 s and ≤ 250 MB peak RSS. PostgreSQL with DATABASE_URL (its own database togo_bench_fc_<pid>, dropped),
 * PGlite in memory otherwise. A measurement, never an assertion.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FLEET_COMPLIANCE_PATHS } from '@togo/domain/fleet/fleet-compliance.contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedReferenceData } from '../src/db/seed/seed.ts';
import { FleetComplianceRepository } from '../src/features/fleet/fleet-compliance.repository.ts';
import { createCompanyUser } from '../src/features/fleet/fleet.test-support.ts';
import { InlineJobQueue } from '../src/jobs/inline.queue.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { newToken, sha256Hex } from '../src/lib/crypto.ts';
import { providersFromConfig } from '../src/providers.ts';
import { openBenchDatabase } from './bench-db.ts';
import { writeBenchResult } from './bench-results.ts';
import { rssOf, startCompiledApi } from './server-process.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const PAGE_REQUESTS = Number(process.env.BENCH_PAGE_REQUESTS ?? 200);
const PAGE_SIZE = 50;
const DATE = '2026-01-20';

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))] ?? NaN;
}
const p99 = (samples: number[]) => quantile(samples, 0.99);
const p50 = (samples: number[]) => quantile(samples, 0.5);
const ms = (n: number) => Number(n.toFixed(1));

async function main() {
  const { database, url, drop } = await openBenchDatabase('togo_bench_fc');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'togo-bench-fc-'));
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const clock = new ManualClock();
    clock.set(`${DATE}T15:00:00Z`);
    const company = await createCompanyUser({ database, clock });
    // Plates AAA000…; cities cycle over Bogotá, Medellín, Cali, Barranquilla and Bucaramanga.
    await database.query(
      `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario, department_id, city_id)
       select $1, chr(65 + (g / 676000) % 26) || chr(65 + (g / 26000) % 26) || chr(65 + (g / 1000) % 26)
                  || lpad((g % 1000)::text, 3, '0'),
              '900123456', 5, (array[11, 5, 76, 8, 68])[1 + g % 5], (array[11001, 5001, 76001, 8001, 68001])[1 + g % 5]
       from generate_series(0, $2::int - 1) g`,
      [company.id, VEHICLES],
    );
    await database.query(
      `insert into provider_snapshots (vehicle_id, kind, provider, status, data)
       select id, 'registry', 'demo', 'ok', jsonb_build_object(
         'soat', case when id % 17 = 0 then null
                      else jsonb_build_object('fecha_vencimiento', to_char($2::date + (id * 37 % 400) - 60, 'YYYY-MM-DD')) end,
         'rtm', jsonb_build_object('fecha_vencimiento', to_char($2::date + (id * 53 % 400) - 40, 'YYYY-MM-DD')))
       from vehicles where user_id = $1`,
      [company.id, DATE],
    );
    await database.query(
      `insert into provider_snapshots (vehicle_id, kind, provider, status, data)
       select id, 'fines', 'demo', 'ok', jsonb_build_object('comparendos_persona', '[]'::jsonb,
         'comparendos_vehiculo', jsonb_build_array(
           jsonb_build_object('numero', id::text, 'estado', 'vigente', 'total', 604100),
           jsonb_build_object('numero', id::text || 'b', 'estado', 'pagado', 'total', 300000)))
       from vehicles where user_id = $1 and id % 3 = 0`,
      [company.id],
    );
    await database.query('analyze');

    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir });
    const jobs = new InlineJobQueue();
    const app = await buildApp({
      config,
      database,
      clock,
      providers: providersFromConfig(config, database.db, clock),
      secret: 'bench-secret-'.padEnd(40, 'x'),
      jobs,
    });
    await app.ready();
    const repo = new FleetComplianceRepository(database.db);
    const pages = Math.ceil(VEHICLES / PAGE_SIZE);
    const pageOf = (i: number) => 1 + ((i * 7919) % pages);

    // Warm-up, then the endpoint and the bare SQL on the same pages.
    for (let i = 0; i < 10; i += 1) {
      await app.inject({
        method: 'GET',
        url: `${FLEET_COMPLIANCE_PATHS.grid}?fecha=${DATE}&page=${pageOf(i)}&page_size=${PAGE_SIZE}`,
        headers: company.headers,
      });
    }
    const endpoint: number[] = [];
    for (let i = 0; i < PAGE_REQUESTS; i += 1) {
      const started = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `${FLEET_COMPLIANCE_PATHS.grid}?fecha=${DATE}&page=${pageOf(i)}&page_size=${PAGE_SIZE}`,
        headers: company.headers,
      });
      endpoint.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`grid answered ${res.statusCode}: ${res.body}`);
    }
    const bare: number[] = [];
    for (let i = 0; i < PAGE_REQUESTS; i += 1) {
      const started = performance.now();
      await Promise.all([
        repo.page(company.id, { limit: PAGE_SIZE, offset: (pageOf(i) - 1) * PAGE_SIZE }),
        repo.groups(company.id, DATE, 30),
      ]);
      bare.push(performance.now() - started);
    }

    // The full export: time and peak RSS. On PostgreSQL it runs in a production-like server process (the
    // compiled bundle, as `npm start` runs it) whose RSS is read from /proc every 10 ms, so the figure is the
    // server's and not this benchmark's (tsx, the seeded arrays, the in-process app). PGlite in memory can't
    // be shared with another process, so there it is this process's RSS.
    const exported = url
      ? await exportInServerProcess({ url, dataDir, headers: await realTimeToken(database, company.id) })
      : await exportInProcess(app, company.headers);
    const bareAllStart = performance.now();
    const all = await repo.page(company.id, { limit: null });
    const bareAllMs = performance.now() - bareAllStart;
    await app.close();
    await jobs.stop();

    const figures = {
      database: url ? 'postgresql' : 'pglite',
      load_average_1m: Number(loadavg()[0]?.toFixed(2)),
      vehicles: VEHICLES,
      page: {
        requests: PAGE_REQUESTS,
        page_size: PAGE_SIZE,
        p50_ms: ms(p50(endpoint)),
        p99_ms: ms(p99(endpoint)),
        bare_sql_p50_ms: ms(p50(bare)),
        bare_sql_p99_ms: ms(p99(bare)),
        ratio_to_bare: Number((p99(endpoint) / p99(bare)).toFixed(2)),
      },
      export: {
        rows: all.length,
        measured_in: exported.measuredIn,
        bytes: exported.bytes,
        ms: ms(exported.ms),
        bare_sql_ms: ms(bareAllMs),
        ratio_to_bare: Number((exported.ms / bareAllMs).toFixed(2)),
        peak_rss_mb: exported.peakRssMb,
        rss_before_mb: exported.rssBeforeMb,
      },
    };
    console.log(JSON.stringify(figures, null, 2));
    writeBenchResult('fleet-compliance', figures, {
      'page p99 ≤ 150 ms': { figure: 'page.p99_ms', op: '<=', value: 150 },
      'full .xlsx ≤ 3 s': { figure: 'export.ms', op: '<=', value: 3000 },
      'full .xlsx peak RSS ≤ 250 MB': { figure: 'export.peak_rss_mb', op: '<=', value: 250 },
    });
  } finally {
    await database.close().catch(() => undefined);
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface ExportFigures {
  measuredIn: string;
  bytes: number;
  ms: number;
  peakRssMb: number;
  rssBeforeMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const EXPORT_URL = `${FLEET_COMPLIANCE_PATHS.xlsx}?fecha=${DATE}`;

async function exportInProcess(
  app: Awaited<ReturnType<typeof buildApp>>,
  headers: Record<string, string>,
): Promise<ExportFigures> {
  const baseRss = process.memoryUsage().rss;
  let peak = baseRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const xlsx = await app.inject({ method: 'GET', url: EXPORT_URL, headers });
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (xlsx.statusCode !== 200) throw new Error(`export answered ${xlsx.statusCode}`);
  return {
    measuredIn: 'bench process (PGlite)',
    bytes: xlsx.rawPayload.length,
    ms: elapsed,
    peakRssMb: mb(peak),
    rssBeforeMb: mb(baseRss),
  };
}

/** The server process runs on the real clock: a token for the company valid today. */
async function realTimeToken(
  database: Awaited<ReturnType<typeof openBenchDatabase>>['database'],
  userId: number,
): Promise<Record<string, string>> {
  const token = newToken();
  await database.query(
    `insert into auth_tokens (user_id, token_hash, created, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
    [userId, sha256Hex(token)],
  );
  return { authorization: `Token ${token}` };
}

async function exportInServerProcess(opts: {
  url: string;
  dataDir: string;
  headers: Record<string, string>;
}): Promise<ExportFigures> {
  const server = await startCompiledApi('bench-export', {
    NODE_ENV: 'test',
    DATABASE_URL: opts.url,
    DATA_DIR: path.join(opts.dataDir, 'server'),
    WEB_DIST_DIR: path.join(opts.dataDir, 'no-web-build'),
    APP_SECRET: 'bench-secret-'.padEnd(40, 'x'),
  });
  try {
    const baseRss = await rssOf(server.pid);
    let peak = baseRss;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssOf(server.pid));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = performance.now();
    const res = await fetch(`${server.url}${EXPORT_URL}`, { headers: opts.headers });
    const body = Buffer.from(await res.arrayBuffer());
    const elapsed = performance.now() - started;
    sampling = false;
    await sampler;
    peak = Math.max(peak, await rssOf(server.pid));
    if (res.status !== 200)
      throw new Error(`export answered ${res.status}: ${body.toString('utf8').slice(0, 200)}`);
    return {
      measuredIn: 'compiled API server process (dist/server.js)',
      bytes: body.length,
      ms: elapsed,
      peakRssMb: mb(peak),
      rssBeforeMb: mb(baseRss),
    };
  } finally {
    await server.stop();
  }
}

await main();
