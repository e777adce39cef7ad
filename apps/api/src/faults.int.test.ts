import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, type OpeningHours } from '@togo/domain/booking/booking.contract';
import { slotHoursFor, upcomingDates } from '@togo/domain/booking/booking.rules';
import { FLEET_PATHS, XLSX_CONTENT_TYPE, fleetUploadStatusSchema } from '@togo/domain/fleet/fleet.contract';
import { openPostgres, type Database } from './db/client.ts';
import { insertGarageVehicle, rtmBooking } from './features/booking/booking.test-support.ts';
import { IMPORT_CHUNK_ROWS } from './features/fleet/fleet-import.service.ts';
import { buildFleetXlsx, createCompanyUser, goodRow } from './features/fleet/fleet.test-support.ts';
import { createSignedInUser, multipart, type TestUser } from './features/garage/garage.test-support.ts';
import { signedWompiEvent } from './integrations/payments/wompi-event.ts';
import { startVerifikFake, type VerifikFake } from './integrations/verifik/verifik.test-support.ts';
import { systemClock } from './lib/clock.ts';
import { hmacHex } from './lib/crypto.ts';
import { startApiProcess, type ApiProcess } from './test/api-process.ts';
import { startS3TestServer, type S3TestServer } from './test/s3-test-server.ts';
import { createScratchPostgres, type ScratchPostgres } from './test/test-db.ts';
import { httpCall, waitFor } from './test/two-instances.test-support.ts';

/**
 * Issue 40 (decision 112): an API process killed with SIGKILL in the middle of a fleet import and of a payment
 * webhook. Instance A is told to stop for good at both points (TEST_FAULT_PAUSE, after its first write), is killed
 * there, and instance B (a plain process) takes over: the import finishes (never stays 'procesando'), and the
 * payment event, delivered again as the gateway does when it got no answer, is applied exactly once.
 */
const SERVER_URL = process.env.DATABASE_URL;
const title = SERVER_URL
  ? 'a process killed mid-work (kill -9) on PostgreSQL'
  : 'a process killed mid-work (skipped: needs DATABASE_URL — the instances share one PostgreSQL)';

/** A short job expiry, so that the killed import's job is taken as lost within seconds (JOB_EXPIRE_SECONDS). */
const JOB_EXPIRE_SECONDS = '10';
/** More rows than one import chunk: A stops after the first chunk, with part of the file written. */
const FLEET_ROWS = IMPORT_CHUNK_ROWS + 200;
const APP_SECRET = randomBytes(32).toString('hex');
const VERIFIK_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.faults.prueba';
/** Vehicles due for the refresh batch A is killed in; its 8 workers (the default) each stop after one. */
const REFRESH_VEHICLES = 20;
const REFRESH_WORKERS = 8;
/** Their owner's document: the fines look-ups of these vehicles, told apart from any other's. */
const REFRESH_DOCUMENT = '7000000001';

const ctx = {} as {
  scratch: ScratchPostgres;
  s3: S3TestServer;
  verifik: VerifikFake;
  a: ApiProcess;
  b: ApiProcess;
  database: Database;
  dataDirs: string[];
  company: TestUser;
  uploadId: number;
  driver: TestUser;
  booking: { id: string; reference: string; amount: number; fecha: string };
  event: unknown;
  plates: string[];
  /** The refresh batch's provider calls when A was killed. */
  byA: ReturnType<typeof verifikCalls>;
};

async function instance(name: string, extra: Record<string, string> = {}): Promise<ApiProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'togo-fault-'));
  ctx.dataDirs.push(dataDir);
  return startApiProcess(name, {
    NODE_ENV: 'test',
    MULTI_INSTANCE: 'true',
    DATABASE_URL: ctx.scratch.url,
    APP_SECRET,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    JOB_EXPIRE_SECONDS,
    REFRESH_LEASE_SECONDS: '8',
    REGISTRY_PROVIDER: 'verifik',
    FINES_PROVIDER: 'verifik',
    VERIFIK_TOKEN,
    VERIFIK_BASE_URL: ctx.verifik.url,
    ...ctx.s3.env,
    ...extra,
  });
}

