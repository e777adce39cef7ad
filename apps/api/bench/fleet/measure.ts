/** bench:fleet — the measuring children: exceljs's parse alone, and the import end to end with reads. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { FLEET_PATHS } from '@togo/domain/fleet/fleet.contract';
import type { Database } from '../../src/db/client.ts';
import { cellText } from '../../src/features/fleet/fleet-rows.ts';

export const MB = 1024 * 1024;
/** Reads measured idle, before and after the import (a p99 of 1,000 samples is the 10th slowest). */
const IDLE_READS = 1000;

export interface Measure {
  seconds: number;
  /** The upload request alone (checks, storing, queueing) until its 202 answer. */
  uploadMs?: number;
  peakRssMb: number;
  /** RSS with the app (and, on PGlite, the database) started and idle, before the upload. */
  baseRssMb?: number;
  rows?: number;
  vehicles?: number;
  errors?: number;
  p99IdleMs?: number;
  /** Idle again once the import is done: the same reads over the grown fleet (list and count read more rows). */
  p99IdleAfterMs?: number;
  p99ImportMs?: number;
  readsDuringImport?: number;
  /** Median read: idle before / during / idle after, ms. */
  p50Ms?: [number, number, number];
  loopDelayMs?: { p50: number; p99: number; max: number };
  /** p99 per read endpoint: idle before / during / idle after, ms. */
  perEndpoint?: Record<string, [number, number, number]>;
}

function peakRssMb(): number {
  // Linux getrusage ru_maxrss is in KiB.
  return Math.round((process.resourceUsage().maxRSS * 1024) / MB);
}

// ——— child: exceljs's streaming parse alone

export async function parseOnly(file: string): Promise<Measure> {
  const { default: ExcelJS } = await import('exceljs');
  const bytes = await readFile(file);
  const started = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let rows = 0;
  let chars = 0;
  for await (const ws of reader) {
    for await (const row of ws) {
      const values = row.values as unknown[];
      for (let c = 1; c <= 11; c++) chars += cellText(values[c]).length;
      rows++;
    }
  }
  if (chars < 0) console.log(chars);
  return { seconds: (performance.now() - started) / 1000, peakRssMb: peakRssMb(), rows: rows - 1 };
}

// ——— child: the import end to end (and reads during an import)

