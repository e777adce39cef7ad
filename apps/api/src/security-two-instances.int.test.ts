import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from './db/client.ts';
import { notificationPreferences, staff, users } from './db/schema.ts';
import { createCompanyUser } from './features/fleet/fleet.test-support.ts';
import { systemClock } from './lib/clock.ts';
import { hashPassword } from './lib/password.ts';
import { startApiProcess, type ApiProcess } from './test/api-process.ts';
import { startS3TestServer, type S3TestServer } from './test/s3-test-server.ts';
import { createScratchPostgres, type ScratchPostgres } from './test/test-db.ts';
import { httpCall, type HttpAnswer } from './test/two-instances.test-support.ts';

/**
 * Issue 35: the audit's findings reproduced against two real API processes (A and B) on one new PostgreSQL
 * database and one S3-compatible store, as behind a load balancer (decision 020); requests are split between them. Needs DATABASE_URL.
 */
const SERVER_URL = process.env.DATABASE_URL;
const onPostgres = Boolean(SERVER_URL);
const title = onPostgres
  ? 'issue 35 across two API instances on one PostgreSQL'
  : 'issue 35 across two API instances (skipped: needs DATABASE_URL)';

const ctx = {} as {
  scratch: ScratchPostgres;
  s3: S3TestServer;
  a: ApiProcess;
  b: ApiProcess;
  database: Database;
  dataDirs: string[];
};
const APP_SECRET = randomBytes(32).toString('hex');
const STAFF_PASSWORD = 'Pasillo-Verde-Colibrí-42';
const SMS_SECRET = randomBytes(16).toString('hex');

const call = (to: ApiProcess, method: string, url: string, opts: Parameters<typeof httpCall>[3] = {}) =>
  httpCall(to.url, method, url, opts);
/** The i-th request goes to A when i is even, to B when odd. */
const either = (i: number) => (i % 2 === 0 ? ctx.a : ctx.b);

const tally = (answers: HttpAnswer[]) => {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
};

async function insertStaff(rol: string): Promise<string> {
  const email = `${rol}.${randomBytes(4).toString('hex')}@togo.co`;
  await ctx.database.db
    .insert(staff)
    .values({ email, nombre: `Staff ${rol}`, rol, passwordHash: await hashPassword(STAFF_PASSWORD) });
  return email;
}

