import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, type OpeningHours } from '@togo/domain/booking/booking.contract';
import { slotHoursFor, upcomingDates } from '@togo/domain/booking/booking.rules';
import {
  FLEET_PATHS,
  XLSX_CONTENT_TYPE,
  fleetUploadStatusSchema,
  type FleetUploadStatus,
} from '@togo/domain/fleet/fleet.contract';
import { openPostgres, type Database } from './db/client.ts';
import { tramitesBooking } from './features/booking/booking.test-support.ts';
import { buildFleetXlsx, createCompanyUser, goodRow, plateFor } from './features/fleet/fleet.test-support.ts';
import { createSignedInUser, multipart, type TestUser } from './features/garage/garage.test-support.ts';
import { S3Storage } from './integrations/files/s3.storage.ts';
import { systemClock } from './lib/clock.ts';
import { startApiProcess, type ApiProcess } from './test/api-process.ts';
import { startS3TestServer, type S3TestServer } from './test/s3-test-server.ts';
import { createScratchPostgres, type ScratchPostgres } from './test/test-db.ts';
import { signupPayload } from './test/signup-payload.ts';
import { httpCall, waitFor, type HttpAnswer } from './test/two-instances.test-support.ts';

/**
 * Two real API processes (A and B) on one new PostgreSQL database and one S3-compatible server (s3rver), as
 * behind a load balancer (decision 020). Started together on the empty database, so migrations, seeding and
 * pg-boss's own schema are raced too. Each has its own DATA_DIR: nothing either needs may live there.
 */
const SERVER_URL = process.env.DATABASE_URL;
const onPostgres = Boolean(SERVER_URL);
const title = onPostgres
  ? 'two API instances on one PostgreSQL and one S3 store'
  : 'two API instances (skipped: needs DATABASE_URL — PGlite is one process’s embedded database)';

const ctx = {} as {
  scratch: ScratchPostgres;
  s3: S3TestServer;
  a: ApiProcess;
  b: ApiProcess;
  database: Database;
  dataDirs: string[];
  /** Database time once both instances were up. */
  bothUp: Date;
};
const APP_SECRET = randomBytes(32).toString('hex');

const call = (to: ApiProcess, method: string, url: string, opts: Parameters<typeof httpCall>[3] = {}) =>
  httpCall(to.url, method, url, opts);