// The import child loads the whole API (dynamic imports: the parse child stays as lean as a bare parser).
async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const { openPglite, openPostgres } = await import('../../src/db/client.ts');
  const { default: pg } = await import('pg');
  const url = process.env.DATABASE_URL;
  if (!url) {
    // As `npm start` runs it: a data directory on disk (its first start, initdb in a child process).
    const dir = await mkdtemp(path.join(tmpdir(), 'togo-bench-pglite-'));
    const database = await openPglite(dir);
    return {
      database,
      drop: async () => {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `togo_bench_fleet_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 4);
  return {
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}
const p99 = (samples: number[]) => percentile(samples, 0.99);
const p50 = (samples: number[]) => percentile(samples, 0.5);

export async function importEndToEnd(file: string, smallFile: string | undefined): Promise<Measure> {
  const withReads = smallFile !== undefined;
  const { buildApp } = await import('../../src/app.ts');
  const { loadConfig } = await import('../../src/config.ts');
  const { seedReferenceData } = await import('../../src/db/seed/seed.ts');
  const { createCompanyUser } = await import('../../src/features/fleet/fleet.test-support.ts');
  const { multipart } = await import('../../src/features/garage/garage.test-support.ts');
  const { InlineJobQueue } = await import('../../src/jobs/inline.queue.ts');
  const { systemClock } = await import('../../src/lib/clock.ts');
  const { providersFromConfig } = await import('../../src/providers.ts');
  const { WorkerFleetParser } = await import('../../src/features/fleet/fleet-parser.ts');
  const bytes = await readFile(file);
  const { database, drop } = await openDatabase();
  await database.migrate();
  await seedReferenceData(database.db);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'togo-bench-fleet-'));
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir });
  const jobs = new InlineJobQueue();
  // As server.ts: the parser's worker is started (and warm) before the first upload.
  const fleetParser = new WorkerFleetParser();
  await fleetParser.warm();
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    providers: providersFromConfig(config, database.db, systemClock),
    secret: 'bench-secret-'.padEnd(40, 'x'),
    jobs,
    fleetLimits: { maxRows: 200_000, maxUploadBytes: 64 * MB },
    fleetParser,
  });
  await app.ready();
  const company = await createCompanyUser({ database, clock: systemClock });
  const body = multipart(bytes, { filename: 'flota.xlsx' });
  const post = () =>
    app.inject({
      method: 'POST',
      url: FLEET_PATHS.upload,
      headers: { ...company.headers, ...body.headers },
      payload: body.payload,
    });

  const reads = [
    `${FLEET_PATHS.list}?page=1&page_size=50`,
    `${FLEET_PATHS.errors}?page=1&page_size=10`,
    FLEET_PATHS.latestUpload,
  ];
  const readOnce = async (i: number) => {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: reads[i % reads.length] as string,
      headers: company.headers,
    });
    if (res.statusCode >= 500) throw new Error(`read failed ${res.statusCode}`);
    return performance.now() - t0;
  };

  let result: Measure;
  const baseRssMb = Math.round(process.memoryUsage().rss / MB);
  if (!withReads) {
    const started = performance.now();
    const res = await post();
    if (res.statusCode !== 202) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
    const uploadMs = performance.now() - started;
    await jobs.drain();
    const seconds = (performance.now() - started) / 1000;
    const status = (
      await app.inject({ method: 'GET', url: FLEET_PATHS.latestUpload, headers: company.headers })
    ).json();
    result = {
      seconds,
      uploadMs,
      peakRssMb: peakRssMb(),
      baseRssMb,
      rows: status.filas_procesadas,
      vehicles: status.vehiculos_agregados,
      errors: status.filas_con_errores,
    };
  } else {
    // A first small import so the reads have data, then idle reads, then reads while the big file imports.
    const small = multipart(await readFile(smallFile));
    await app.inject({
      method: 'POST',
      url: FLEET_PATHS.upload,
      headers: { ...company.headers, ...small.headers },
      payload: small.payload,
    });
    await jobs.drain();
    for (let i = 0; i < 30; i++) await readOnce(i);
    const idle: number[] = [];
    for (let i = 0; i < IDLE_READS; i++) {
      idle.push(await readOnce(i));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const started = performance.now();
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
    await post();
    let importing = true;
    const draining = jobs.drain().finally(() => {
      importing = false;
    });
    const during: number[] = [];
    // Requests arrive through I/O: yield to the event loop between reads, as a server would.
    for (let i = 0; importing; i++) {
      during.push(await readOnce(i));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await draining;
    loopDelay.disable();
    const seconds = (performance.now() - started) / 1000;
    const idleAfter: number[] = [];
    for (let i = 0; i < IDLE_READS; i++) {
      idleAfter.push(await readOnce(i));
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Reads go round the endpoints in order: sample i is reads[i % reads.length].
    const of = (samples: number[], e: number) => p99(samples.filter((_, i) => i % reads.length === e));
    const perEndpoint = Object.fromEntries(
      reads.map((url, e) => [
        url.split('?')[0] as string,
        [of(idle, e), of(during, e), of(idleAfter, e)].map((v) => Math.round(v * 10) / 10) as [
          number,
          number,
          number,
        ],
      ]),
    );
    result = {
      seconds,
      peakRssMb: peakRssMb(),
      p99IdleMs: p99(idle),
      p99IdleAfterMs: p99(idleAfter),
      p99ImportMs: p99(during),
      p50Ms: [p50(idle), p50(during), p50(idleAfter)],
      // The API thread's event-loop delay during the import (resolution 1 ms: values include that 1 ms).
      loopDelayMs: {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
      },
      readsDuringImport: during.length,
      perEndpoint,
    };
  }
  await app.close();
  await fleetParser.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
  return result;
}