const deliver = (to: ApiProcess, event: unknown) =>
  httpCall(to.url, 'POST', '/api/pagos/webhook/sandbox/', { json: event });

/** A 9:00 AM RTM hold of `user` for ABC123 on the next day that has one, to be paid now. */
async function holdSeat(to: ApiProcess, user: TestUser) {
  const [branch] = await ctx.database.query<{ horario: OpeningHours }>(
    "select horario from booking_branches where id = 'RTM-BOG-01'",
  );
  const now = new Date();
  const fecha = upcomingDates(now, 30).find((date) =>
    slotHoursFor({ date, now, openingHours: branch?.horario ?? ({} as OpeningHours) }).includes(9),
  );
  if (!fecha) throw new Error('no 9:00 AM RTM slot in the next 30 days');
  const res = await httpCall(to.url, 'POST', BOOKING_PATHS.rtmBook, {
    headers: user.headers,
    json: rtmBooking({ fecha_agenda: `${fecha}T00:00:00`, franja: '9:00 AM', metodo_pago: 'pagar_ahora' }),
  });
  expect(res.status, res.text).toBe(200);
  const p = (res.json() as { sessionInfo: { parameters: Record<string, unknown> } }).sessionInfo.parameters;
  return {
    id: String(p.id_agendamiento),
    reference: String(p.referencia),
    amount: Number(p.price) * 100,
    fecha,
  };
}

/** How many times `p` has stopped at `point` (once per import, webhook or refresh worker). */
const reached = (p: ApiProcess, point: string) =>
  p.output().split(`TEST_FAULT_PAUSE reached ${point}`).length - 1;

/** Verifik requests for the refresh batch's vehicles: RUNT ones by plate, SIMIT ones (by their owner's document). */
function verifikCalls() {
  const runt = new Map<string, number>();
  let simit = 0;
  for (const r of ctx.verifik.requests) {
    const url = new URL(r.url, 'http://fake');
    const plate = url.searchParams.get('plate') ?? '';
    if (url.pathname.endsWith('/runt/vehicle-by-plate') && ctx.plates.includes(plate)) {
      runt.set(plate, (runt.get(plate) ?? 0) + 1);
    }
    if (
      url.pathname.endsWith('/simit/consultar') &&
      url.searchParams.get('documentNumber') === REFRESH_DOCUMENT
    ) {
      simit += 1;
    }
  }
  return { runt, simit };
}

/** Sends the refresh scheduler's tick now, as its every-minute schedule does (the test need not wait for it). */
async function sendRefreshTick(): Promise<void> {
  const boss = new PgBoss({ connectionString: ctx.scratch.url, supervise: false, schedule: false, max: 1 });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.send('garage-refresh-tick', {}, { expireInSeconds: Number(JOB_EXPIRE_SECONDS) });
  await boss.stop({ graceful: false, wait: true });
}

