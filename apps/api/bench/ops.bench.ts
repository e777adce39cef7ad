/**
 * npm run bench:ops — the operator console's two hot reads on PostgreSQL (DATABASE_URL; PGlite without it, for a
 * smoke run only): the agenda of one branch-day holding 2,000 bookings (GET /api/operador/agenda/) and the support
 * look-up over 100,000 drivers (GET /api/operador/usuarios/?q=, plain and paged). Each runs BENCH_REQUESTS (default 2,000)
 * requests at each of BENCH_CONNECTIONS (default 1,4: one staff request at a time, then a few staff at once) through the real app, then the
 * same SQL as many times at the same concurrency straight on the pool; prints p50/p99 of both and the ratio.
 * Target: API p99 ≤ 50 ms each at one connection (the 4-connection figures are reported). BENCH_EXPLAIN=1 prints the agenda query's plan. Writes bench-results/ops.json
 * ({name, date, machine, figures, targets, pass}); exits 1 when a target fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { supportSearchTerms } from '@togo/domain/operator/support-search.rules';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedReferenceData } from '../src/db/seed/seed.ts';
import { OperatorBookingsRepository } from '../src/features/operator/operator-bookings.repository.ts';
import { OperatorSupportRepository } from '../src/features/operator/operator-support.repository.ts';
import { systemClock } from '../src/lib/clock.ts';
import { newToken, sha256Hex } from '../src/lib/crypto.ts';
import { providersFromConfig } from '../src/providers.ts';
import { openBenchDatabase } from './bench-db.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
/**
 * Concurrency levels measured: 1 (one staff request at a time: the latency the target is about) and 4 (a few
 * staff at once with no pause between requests: saturation on this 2-core machine, reported with its ratio to
 * the bare SQL at the same concurrency; decision 037 addendum).
 */
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '1,4').split(',').map(Number);
const TARGET_CONNECTIONS = 1;
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const BOOKINGS = 2000;
const BRANCH = 'TRA-BOG-01';
const FECHA = '2030-03-05';
const TARGET_P99_MS = 50;
const RESULTS = fileURLToPath(new URL('../../../bench-results/ops.json', import.meta.url));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, i)] ?? 0) * 100) / 100;
}

/** `total` runs of `run` with `concurrency` in flight; latencies in ms, sorted. */
async function direct(run: () => Promise<unknown>, total: number, concurrency: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      await run();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies.sort((a, b) => a - b);
}

