/**
 * npm run bench:booking — BENCH_REQUESTS (default 500) booking requests for ONE slot over BENCH_CONNECTIONS
 * (default 100) connections against the real app (POST /wh/tramites/agenda/, 'Pagar en sitio'). Prints the
 * successes (must equal the slot's capacity), the conflicts (409), anything else, latency p50/p99 and whether the
 * table agrees. PGlite by default; with DATABASE_URL it creates and drops its own database on that server.
 * BENCH_CAPACITY (default 20) sets the branch's capacity per slot. A measurement, not a test: it exits non-zero
 * only when the over-booking guard is broken (successes ≠ capacity or rows ≠ capacity).
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { isServiceDay, upcomingDates } from '@togo/domain/booking/booking.rules';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedReferenceData } from '../src/db/seed/seed.ts';
import { AccountsRepository } from '../src/features/accounts/accounts.repository.ts';
import { TokenService } from '../src/http/session-tokens.ts';
import { systemClock } from '../src/lib/clock.ts';
import { providersFromConfig } from '../src/providers.ts';
import { openBenchDatabase } from './bench-db.ts';
import { writeBenchResult } from './bench-results.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 20);
const BRANCH = 'TRA-BOG-01';
const FRANJA = '9:00 AM';

/** Answers true when the over-booking guard held. */
async function main(): Promise<boolean> {
  const { database, url, drop } = await openBenchDatabase('togo_bench_booking');
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.query('update booking_branches set capacidad = $1 where id = $2', [CAPACITY, BRANCH]);
    const accounts = new AccountsRepository(database.db);
    const user = await accounts.insertUser({
      email: `bench-booking-${process.pid}@correo.com`,
      passwordHash: null,
      nombres: 'Bench',
      apellidos: 'Booking',
      telefono: '3000000001',
      groupId: 1,
      isFirstLoginTogo: false,
    });
    const token = await new TokenService(accounts, systemClock).issue(user.id);
    const fecha = upcomingDates(systemClock.now()).find((d) => isServiceDay(d)) ?? '';

    const app = await buildApp({
      config,
      database,
      clock: systemClock,
      providers: providersFromConfig(config, database.db, systemClock),
      secret: 'bench'.padEnd(40, 'x'),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const body = JSON.stringify({
      sessionInfo: {
        parameters: {
          placa: 'JKM482',
          ciudad: '11001',
          sede: BRANCH,
          tramite: ['TRASPASO', 'DUPLICADO_PLACAS'],
          fecha_agenda: fecha,
          franja: FRANJA,
          metodo_pago: 'pagar_en_sitio',
        },
      },
    });
    console.log(
      `bench:booking — database ${database.kind}${url ? ` (${new URL(url).pathname.slice(1)})` : ''}, ` +
        `${REQUESTS} requests over ${CONNECTIONS} connections for one slot (${BRANCH} ${fecha} ${FRANJA}, ` +
        `capacity ${CAPACITY}), Node ${process.version}`,
    );
    const started = performance.now();
    const result = await autocannon({
      url: `${appUrl}/wh/tramites/agenda/`,
      method: 'POST',
      connections: CONNECTIONS,
      amount: REQUESTS,
      timeout: 60,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body,
    });
    const seconds = (performance.now() - started) / 1000;
    const stats = result.statusCodeStats ?? {};
    const successes = stats['200']?.count ?? 0;
    const conflicts = stats['409']?.count ?? 0;
    const others = Object.entries(stats)
      .filter(([code]) => code !== '200' && code !== '409')
      .map(([code, s]) => `${code}×${s.count}`);
    const [rows] = await database.query<{ bookings: number; taken: number; payments: number }>(
      `select (select count(*)::int from bookings where branch_id = $1 and fecha = $2 and hora = 9
                 and estado in ('pendiente_pago', 'confirmada')) as bookings,
              (select taken from booking_slots where branch_id = $1 and fecha = $2 and hora = 9) as taken,
              (select count(*)::int from payments p join bookings b on b.id = p.booking_id
                 where b.branch_id = $1 and b.fecha = $2 and b.hora = 9) as payments`,
      [BRANCH, fecha],
    );
    const broken = successes !== CAPACITY || rows?.bookings !== CAPACITY || rows?.taken !== CAPACITY;
    console.table([
      {
        requests: result.requests.total,
        successes,
        conflicts,
        other: others.join(' ') || '-',
        errors: result.errors,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'req/s': Math.round(result.requests.total / seconds),
        'rows in slot': rows?.bookings,
        'slot.taken': rows?.taken,
        payments: rows?.payments,
        'successes = capacity': broken ? 'NO' : 'yes',
      },
    ]);
    writeBenchResult(
      'booking',
      {
        database: database.kind,
        capacity: CAPACITY,
        requests: result.requests.total,
        successes,
        conflicts,
        errors: result.errors,
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        rows_in_slot: rows?.bookings,
        slot_taken: rows?.taken,
        successes_equal_capacity: !broken,
      },
      { 'successes = capacity': { figure: 'successes_equal_capacity', op: '==', value: true } },
    );
    await app.close();
    return !broken;
  } finally {
    await database.close();
    await drop();
  }
}

main().then(
  (held) => {
    if (!held) process.exit(1);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
