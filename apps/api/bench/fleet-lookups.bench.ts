/**
 * npm run bench:fleet-lookups — issue 37 (blocking 2) and issue 40: does background work starve requests? The
 * compiled API (`node dist/server.js`, as `npm start` runs it) on the embedded database (PGlite in its worker,
 * decision 090) and, with DATABASE_URL, on PostgreSQL (its own database, dropped). A company signs up through the
 * API, uploads 5,000 new vehicles, and the import then the registry and fines look-ups of every vehicle run
 * (demo providers; the quota raised so that nothing waits for the next minute). Meanwhile a probe sends, one
 * after the other, `/api/health/live` and a signed-in read (the fleet list's first page, as the screen asks it).
 * Reports the probes' p50/p99 idle and during the work, the import's and the look-ups' time to finish, and the
 * server's peak RSS. Target: p99 ≤ 200 ms during the work for both probes. A measurement, never an assertion.
 * Env: BENCH_VEHICLES (default 5000).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  FLEET_PATHS,
  type FleetUploadStatus,
  type FleetVehicleList,
} from '@togo/domain/fleet/fleet.contract';
import { buildFleetXlsx, goodRow } from '../src/features/fleet/fleet.test-support.ts';
import type { ApiProcess } from '../src/test/api-process.ts';
import { openBenchDatabase } from './bench-db.ts';
import { writeBenchResult, type BenchTarget } from './bench-results.ts';
import { rssOf, startCompiledApi } from './server-process.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 5000);
const PROBE_GAP_MS = 50;
const IDLE_PROBES = 100;
const TARGET_P99_MS = 200;

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))] ?? NaN;
};
const ms = (n: number) => Number(n.toFixed(1));
const pause = (t: number) => new Promise((resolve) => setTimeout(resolve, t));

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} → ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The newest code the dev outbox holds for an address (NODE_ENV=development keeps the outbox open). */
async function lastCode(url: string, to: string): Promise<string> {
  const list = await json<{ code: string | null }[]>(
    await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(to)}`),
    'outbox',
  );
  if (!list[0]?.code) throw new Error(`no code sent to ${to}`);
  return list[0].code;
}

/** A company account through the API, as the screens make it: sign-up, sign-in, then "Empresa". */
async function signUpCompany(url: string): Promise<Record<string, string>> {
  const email = `flota.bench.${process.pid}@empresa.com`;
  const phone = '3001234567';
  const post = (p: string, body: unknown) =>
    fetch(`${url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await json(
    await post('/api/identidad/usuarios/solicitar-codigo-otp/', {
      proceso: 'REGISTRO_USUARIO',
      correo: email,
      numero_telefono: phone,
    }),
    'code',
  );
  const password = 'Bench-flota-2026!';
  await json(
    await post('/api/identidad/usuarios/signup/', {
      email,
      password,
      password_confirmation: password,
      codigo_otp: await lastCode(url, email),
      group: 1,
      cliente_ids: [],
      profile_picture_base64: null,
      center: 1,
      id_user_v2: 1,
      is_mia: false,
      is_resting: false,
      operation_area: null,
      range_inspector: null,
      tercero: {
        identificacion: '900123456',
        telefono: phone,
        tipo_documento: 'NIT',
        ubic_geo_nv1: 1,
        ubic_geo_nv2: 1,
        ubic_geo_nv3: null,
        nombres: 'Transportes',
        apellidos: 'Bench',
        razon_social: 'Transportes Bench S.A.S.',
        direccion: null,
        id_v2: null,
      },
    }),
    'sign-up',
  );
  const { token, id } = await json<{ token: string; id: number }>(
    await post('/api/orquestador/auth/', { email, password }),
    'sign-in',
  );
  const headers = { authorization: `Token ${token}` };
  // "Empresa" on the user-type screen (every sign-up creates a client first).
  await json(
    await fetch(`${url}/api/users-admin-manager/${id}/`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ groups: [2], is_first_login_togo: false }),
    }),
    'user type',
  );
  return headers;
}

interface Probes {
  live: number[];
  read: number[];
  errors: number;
}

/** Probes one after the other (live, then the read), PROBE_GAP_MS apart, until `stop()` says so. */
async function probe(
  url: string,
  headers: Record<string, string>,
  stop: (n: number) => boolean,
): Promise<Probes> {
  const out: Probes = { live: [], read: [], errors: 0 };
  const timed = async (target: string, h: Record<string, string>, into: number[]) => {
    const t = performance.now();
    const res = await fetch(`${url}${target}`, { headers: h }).catch(() => null);
    into.push(performance.now() - t);
    if (!res?.ok) out.errors += 1;
    await res?.arrayBuffer();
  };
  for (let n = 0; !stop(n); n += 1) {
    await timed('/api/health/live', {}, out.live);
    await timed(`${FLEET_PATHS.list}?page=1&page_size=10`, headers, out.read);
    await pause(PROBE_GAP_MS);
  }
  return out;
}