async function main(): Promise<boolean> {
  const { database, url, drop } = await openBenchDatabase('togo_bench_ops');
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
    await database.migrate();
    await seedReferenceData(database.db);

    // 100,000 drivers, one live vehicle each (set-based inserts).
    await database.query(
      `insert into users (email, nombres, apellidos, telefono, identificacion, group_id, is_first_login_togo)
       select 'ops' || g || '@correo.com', 'Nombre' || g, 'Apellido', (3000000000 + g)::text,
              (1000000000 + g)::text, 1, false
       from generate_series(1, $1::int) g`,
      [USERS],
    );
    await database.query(
      `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario)
       select id, 'B' || lpad(id::text, 5, '0'), '1', 1 from users where email like 'ops%'`,
    );
    // 2,000 bookings on one branch-day: 16 hours × 125 seats (slot rows written directly, like a full day).
    await database.query(
      `insert into booking_slots (branch_id, fecha, hora, capacity, taken)
       select $1, $2::date, h, 125, 125 from generate_series(6, 21) h`,
      [BRANCH, FECHA],
    );
    await database.query(
      `insert into bookings (id, user_id, referencia, servicio, branch_id, slot_id, fecha, hora, placa,
                             tipo_vehiculo, tipo_atencion, metodo_pago, estado, precio)
       select gen_random_uuid(), u.id, 'OPS-' || u.id, 'tramites', $1, s.id, $2::date, s.hora,
              'B' || lpad(u.id::text, 5, '0'), 'LIVIANOS', 'presencial', 'pagar_en_sitio', 'confirmada', 50000
       from (select id, row_number() over (order by id) - 1 as n from users where email like 'ops%' limit $3) u
       join booking_slots s on s.branch_id = $1 and s.fecha = $2::date and s.hora = 6 + (u.n % 16)`,
      [BRANCH, FECHA, BOOKINGS],
    );
    await database.query(
      `insert into payments (id, booking_id, provider, reference, amount_in_cents, status)
       select gen_random_uuid(), id, 'sandbox', referencia, 5000000, 'APPROVED'
       from bookings where branch_id = $1 and fecha = $2::date and hora % 2 = 0`,
      [BRANCH, FECHA],
    );
    await database.query('analyze');
    const [staffRow] = await database.query<{ id: number }>(
      `insert into staff (email, nombre, rol) values ('bench-soporte@togo.co', 'Bench', 'soporte') returning id`,
    );
    const token = newToken();
    await database.query(
      `insert into staff_tokens (staff_id, token_hash, last_seen) values ($1, $2, now())`,
      [staffRow?.id, sha256Hex(token)],
    );

    const app = await buildApp({
      config,
      database,
      clock: systemClock,
      providers: providersFromConfig(config, database.db, systemClock),
      secret: 'bench'.padEnd(40, 'x'),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const headers = { authorization: `Token ${token}` };
    const lookFor = `ops${Math.floor(USERS / 2)}@correo.com`;

    const cases = [
      {
        name: 'agenda (2,000 bookings)',
        path: `/api/operador/agenda/?sede=${BRANCH}&fecha=${FECHA}`,
        check: (body: unknown) => Array.isArray(body) && body.length === BOOKINGS,
        directQuery: () => database.db.execute(OperatorBookingsRepository.agendaSql(BRANCH, FECHA)),
      },
      {
        name: `support search (${USERS.toLocaleString('en')} users)`,
        path: `/api/operador/usuarios/?q=${encodeURIComponent(lookFor)}`,
        check: (body: unknown) => Array.isArray(body) && body.length === 1,
        directQuery: () =>
          database.db.execute(OperatorSupportRepository.searchSql(supportSearchTerms(lookFor))),
      },
      {
        // The console's paged, sorted look-up (decision 031): one page with the total.
        name: `support search paged (${USERS.toLocaleString('en')} users)`,
        path: `/api/operador/usuarios/?q=${encodeURIComponent(lookFor)}&page=1&page_size=20&orden=nombre`,
        check: (body: unknown) => (body as { total?: number }).total === 1,
        directQuery: () =>
          database.db.execute(
            OperatorSupportRepository.searchPageSql(supportSearchTerms(lookFor), 'nombre', 20, 0),
          ),
      },
    ];
    console.log(
      `bench:ops — database ${database.kind}, ${REQUESTS} requests per case at ${CONNECTION_LEVELS.join(' and ')} ` +
        `connections (target at ${TARGET_CONNECTIONS}), ` +
        `Node ${process.version}, ${os.cpus().length} CPUs`,
    );
    const figures: Record<string, unknown>[] = [];
    let pass = database.kind === 'postgres';
    if (process.env.BENCH_EXPLAIN) {
      const explained = (await database.db.execute(
        sql`explain (analyze, buffers) ${OperatorBookingsRepository.agendaSql(BRANCH, FECHA)}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      const plan = explained.rows;
      console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
    }
    for (const connections of CONNECTION_LEVELS) {
      for (const c of cases) {
        const first = await fetch(base + c.path, { headers });
        if (first.status !== 200 || !c.check(await first.json())) throw new Error(`${c.name}: wrong answer`);
        // Warm-up, then the measured runs.
        await autocannon({ url: base + c.path, connections, amount: 200, headers });
        const api = await autocannon({ url: base + c.path, connections, amount: REQUESTS, headers });
        if (api.non2xx > 0 || api.errors > 0)
          throw new Error(`${c.name}: ${api.non2xx} non-2xx, ${api.errors} errors`);
        await direct(c.directQuery, 200, connections);
        const sqlLatencies = await direct(c.directQuery, REQUESTS, connections);
        const targeted = connections === TARGET_CONNECTIONS;
        const row = {
          case: c.name,
          connections,
          'api p50 ms': api.latency.p50,
          'api p99 ms': api.latency.p99,
          'sql p50 ms': percentile(sqlLatencies, 50),
          'sql p99 ms': percentile(sqlLatencies, 99),
          'p99 ratio api/sql':
            Math.round((api.latency.p99 / Math.max(0.01, percentile(sqlLatencies, 99))) * 100) / 100,
          'api req/s': Math.round(api.requests.average),
          'p99 ≤ 50 ms': targeted ? (api.latency.p99 <= TARGET_P99_MS ? 'yes' : 'NO') : 'reported',
        };
        if (targeted && api.latency.p99 > TARGET_P99_MS) pass = false;
        figures.push(row);
      }
    }
    console.table(figures);
    if (database.kind !== 'postgres')
      console.log('PGlite run: a smoke test only, the targets apply on PostgreSQL.');
    mkdirSync(path.dirname(RESULTS), { recursive: true });
    writeFileSync(
      RESULTS,
      JSON.stringify(
        {
          name: 'ops',
          date: new Date().toISOString(),
          machine: { cpus: os.cpus().length, node: process.version, database: database.kind },
          figures,
          targets: { 'api p99 ms': TARGET_P99_MS, at_connections: TARGET_CONNECTIONS },
          pass,
        },
        null,
        2,
      ),
    );
    console.log(`written ${RESULTS} (pass: ${pass})`);
    await app.close();
    return pass;
  } finally {
    await database.close();
    await drop();
  }
}

main().then(
  (ok) => {
    if (!ok) process.exit(1);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
