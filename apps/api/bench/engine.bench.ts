/**
 * npm run bench:engine — the expiry engine's one set-based statement over 100,000 vehicles × 6 alert codes
 * (600,000 alert_dates rows, due dates spread from 60 days overdue to 305 days ahead so every kind of step
 * fires). Runs the engine twice on the same day (the second run must insert nothing), then once on the next
 * day (a typical daily run), and prints rows inserted and seconds per run. Target: ≤ 5 s per run on
 * PostgreSQL. On PGlite by default; with DATABASE_URL it creates and drops its own database
 * togo_bench_<pid> on that server. A measurement, never an assertion (delivery by email/push is not timed).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { addDays } from '@togo/domain/alerts/alerts.dates';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/seed.ts';
import { ExpiryEngineRepository } from '../src/features/notifications/expiry-engine.repository.ts';
import { writeBenchResult } from './bench-results.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const VEHICLES_PER_USER = 10;
const TODAY = '2026-11-22';

async function openBenchDatabase(): Promise<{
  database: Database;
  label: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(null);
    return { database, label: 'PGlite (in memory)', drop: async () => undefined };
  }
  const name = `togo_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 2);
  return {
    database,
    label: `PostgreSQL (${target.host}, database ${name})`,
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function seed(database: Database): Promise<void> {
  const users = Math.ceil(VEHICLES / VEHICLES_PER_USER);
  await database.query(`insert into document_types (id, code, name) values (1, 'CC', 'Cédula de ciudadanía')
    on conflict do nothing`);
  await database.query(
    `insert into users (email, nombres, apellidos, group_id, is_first_login_togo)
     select 'bench' || g || '@correo.com', 'Bench', 'Usuario', 1, false from generate_series(1, $1::int) g`,
    [users],
  );
  await database.query(
    `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario)
     select u0.id + (g - 1) / $2::int, 'BN' || lpad(g::text, 6, '0'), '1020304050', 1
     from generate_series(1, $1::int) g, (select min(id) as id from users where email like 'bench%') u0`,
    [VEHICLES, VEHICLES_PER_USER],
  );
  // Due date = today + d, d in [-60, 305], spread over vehicles and codes; the kit stores the last
  // recharge (due 12 months later). Registry rows for SOAT/RTM/licence, user rows for the rest, and a user
  // override on every 10th vehicle's SOAT.
  await database.query(
    `insert into alert_dates (vehicle_id, code, source, fecha_expedicion, fecha_vencimiento)
     select v.id, c.code, c.source, null,
            case when c.code = 'ALERTA_KIT'
                 then ($1::date + ((v.id * 37 + c.i * 101) % 366) - 60 - interval '12 months')::date
                 else $1::date + ((v.id * 37 + c.i * 101) % 366) - 60 end
     from vehicles v
     cross join (values (1, 'ALERTA_SOAT', 'registry'), (2, 'ALERTA_RTM', 'registry'),
                        (3, 'ALERTA_LICENCIA', 'registry'), (4, 'ALERTA_TODO_RIESGO', 'user'),
                        (5, 'ALERTA_IMPUESTO', 'user'), (6, 'ALERTA_KIT', 'user')) c(i, code, source)`,
    [TODAY],
  );
  await database.query(
    `insert into alert_dates (vehicle_id, code, source, fecha_vencimiento)
     select id, 'ALERTA_SOAT', 'user', $1::date + (id % 200) - 20 from vehicles where id % 10 = 0`,
    [TODAY],
  );
  await database.query('analyze');
}

async function timed(repo: ExpiryEngineRepository, today: string) {
  const started = performance.now();
  const rows = await repo.generate(today, new Date(`${today}T12:00:00Z`));
  return { rows: rows.length, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const { database, label, drop } = await openBenchDatabase();
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const seedStart = performance.now();
    await seed(database);
    const [counts] = await database.query<{ vehicles: number; dates: number }>(
      `select (select count(*)::int from vehicles) as vehicles, (select count(*)::int from alert_dates) as dates`,
    );
    console.log(`expiry engine bench on ${label}`);
    console.log(
      `seeded ${counts?.vehicles} vehicles, ${counts?.dates} alert_dates rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const repo = new ExpiryEngineRepository(database.db);
    const runs = [
      { name: `run 1 (${TODAY})`, result: await timed(repo, TODAY) },
      { name: `run 2 (${TODAY}, again)`, result: await timed(repo, TODAY) },
      { name: `run 3 (${addDays(TODAY, 1)}, next day)`, result: await timed(repo, addDays(TODAY, 1)) },
    ];
    for (const r of runs) {
      console.log(
        `${r.name.padEnd(30)} inserted ${String(r.result.rows).padStart(7)} notifications in ${r.result.seconds.toFixed(2)} s`,
      );
    }
    console.log('target: ≤ 5 s per run on PostgreSQL; the second run inserts 0');
    const [first, second, third] = runs.map((r) => r.result);
    const result = writeBenchResult(
      'engine',
      {
        database: database.kind,
        vehicles: counts?.vehicles,
        alert_dates: counts?.dates,
        run1_seconds: first && Number(first.seconds.toFixed(2)),
        run1_rows: first?.rows,
        run2_seconds: second && Number(second.seconds.toFixed(2)),
        run2_rows: second?.rows,
        next_day_seconds: third && Number(third.seconds.toFixed(2)),
        next_day_rows: third?.rows,
      },
      {
        'run 1 ≤ 5 s': { figure: 'run1_seconds', op: '<=', value: 5 },
        'run 2 ≤ 5 s': { figure: 'run2_seconds', op: '<=', value: 5 },
        'next day ≤ 5 s': { figure: 'next_day_seconds', op: '<=', value: 5 },
        'run 2 inserts 0': { figure: 'run2_rows', op: '==', value: 0 },
      },
    );
    if (!result.pass) process.exitCode = 1;
  } finally {
    await database.close();
    await drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
