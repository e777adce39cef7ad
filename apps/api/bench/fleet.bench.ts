/**
 * npm run bench:fleet — the fleet import end to end (POST create_vehicle_flota_archivo → the import job → last
 * row stored) for 10,000- and 100,000-row files, beside exceljs's streaming parse of the same file alone, and
 * the read endpoints' p99 while an import runs vs idle. Each measurement runs in its own child process so its
 * peak RSS (getrusage maxRSS) is its own. On PGlite (in memory, inside the measured process) by default; with
 * DATABASE_URL each child creates and drops its own database on that server.
 * Targets (ARCHITECTURE.md): 10k ≤ 3 s and ≤ 300 MB peak RSS; 100k peak RSS ≤ 1.5× the 10k run; import total
 * ≤ 2× the parse alone; read p99 during an import ≤ 2× idle. A measurement, never an assertion.
 * Env: BENCH_FLEET_SIZES=10000,100000 (default); BENCH_FLEET_RUNS=3 (runs of each, medians compared).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFleetXlsx, goodRow } from '../src/features/fleet/fleet.test-support.ts';
import { writeBenchResult, type BenchTarget } from './bench-results.ts';
import { MB, importEndToEnd, parseOnly, type Measure } from './fleet/measure.ts';
import { serverIdleRss } from './fleet/server-idle.ts';

const SIZES = (process.env.BENCH_FLEET_SIZES ?? '10000,100000').split(',').map(Number);
/** Runs of each measurement per size (this machine's speed varies from one run to the next). */
const RUNS = Math.max(1, Number(process.env.BENCH_FLEET_RUNS ?? 3));

// ——— parent

/** The run with the median time. */
function medianRun(runs: Measure[]): Measure {
  return [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)] as Measure;
}

/** '(0.41-0.52 s)': the fastest and slowest of the runs. */
function spread(runs: Measure[]): string {
  const times = runs.map((m) => m.seconds);
  return runs.length < 2 ? '' : `(${Math.min(...times).toFixed(2)}-${Math.max(...times).toFixed(2)} s)`;
}