describe.skipIf(!onPostgres)(title, () => {
  beforeAll(async () => {
    ctx.dataDirs = [];
    ctx.scratch = await createScratchPostgres(SERVER_URL ?? '', 'togo_sec_two');
    ctx.s3 = await startS3TestServer();
    const env = async (): Promise<Record<string, string>> => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'togo-sec-instance-'));
      ctx.dataDirs.push(dataDir);
      return {
        NODE_ENV: 'test',
        MULTI_INSTANCE: 'true',
        DATABASE_URL: ctx.scratch.url,
        APP_SECRET,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        SMS_INBOUND_SECRET: SMS_SECRET,
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

  // Finding 5.
  it('30 concurrent invitations of one organisation split over A and B: exactly 20 sent', async () => {
    const company = await createCompanyUser({ database: ctx.database, clock: systemClock });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(either(i), 'POST', '/api/togo/empresa/miembros/', {
          headers: company.headers,
          json: { correo: `invitado.${i}.${company.id}@correo.com`, rol: 'consulta' },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 20, 429: 10 });
    const [sent] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from outbox_messages where "to" like $1`,
      [`invitado.%.${company.id}@correo.com`],
    );
    expect(sent?.n).toBe(20);
  });

  // Finding 8.
  it('one signed "SALIR" delivered 10 times at once over A and B turns SMS off once', async () => {
    const telefono = `3${String(Date.now()).slice(-9)}`;
    const [user] = await ctx.database.db
      .insert(users)
      .values({
        email: `sms.${telefono}@correo.com`,
        nombres: 'Sara',
        apellidos: 'Ríos',
        telefono,
        groupId: 1,
      })
      .returning({ id: users.id });
    await ctx.database.db.insert(notificationPreferences).values({ userId: user!.id, sms: true });
    const raw = JSON.stringify({
      id: `sms-${telefono}`,
      timestamp: Math.floor(Date.now() / 1000),
      from: `+57${telefono}`,
      text: 'SALIR',
    });
    const signature = `sha256=${createHmac('sha256', SMS_SECRET).update(raw).digest('hex')}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(either(i), 'POST', '/api/webhooks/sms/', {
          headers: { 'content-type': 'application/json', 'x-signature-256': signature },
          body: Buffer.from(raw),
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 200: 10 });
    const [row] = await ctx.database.query<{ sms: boolean; n: number }>(
      `select p.sms, (select count(*)::int from consent_records c where c.user_id = p.user_id
                       and c.screen = 'sms:respuesta') as n
         from notification_preferences p where p.user_id = $1`,
      [user!.id],
    );
    expect(row).toEqual({ sms: false, n: 1 });
  });

  // Finding 10. Signs in once, before finding 1's test blocks this address for staff sign-in.
  it('two saves of Medellín from the same version, on A and on B at once: one saved, one 409', async () => {
    const email = await insertStaff('contenido');
    const session = await call(ctx.a, 'POST', '/api/operador/sesion/', {
      json: { correo: email, clave: STAFF_PASSWORD },
    });
    expect(session.status, session.text).toBe(200);
    const headers = { authorization: `Token ${(session.json() as { token: string }).token}` };
    const read = await call(ctx.b, 'GET', '/api/operador/pico-placa/05001/', { headers });
    expect(read.status, read.text).toBe(200);
    const { version, ...city } = read.json() as { version: number } & Record<string, unknown>;
    expect(read.headers.get('etag')).toBe(`"${version}"`);
    const save = (to: ApiProcess) =>
      call(to, 'PUT', '/api/operador/pico-placa/05001/', {
        headers: { ...headers, 'if-match': `"${version}"` },
        json: city,
      });
    const answers = await Promise.all([save(ctx.a), save(ctx.b)]);
    expect(tally(answers)).toEqual({ 200: 1, 409: 1 });
    const after = await call(ctx.a, 'GET', '/api/operador/pico-placa/05001/', { headers });
    expect((after.json() as { version: number }).version).toBe(version + 1);
  });

  // Finding 1. Runs last of the file's sign-ins: it blocks the test runner's address for staff sign-in.
  it(
    'staff sign-in: 60 concurrent wrong passwords split over A and B evaluate at most 5; 150 from one IP at most 20',
    { timeout: 120_000 },
    async () => {
      const email = await insertStaff('operaciones');
      const signIn = (i: number, correo: string, clave: string) =>
        call(either(i), 'POST', '/api/operador/sesion/', { json: { correo, clave } });
      const burst = await Promise.all(
        Array.from({ length: 60 }, (_, i) => signIn(i, email, 'mala-clave-123')),
      );
      const counts = tally(burst);
      expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
      expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(60);
      const right = await signIn(1, email, STAFF_PASSWORD);
      expect(right.status, right.text).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

      // One address, many accounts: the per-IP limit (20 failures) holds across both instances, the account's
      // failures above included.
      const spray = await Promise.all(
        Array.from({ length: 150 }, (_, i) => signIn(i, `nadie.${i}@togo.co`, 'mala-clave-123')),
      );
      const sprayed = tally(spray);
      expect((counts[401] ?? 0) + (sprayed[401] ?? 0)).toBeLessThanOrEqual(20);
      expect((sprayed[401] ?? 0) + (sprayed[429] ?? 0)).toBe(150);
      const [audit] = await ctx.database.query<{ failed: number; locked: number }>(
        `select count(*) filter (where accion = 'staff.sesion_fallida')::int as failed,
                count(*) filter (where accion = 'staff.sesion_bloqueada')::int as locked
           from audit_log where staff_email = $1`,
        [email],
      );
      expect(audit).toEqual({ failed: counts[401] ?? 0, locked: 1 });
    },
  );
});