describe.skipIf(!onPostgres)(title, () => {
  beforeAll(async () => {
    ctx.dataDirs = [];
    ctx.scratch = await createScratchPostgres(SERVER_URL ?? '', 'togo_two');
    ctx.s3 = await startS3TestServer();
    const env = async (): Promise<Record<string, string>> => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'togo-instance-'));
      ctx.dataDirs.push(dataDir);
      return {
        NODE_ENV: 'test',
        MULTI_INSTANCE: 'true',
        TEST_SCHEDULES_EVERY_MINUTE: 'true',
        DATABASE_URL: ctx.scratch.url,
        APP_SECRET,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        ...ctx.s3.env,
      };
    };
    const [envA, envB] = [await env(), await env()];
    const [a, b] = await Promise.allSettled([startApiProcess('A', envA), startApiProcess('B', envB)]);
    if (a.status === 'fulfilled') ctx.a = a.value;
    if (b.status === 'fulfilled') ctx.b = b.value;
    if (a.status === 'rejected') throw a.reason;
    if (b.status === 'rejected') throw b.reason;
    ctx.database = await openPostgres(ctx.scratch.url, 4);
    const [now] = await ctx.database.query<{ now: Date }>('select now() as now');
    ctx.bothUp = now?.now ?? new Date();
  }, 240_000);

  afterAll(async () => {
    await Promise.all([ctx.a?.stop(), ctx.b?.stop()]);
    await ctx.database?.close();
    await ctx.s3?.close();
    await ctx.scratch?.drop();
    for (const dir of ctx.dataDirs ?? []) await rm(dir, { recursive: true, force: true });
  }, 90_000);

  afterEach((test) => {
    if (test.task.result?.state !== 'fail') return;
    for (const p of [ctx.a, ctx.b]) if (p) console.error(`--- API ${p.name} output ---\n${p.output()}`);
  });

  it(
    'processes a fleet upload sent to A, and B serves its status and its errors file',
    { timeout: 150_000 },
    async () => {
      const company = await createCompanyUser({ database: ctx.database, clock: systemClock });
      const bad = [
        ['AB1', 100, 'CC', '123', 'Antioquia', 'Medellín'],
        [plateFor(9_001), '1.000', 'CC', '123', 'Antioquia', 'Medellín'],
      ];
      const bytes = await buildFleetXlsx([...Array.from({ length: 6 }, (_, i) => goodRow(i)), ...bad]);
      const body = multipart(bytes, { filename: 'flota.xlsx', contentType: XLSX_CONTENT_TYPE });
      const sent = await call(ctx.a, 'POST', FLEET_PATHS.upload, {
        headers: { ...company.headers, ...body.headers },
        body: body.payload,
      });
      expect(sent.status, sent.text).toBe(202);
      const { id } = fleetUploadStatusSchema.parse(sent.json());

      const done = await waitFor('the upload to finish, seen from B', 90_000, async () => {
        const res = await call(ctx.b, 'GET', FLEET_PATHS.uploadStatus(id), { headers: company.headers });
        const status: FleetUploadStatus = fleetUploadStatusSchema.parse(res.json());
        return status.estado === 'terminado' || status.estado === 'fallido' ? status : null;
      });
      expect(done).toMatchObject({ estado: 'terminado', vehiculos_agregados: 6, filas_con_errores: 2 });

      // The file went to the shared store, never to an instance's disk.
      const [row] = await ctx.database.query<{ storage_key: string }>(
        'select storage_key from fleet_uploads where id = $1',
        [id],
      );
      const store = new S3Storage({ ...ctx.s3, region: 'us-east-1', forcePathStyle: true });
      expect((await store.get(row?.storage_key ?? ''))?.equals(bytes)).toBe(true);
      store.close();
      for (const dir of ctx.dataDirs) expect(existsSync(path.join(dir, 'files'))).toBe(false);

      const download = await call(ctx.b, 'GET', FLEET_PATHS.errorsDownload, { headers: company.headers });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toContain(XLSX_CONTENT_TYPE);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(download.buffer as unknown as ExcelJS.Buffer);
      const plates: string[] = [];
      wb.worksheets[0]?.eachRow((r, n) => {
        if (n > 1) plates.push(String(r.getCell(1).value));
      });
      expect(plates.sort()).toEqual(['AB1', plateFor(9_001)].sort());
    },
  );

  it('serves from B a profile picture uploaded to A', { timeout: 60_000 }, async () => {
    const user = await createSignedInUser({ database: ctx.database, clock: systemClock });
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f6feb' } })
      .png()
      .toBuffer();
    const body = multipart(png, { field: 'profile_picture', filename: 'foto.png', contentType: 'image/png' });
    const res = await call(ctx.a, 'PATCH', `/api/users-admin-manager/${user.id}/`, {
      headers: { ...user.headers, ...body.headers },
      body: body.payload,
    });
    expect(res.status, res.text).toBe(200);
    const picture = (res.json() as { profile_picture: string }).profile_picture;
    expect(picture).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]+$/);

    const fromB = await call(ctx.b, 'GET', picture);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    expect(fromB.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(fromB.buffer).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
    const fromA = await call(ctx.a, 'GET', picture);
    expect(fromA.buffer.equals(fromB.buffer)).toBe(true);
    // B's session check hands out a URL to the same file.
    const me = await call(ctx.b, 'GET', '/api/togo/users/confirmar_inicio_sesion/', {
      headers: user.headers,
    });
    expect((me.json() as { profile_picture: string }).profile_picture.split('?')[0]).toBe(
      picture.split('?')[0],
    );
  });

  it('shares code limits and the sign-in lock-out between A and B', { timeout: 60_000 }, async () => {
    const person = {
      email: `dos.instancias.${randomBytes(4).toString('hex')}@correo.com`,
      phone: `301${String(randomBytes(3).readUIntBE(0, 3) % 10_000_000).padStart(7, '0')}`,
      password: 'ClaveSegura123',
    };
    const requestCode = (to: ApiProcess) =>
      call(to, 'POST', '/api/identidad/usuarios/solicitar-codigo-otp/', {
        json: {
          correo: person.email,
          numero_telefono: person.phone,
          aplicacion: 'TOGO',
          proceso: 'REGISTRO_USUARIO',
        },
      });
    const first = await requestCode(ctx.a);
    expect(first.status, first.text).toBe(200);
    // The per-identifier limit (one code a minute) is in the database, not in A's memory: the same form sent again to
    // B within the minute reuses A's code (200, nothing sent, nothing counted; decision 100).
    const second = await requestCode(ctx.b);
    expect(second.status, second.text).toBe(200);
    const outbox = await call(ctx.b, 'GET', `/api/dev/outbox?to=${encodeURIComponent(person.email)}`);
    const codes = (outbox.json() as { code: string | null }[]).filter((m) => m.code);
    expect(codes).toHaveLength(1);

    // A code sent by A signs up on B (one APP_SECRET for every instance).
    const signup = await call(ctx.b, 'POST', '/api/identidad/usuarios/signup/', {
      json: signupPayload(person, codes[0]?.code ?? ''),
    });
    expect(signup.status, signup.text).toBe(201);

    // Wrong passwords alternate between A and B: the 5-failure lock-out counts them all. Counters kept per
    // process would need 10 (5 on each) before the first 429.
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++) {
      const res = await call(i % 2 === 0 ? ctx.a : ctx.b, 'POST', '/api/orquestador/auth/', {
        json: { email: person.email, password: `Mala${i}clave!` },
      });
      statuses.push(res.status);
    }
    const firstLocked = statuses.indexOf(429);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    // Normally the 6th answer; later only if the 1 s first block had already passed (a very slow machine).
    expect(firstLocked).toBeGreaterThanOrEqual(5);
    expect(firstLocked).toBeLessThan(10);
  });

  it(
    'gives exactly the capacity of a slot to a booking race split across A and B',
    { timeout: 90_000 },
    async () => {
      const [branch] = await ctx.database.query<{ horario: OpeningHours; capacidad: number }>(
        "select horario, capacidad from booking_branches where id = 'TRA-BOG-01'",
      );
      if (!branch) throw new Error('branch TRA-BOG-01 not seeded');
      const now = new Date();
      const fecha = upcomingDates(now, 30).find((date) =>
        slotHoursFor({ date, now, openingHours: branch.horario }).includes(9),
      );
      if (!fecha) throw new Error('no 9:00 AM slot in the next 30 days');
      const requests = Math.max(16, branch.capacidad * 4);
      const users: TestUser[] = [];
      for (let i = 0; i < requests; i++) {
        users.push(await createSignedInUser({ database: ctx.database, clock: systemClock }));
      }
      const results: HttpAnswer[] = await Promise.all(
        users.map((user, i) =>
          call(i % 2 === 0 ? ctx.a : ctx.b, 'POST', BOOKING_PATHS.tramitesBook, {
            headers: user.headers,
            json: tramitesBooking({
              fecha_agenda: fecha,
              franja: '9:00 AM',
              placa: `DOS${String(i).padStart(3, '0')}`,
            }),
          }),
        ),
      );
      const codes = results.map((r) => r.status);
      expect(codes.filter((c) => c === 200)).toHaveLength(branch.capacidad);
      expect(codes.filter((c) => c === 409)).toHaveLength(requests - branch.capacidad);
      const [slot] = await ctx.database.query<{ bookings: number; taken: number }>(
        `select (select count(*)::int from bookings where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = 9
                 and estado in ('pendiente_pago', 'confirmada')) as bookings,
              (select taken from booking_slots where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = 9) as taken`,
        [fecha],
      );
      expect(slot).toEqual({ bookings: branch.capacidad, taken: branch.capacidad });
    },
  );

  it('runs each scheduled job once per period with both instances up', { timeout: 300_000 }, async () => {
    // TEST_SCHEDULES_EVERY_MINUTE: every schedule fires every minute, and both schedulers check each second.
    const schedules = await ctx.database.query<{ name: string; cron: string }>(
      'select name, cron from pgboss.schedule order by name',
    );
    const names = schedules.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['booking-hold-sweep', 'expiry-engine', 'garage-lookup-sweep']),
    );
    expect(new Set(schedules.map((s) => s.cron))).toEqual(new Set(['* * * * *']));

    // pg-boss's scheduler sends a period's job through its `__pgboss__send-it` queue: one send-it job per schedule
    // and minute (a unique singleton slot, whichever instance's scheduler inserts it); the worker that takes one
    // inserts the job, then completes it. A send-it job queued at the end of a minute can be taken in the next one,
    // beside that minute's own (CI under load), so the minute a job was created is not its period: each job is
    // matched to the send-it job whose run contains its creation.
    type Row = {
      kind: 'run' | 'send-it';
      name: string;
      state: string;
      retry_count: number;
      created_on: Date;
      started_on: Date | null;
      completed_on: Date | null;
      slot: string | null;
    };
    const snapshot = () =>
      ctx.database.query<Row>(
        `select case when name = '__pgboss__send-it' then 'send-it' else 'run' end as kind,
                case when name = '__pgboss__send-it' then singleton_key else name end as name,
                state, retry_count, created_on, started_on, completed_on,
                to_char(singleton_on, 'HH24:MI') as slot
           from (select name, state, retry_count, created_on, started_on, completed_on, singleton_key, singleton_on
                   from pgboss.job
                 union all
                 select name, state, retry_count, created_on, started_on, completed_on, singleton_key, singleton_on
                   from pgboss.archive) j
          where (name = any($1) and created_on >= $2::timestamptz - interval '2 minutes')
             or (name = '__pgboss__send-it' and singleton_key = any($1)
                 and (completed_on >= $2 or state in ('created', 'retry', 'active')))
          order by created_on`,
        [names, ctx.bothUp],
      );
    // Two full periods after both were up, at a moment when no send-it job is half done (its job inserted, itself
    // not yet completed).
    const all = await waitFor('two completed runs of every scheduled job', 240_000, async () => {
      const rows = await snapshot();
      const settled = rows.every((r) => r.kind === 'run' || r.state === 'completed' || r.state === 'created');
      const complete = names.every(
        (n) =>
          rows.filter(
            (r) => r.kind === 'run' && r.name === n && r.state === 'completed' && r.created_on >= ctx.bothUp,
          ).length >= 2,
      );
      return settled && complete ? rows : null;
    });
    const at = (d: Date | null) => d?.getTime() ?? Number.NaN;
    for (const name of names) {
      const sent = all.filter((r) => r.kind === 'send-it' && r.name === name && r.state === 'completed');
      // One send-it per period, sent once (a retried one could have inserted its job twice).
      const slots = sent.map((r) => r.slot);
      expect(new Set(slots).size, `${name}: ${slots.join(', ')}`).toBe(slots.length);
      for (const r of sent) expect(r.retry_count).toBe(0);
      const runs = all.filter((r) => r.kind === 'run' && r.name === name);
      const sentBy = (run: Row) =>
        sent.filter(
          (s) => at(s.started_on) <= at(run.created_on) && at(run.created_on) <= at(s.completed_on),
        );
      // Every job created since both were up was sent by the scheduler…
      for (const run of runs.filter((r) => r.created_on >= ctx.bothUp)) {
        expect(sentBy(run).length, `${name} created at ${run.created_on.toISOString()}`).toBeGreaterThan(0);
      }
      // …and each period's send-it inserted exactly one job: never two runs for one period.
      const matched = runs.filter((run) => sentBy(run).length > 0);
      expect(matched.length, `${name}: ${matched.length} runs for periods ${slots.join(', ')}`).toBe(
        sent.length,
      );
      // Each ran once: the completed ones needed no retry.
      for (const r of matched.filter((x) => x.state === 'completed')) expect(r.retry_count).toBe(0);
      expect(matched.filter((r) => r.state === 'failed')).toEqual([]);
    }
  });
});