describe.skipIf(!SERVER_URL)(title, () => {
  beforeAll(async () => {
    ctx.dataDirs = [];
    ctx.scratch = await createScratchPostgres(SERVER_URL ?? '', 'h40f_faults');
    ctx.s3 = await startS3TestServer();
    ctx.verifik = await startVerifikFake(VERIFIK_TOKEN);
    ctx.a = await instance('A', {
      TEST_FAULT_PAUSE: 'fleet-import-chunk,payment-event-inserted,garage-refresh-vehicle',
    });
    ctx.database = await openPostgres(ctx.scratch.url, 4);

    // The fleet import, sent to A.
    ctx.company = await createCompanyUser({ database: ctx.database, clock: systemClock });
    const bytes = await buildFleetXlsx(Array.from({ length: FLEET_ROWS }, (_, i) => goodRow(i)));
    const body = multipart(bytes, { filename: 'flota.xlsx', contentType: XLSX_CONTENT_TYPE });
    const sent = await httpCall(ctx.a.url, 'POST', FLEET_PATHS.upload, {
      headers: { ...ctx.company.headers, ...body.headers },
      body: body.payload,
    });
    expect(sent.status, sent.text).toBe(202);
    ctx.uploadId = fleetUploadStatusSchema.parse(sent.json()).id;

    // The payment event of a hold, delivered to A (its answer never comes: A is killed while applying it).
    ctx.driver = await createSignedInUser({ database: ctx.database, clock: systemClock });
    await insertGarageVehicle(ctx.database, ctx.driver.id, 'ABC123');
    ctx.booking = await holdSeat(ctx.a, ctx.driver);
    ctx.event = signedWompiEvent(
      {
        id: `tx-${ctx.booking.reference}`,
        status: 'APPROVED',
        reference: ctx.booking.reference,
        amount_in_cents: ctx.booking.amount,
      },
      Math.floor(Date.now() / 1000),
      hmacHex(APP_SECRET, 'payments-sandbox-events'),
    );
    const lost = deliver(ctx.a, ctx.event).then(
      (res) => `answered ${res.status} ${res.text}`,
      () => 'no answer',
    );

    // A refresh batch: vehicles due since a minute ago (their refresh rows come with them), and the tick sent.
    const due = await ctx.database.query<{ placa: string }>(
      `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario, created, updated)
       select $1, 'KIL' || lpad(g::text, 3, '0'), $2, 1, now() - interval '2 minutes', now()
         from generate_series(1, $3::int) g
       returning placa`,
      [ctx.driver.id, REFRESH_DOCUMENT, REFRESH_VEHICLES],
    );
    ctx.plates = due.map((v) => v.placa);
    await sendRefreshTick();

    // In the middle: the import has written its first chunk, the event's booking changes are made, not committed,
    // and each refresh worker has refreshed one vehicle (the others of the batch are claimed, leased to A).
    await waitFor('A to stop in the middle of the import, the webhook and the refresh', 60_000, async () => {
      if (!reached(ctx.a, 'fleet-import-chunk') || !reached(ctx.a, 'payment-event-inserted')) return false;
      if (reached(ctx.a, 'garage-refresh-vehicle') < REFRESH_WORKERS) return false;
      const [row] = await ctx.database.query<{ status: string; rows_done: number }>(
        'select status, rows_done from fleet_uploads where id = $1',
        [ctx.uploadId],
      );
      return row?.status === 'procesando' && row.rows_done > 0 && row.rows_done < FLEET_ROWS;
    });
    process.kill(ctx.a.pid, 'SIGKILL');
    ctx.byA = verifikCalls();
    expect(await lost).toBe('no answer');
    expect(await ctx.a.stop()).toBe('SIGKILL');
    ctx.b = await instance('B');
  }, 240_000);

  afterAll(async () => {
    await Promise.all([ctx.a?.stop(), ctx.b?.stop()]);
    await ctx.database?.close();
    await ctx.s3?.close();
    await ctx.verifik?.close();
    await ctx.scratch?.drop();
    for (const dir of ctx.dataDirs ?? []) await rm(dir, { recursive: true, force: true });
  }, 90_000);

  afterEach((test) => {
    if (test.task.result?.state !== 'fail') return;
    for (const p of [ctx.a, ctx.b]) if (p) console.error(`--- API ${p.name} output ---\n${p.output()}`);
  });

  it('finishes the import A was killed in, on B, with every row once', { timeout: 120_000 }, async () => {
    const done = await waitFor('the killed import to end, seen from B', 90_000, async () => {
      const res = await httpCall(ctx.b.url, 'GET', FLEET_PATHS.uploadStatus(ctx.uploadId), {
        headers: ctx.company.headers,
      });
      const status = fleetUploadStatusSchema.parse(res.json());
      return status.estado === 'terminado' || status.estado === 'fallido' ? status : null;
    });
    expect(done).toMatchObject({
      estado: 'terminado',
      vehiculos_agregados: FLEET_ROWS,
      filas_con_errores: 0,
    });
    const [row] = await ctx.database.query<{ rows_done: number; rows_total: number }>(
      'select rows_done, rows_total from fleet_uploads where id = $1',
      [ctx.uploadId],
    );
    expect(row).toEqual({ rows_done: FLEET_ROWS, rows_total: FLEET_ROWS });
    // pg-boss took A's run as lost (expired) and B's retry completed it.
    const jobs = await ctx.database.query<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job where name = 'fleet-import'
       union all select state, retry_count from pgboss.archive where name = 'fleet-import'`,
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
  });

  it('applies the payment event A was killed in exactly once, redelivered to B', async () => {
    const { id, reference } = ctx.booking;
    const state = async () => {
      const [row] = await ctx.database.query<{ estado: string; events: number; taken: number }>(
        `select b.estado,
                (select count(*)::int from payment_events e where e.reference = $2) as events,
                (select taken from booking_slots s where s.id = b.slot_id) as taken
           from bookings b where b.id = $1`,
        [id, reference],
      );
      return row;
    };
    // A's transaction died with its connection: nothing of the event was kept.
    expect(await state()).toEqual({ estado: 'pendiente_pago', events: 0, taken: 1 });

    const again = await deliver(ctx.b, ctx.event);
    expect(again.json()).toEqual({ ok: true, outcome: 'confirmed' });
    const replay = await deliver(ctx.b, ctx.event);
    expect(replay.json()).toEqual({ ok: true, outcome: 'duplicate' });
    expect(await state()).toEqual({ estado: 'confirmada', events: 1, taken: 1 });

    const [user] = await ctx.database.query<{ email: string }>('select email from users where id = $1', [
      ctx.driver.id,
    ]);
    const outbox = await httpCall(
      ctx.b.url,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(user?.email ?? '')}`,
    );
    const mails = (outbox.json() as { subject?: string }[]).filter((m) =>
      m.subject?.startsWith('Agendamiento confirmado'),
    );
    expect(mails).toHaveLength(1);
  });

  it('refreshes each vehicle of the batch A was killed in exactly once', { timeout: 120_000 }, async () => {
    // What A did before it was killed: one vehicle per worker, each call's answer stored.
    const { byA } = ctx;
    expect([...byA.runt.values()]).toEqual(Array.from({ length: REFRESH_WORKERS }, () => 1));
    expect(byA.simit).toBe(0);
    // A's leases run out (REFRESH_LEASE_SECONDS) and its tick job expires (JOB_EXPIRE_SECONDS): B's tick takes the rest.
    await waitFor('every vehicle of the batch refreshed, both kinds', 90_000, async () => {
      const [row] = await ctx.database.query<{ pending: number }>(
        `select count(*)::int as pending from vehicle_refresh r join vehicles v on v.id = r.vehicle_id
          where v.placa = any($1) and r.refreshed_at is null`,
        [ctx.plates],
      );
      return row?.pending === 0;
    });
    const calls = verifikCalls();
    expect(Object.fromEntries(calls.runt)).toEqual(Object.fromEntries(ctx.plates.map((p) => [p, 1])));
    expect(calls.simit).toBe(REFRESH_VEHICLES);
    const snapshots = await ctx.database.query<{ kind: string; n: number }>(
      `select s.kind, count(*)::int as n from provider_snapshots s join vehicles v on v.id = s.vehicle_id
        where v.placa = any($1) and s.status = 'ok' group by s.kind order by s.kind`,
      [ctx.plates],
    );
    expect(snapshots).toEqual([
      { kind: 'fines', n: REFRESH_VEHICLES },
      { kind: 'registry', n: REFRESH_VEHICLES },
    ]);
  });
});