function runChild(mode: string, file: string, smallFile?: string): Promise<Measure> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, self, '--child', mode, file, ...(smallFile ? [smallFile] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: process.env,
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${mode} child exited ${code}: ${out}`));
      resolve(JSON.parse(line) as Measure);
    });
  });
}

function fileRows(n: number) {
  // 1 row in 50 is bad (unknown document type) so the error path is measured too.
  return Array.from({ length: n }, (_, i) => {
    const row = goodRow(i);
    if (i % 50 === 49) row[2] = 'XX';
    return row;
  });
}

/** bench-results/fleet.json (PostgreSQL) or fleet-pglite.json (the embedded database, its own memory budget). */
function writeFleetResult(
  results: { size: number; mb: number; parse: Measure; imp: Measure }[],
  reads: Record<string, unknown> | undefined,
  serverIdle: Awaited<ReturnType<typeof serverIdleRss>> | undefined,
) {
  const pglite = !process.env.DATABASE_URL;
  const figures: Record<string, unknown> = { database: pglite ? 'pglite' : 'postgres', runs: RUNS };
  const targets: Record<string, BenchTarget> = {};
  for (const r of results) {
    const key = `rows_${r.size}`;
    figures[key] = {
      import_seconds: Number(r.imp.seconds.toFixed(2)),
      upload_ms: r.imp.uploadMs,
      peak_rss_mb: r.imp.peakRssMb,
      idle_rss_mb: r.imp.baseRssMb,
      parse_seconds: Number(r.parse.seconds.toFixed(2)),
      import_over_parse: Number((r.imp.seconds / r.parse.seconds).toFixed(2)),
    };
    targets[`${r.size} import ≤ 2× parse`] = { figure: `${key}.import_over_parse`, op: '<=', value: 2 };
    if (r.size === 10_000) {
      targets['10k import ≤ 3 s'] = { figure: `${key}.import_seconds`, op: '<=', value: 3 };
      targets[`10k peak RSS ≤ ${pglite ? 600 : 300} MB`] = {
        figure: `${key}.peak_rss_mb`,
        op: '<=',
        value: pglite ? 600 : 300,
      };
    }
  }
  const first = results[0];
  const last = results[results.length - 1];
  if (first && last && first !== last) {
    figures.peak_rss_ratio = Number((last.imp.peakRssMb / first.imp.peakRssMb).toFixed(2));
    targets['largest / smallest peak RSS ≤ 1.5×'] = { figure: 'peak_rss_ratio', op: '<=', value: 1.5 };
  }
  if (serverIdle) {
    // `npm start` on the embedded database, idle after start (the measured import's own process above holds
    // the benchmark's files and tsx, so its idle figure is reported but not the target).
    figures.server_idle = serverIdle;
    targets['idle RSS after start ≤ 350 MB'] = {
      figure: 'server_idle.first_start_rss_mb',
      op: '<=',
      value: 350,
    };
    targets['idle RSS after a restart ≤ 350 MB'] = {
      figure: 'server_idle.restart_rss_mb',
      op: '<=',
      value: 350,
    };
  }
  if (reads) {
    figures.reads = reads;
    targets['read p99 during an import ≤ 2× idle'] = { figure: 'reads.p99_ratio', op: '<=', value: 2 };
  }
  writeBenchResult(pglite ? 'fleet-pglite' : 'fleet', figures, targets);
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    const [, mode, file, smallFile] = args;
    const m =
      mode === 'parse'
        ? await parseOnly(file as string)
        : await importEndToEnd(file as string, mode === 'import-reads' ? smallFile : undefined);
    process.stdout.write(`${JSON.stringify(m)}\n`);
    process.exit(0);
  }
  const db = process.env.DATABASE_URL
    ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})`
    : 'PGlite (in memory, in the measured process)';
  console.log(`Fleet import benchmark on ${db}; Node ${process.version}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'togo-bench-files-'));
  const results: { size: number; mb: number; parse: Measure; imp: Measure }[] = [];
  let readRatio: number | undefined;
  let readFigures: Record<string, unknown> | undefined;
  try {
    for (const size of SIZES) {
      const file = path.join(dir, `flota-${size}.xlsx`);
      const bytes = await buildFleetXlsx(fileRows(size));
      await writeFile(file, bytes);
      // Parse and import alternate, RUNS times each (a fresh process every time); the medians are compared, the
      // peak RSS is the highest seen.
      const parses: Measure[] = [];
      const imports: Measure[] = [];
      for (let run = 0; run < RUNS; run++) {
        parses.push(await runChild('parse', file));
        imports.push(await runChild('import', file));
      }
      const parse = medianRun(parses);
      const imp = { ...medianRun(imports), peakRssMb: Math.max(...imports.map((m) => m.peakRssMb)) };
      results.push({ size, mb: bytes.length / MB, parse, imp });
      console.log(
        `${size.toLocaleString('en')} rows (${(bytes.length / MB).toFixed(1)} MB), median of ${RUNS}: ` +
          `import ${imp.seconds.toFixed(2)} s ${spread(imports)} (upload request ${imp.uploadMs?.toFixed(0)} ms), ` +
          `peak RSS ${imp.peakRssMb} MB (idle app ${imp.baseRssMb} MB) ` +
          `(${imp.vehicles} vehicles, ${imp.errors} errors, ${imp.rows} rows) | ` +
          `parse alone ${parse.seconds.toFixed(2)} s ${spread(parses)}, peak RSS ${parse.peakRssMb} MB | ` +
          `import/parse ${(imp.seconds / parse.seconds).toFixed(2)}×`,
      );
    }
    const first = results[0];
    const last = results[results.length - 1];
    if (first && last && first !== last) {
      console.log(
        `peak RSS ${last.size.toLocaleString('en')} / ${first.size.toLocaleString('en')}: ` +
          `${(last.imp.peakRssMb / first.imp.peakRssMb).toFixed(2)}× (target ≤ 1.5×)`,
      );
    }
    if (last) {
      // Reads during the largest import: the most samples (a p99 of ~100 reads is the 2nd slowest one).
      // A first small import gives the idle reads data (written here: the child never loads exceljs).
      const small = path.join(dir, 'flota-200.xlsx');
      await writeFile(
        small,
        await buildFleetXlsx(Array.from({ length: 200 }, (_, i) => goodRow(900_000 + i))),
      );
      const reads = await runChild('import-reads', path.join(dir, `flota-${last.size}.xlsx`), small);
      readRatio = (reads.p99ImportMs ?? 0) / (reads.p99IdleMs ?? 1);
      readFigures = {
        p99_idle_before_ms: reads.p99IdleMs,
        p99_during_ms: reads.p99ImportMs,
        p99_idle_after_ms: reads.p99IdleAfterMs,
        reads_during_import: reads.readsDuringImport,
        p99_ratio: Number(readRatio.toFixed(2)),
      };
      const during = reads.p99ImportMs ?? 0;
      const ratio = (idle: number | undefined) => `${(during / (idle ?? 1)).toFixed(2)}×`;
      console.log(
        `read endpoints p99 during a ${last.size.toLocaleString('en')}-row import ${during.toFixed(1)} ms ` +
          `(${reads.readsDuringImport} reads) vs idle before it (200 vehicles) ${reads.p99IdleMs?.toFixed(1)} ms: ` +
          `${ratio(reads.p99IdleMs)}; vs idle after it (the grown fleet) ${reads.p99IdleAfterMs?.toFixed(1)} ms: ` +
          `${ratio(reads.p99IdleAfterMs)} (target ≤ 2×)`,
      );
      const [m0, m1, m2] = reads.p50Ms ?? [0, 0, 0];
      console.log(
        `  median read: idle before ${m0.toFixed(1)} ms, during ${m1.toFixed(1)} ms, idle after ${m2.toFixed(1)} ms`,
      );
      const delay = reads.loopDelayMs;
      if (delay) {
        console.log(
          `  API thread event-loop delay during the import: p50 ${delay.p50.toFixed(1)} ms, ` +
            `p99 ${delay.p99.toFixed(1)} ms, max ${delay.max.toFixed(1)} ms`,
        );
      }
      for (const [url, [before, during, after]] of Object.entries(reads.perEndpoint ?? {})) {
        console.log(`  ${url}: p99 idle before ${before} ms, during ${during} ms, idle after ${after} ms`);
      }
    }
    console.log(
      'Targets: 10k ≤ 3 s and ≤ 300 MB peak RSS; 100k RSS ≤ 1.5× 10k; import ≤ 2× parse alone; ' +
        'read p99 during an import ≤ 2× idle.',
    );
    let serverIdle: Awaited<ReturnType<typeof serverIdleRss>> | undefined;
    if (!process.env.DATABASE_URL) {
      serverIdle = await serverIdleRss();
      console.log(
        `npm start on PGlite, idle: ${serverIdle.first_start_rss_mb} MB after the first start, ` +
          `${serverIdle.restart_rss_mb} MB after a restart (target ≤ 350 MB)`,
      );
    }
    writeFleetResult(results, readFigures, serverIdle);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