const summary = (p: Probes) => ({
  probes: p.live.length,
  errors: p.errors,
  live_p50_ms: ms(quantile(p.live, 0.5)),
  live_p99_ms: ms(quantile(p.live, 0.99)),
  read_p50_ms: ms(quantile(p.read, 0.5)),
  read_p99_ms: ms(quantile(p.read, 0.99)),
});

/** Pending look-ups left in the fleet (the list, 500 a page). */
async function pendingLookups(url: string, headers: Record<string, string>): Promise<number> {
  let pending = 0;
  for (let page = 1; ; page += 1) {
    const list = await json<FleetVehicleList>(
      await fetch(`${url}${FLEET_PATHS.list}?page=${page}&page_size=500`, { headers }),
      'list',
    );
    pending += list.data.filter((v) => v.lookup_status === 'pending').length;
    if (page >= list.numero_paginas_totales) return pending;
  }
}

async function measure(database: 'pglite' | 'postgres', databaseUrl: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'togo-bench-lookups-'));
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    APP_SECRET: 'bench-secret-'.padEnd(40, 'x'),
    REGISTRY_QUOTA_PER_MINUTE: '100000',
    FINES_QUOTA_PER_MINUTE: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let server: ApiProcess | null = null;
  try {
    // The first start of a data directory runs initdb and every migration.
    server = await startCompiledApi(`lookups-${database}`, env, 300_000);
    const { url, pid } = server;
    const headers = await signUpCompany(url);
    const idle = await probe(url, headers, (n) => n >= IDLE_PROBES);
    const rows = Array.from({ length: VEHICLES }, (_, i) => goodRow(i));
    const file = await buildFleetXlsx(rows);
    let peakRss = await rssOf(pid);
    let working = true;
    const sampler = (async () => {
      while (working) {
        peakRss = Math.max(peakRss, await rssOf(pid).catch(() => 0));
        await pause(250);
      }
    })();
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([file]), 'flota.xlsx');
    const upload = await json<FleetUploadStatus>(
      await fetch(`${url}${FLEET_PATHS.upload}`, { method: 'POST', headers, body: form }),
      'upload',
    );
    let importSeconds = NaN;
    let lookupsSeconds = NaN;
    const watcher = (async () => {
      for (;;) {
        const status = await json<FleetUploadStatus>(
          await fetch(`${url}${FLEET_PATHS.uploadStatus(upload.id)}`, { headers }),
          'status',
        );
        if (status.estado === 'fallido') throw new Error(`import failed: ${status.mensaje ?? ''}`);
        if (status.estado === 'terminado') break;
        await pause(500);
      }
      importSeconds = (performance.now() - started) / 1000;
      while ((await pendingLookups(url, headers)) > 0) await pause(2000);
      lookupsSeconds = (performance.now() - started) / 1000;
    })();
    let done = false;
    void watcher.finally(() => (done = true));
    const during = await probe(url, headers, () => done);
    await watcher;
    working = false;
    await sampler;
    const figures = {
      vehicles: VEHICLES,
      idle: summary(idle),
      during: summary(during),
      import_seconds: Number(importSeconds.toFixed(1)),
      lookups_done_seconds: Number(lookupsSeconds.toFixed(1)),
      peak_rss_mb: Math.round(peakRss / 1024 / 1024),
    };
    console.log(database, JSON.stringify(figures));
    return figures;
  } finally {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const figures: Record<string, unknown> = {};
  const targets: Record<string, BenchTarget> = {};
  figures.pglite = await measure('pglite', '');
  if (process.env.DATABASE_URL) {
    const { database, url, drop } = await openBenchDatabase('togo_bench_lookups');
    await database.close();
    try {
      figures.postgres = await measure('postgres', url);
    } finally {
      await drop();
    }
  }
  for (const db of Object.keys(figures)) {
    for (const probeName of ['live', 'read'] as const) {
      targets[`${db}: ${probeName} p99 during the look-ups ≤ ${TARGET_P99_MS} ms`] = {
        figure: `${db}.during.${probeName}_p99_ms`,
        op: '<=',
        value: TARGET_P99_MS,
      };
    }
    targets[`${db}: no failed probe`] = { figure: `${db}.during.errors`, op: '==', value: 0 };
  }
  writeBenchResult('fleet-lookups', figures, targets);
}

await main();
