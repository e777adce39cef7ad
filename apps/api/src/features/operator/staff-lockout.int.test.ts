import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { openText } from '../../lib/crypto.ts';
import { createTestApp, TEST_SECRET, type TestContext } from '../../test/test-app.ts';
import { createStaff, STAFF_PASSWORD } from './operator.test-support.ts';
import { TOTP_SEAL } from './staff-auth.service.ts';

/**
 * Issue 35, finding 1: the staff sign-in lock-out was read, then written, so a burst of wrong passwords was
 * evaluated whole (60 concurrent → 60 × 401, no 429), and the lock reset the count. Run on PostgreSQL
 * (DATABASE_URL) for the race; on PGlite the requests are serialised and the same limits hold.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestContext;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock('2026-11-23T15:00:00Z');
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const login = (correo: string, clave: string, opts: { ip?: string; codigo_totp?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operador/sesion/',
    remoteAddress: opts.ip ?? '10.1.1.1',
    payload: { correo, clave, ...(opts.codigo_totp ? { codigo_totp: opts.codigo_totp } : {}) },
  });

const statuses = (answers: { statusCode: number }[]) => {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.statusCode] = (out[a.statusCode] ?? 0) + 1;
  return out;
};

const auditOf = (staffId: number, accion: string) =>
  t.database
    .query<{ n: number }>('select count(*)::int as n from audit_log where objeto = $1 and accion = $2', [
      `staff:${staffId}`,
      accion,
    ])
    .then((r) => r[0]?.n ?? 0);

describe(`staff sign-in lock-out under a burst (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it('evaluates at most 5 wrong passwords of 60 concurrent ones; the rest are 429 until the lock ends', async () => {
    const s = await createStaff(t, 'operaciones');
    // Spread over many addresses, so only the account's limit is at play.
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(s.email, 'mala-clave-xx', { ip: `10.2.0.${i}` })),
    );
    const counts = statuses(burst);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(55);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(60);
    const locked = await login(s.email, STAFF_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(locked.json()).toEqual({
      detail: expect.stringMatching(/^Demasiados intentos fallidos. Intenta de nuevo en \d+ minutos.$/),
    });
    expect(await auditOf(s.id, 'staff.sesion_bloqueada')).toBeGreaterThanOrEqual(1);
    expect(await auditOf(s.id, 'staff.sesion_fallida')).toBe(counts[401] ?? 0);
  });

  it('the lock does not reset the count: after it ends one wrong password locks again', async () => {
    const s = await createStaff(t, 'contenido');
    for (let i = 0; i < 5; i++) expect((await login(s.email, 'mala-clave-xx')).statusCode).toBe(401);
    expect((await login(s.email, 'mala-clave-xx')).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(s.email, 'mala-clave-xx')).statusCode).toBe(401);
    const again = await login(s.email, STAFF_PASSWORD);
    expect(again.statusCode).toBe(429);
    clock.advance(15 * 60 * 1000 + 1000);
    const ok = await login(s.email, STAFF_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(await auditOf(s.id, 'staff.sesion_iniciada')).toBe(2); // createStaff's sign-in and this one
    // A successful sign-in starts the count again.
    for (let i = 0; i < 4; i++) expect((await login(s.email, 'mala-clave-xx')).statusCode).toBe(401);
    expect((await login(s.email, STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('limits wrong passwords per IP across accounts (unknown ones too)', async () => {
    const ip = '10.3.3.3';
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await login(`nadie${i}@togo.co`, 'mala-clave-xx', { ip }));
    expect(statuses(answers)).toEqual({ 401: 20, 429: 5 });
    // Another address is not held back.
    const s = await createStaff(t, 'soporte');
    expect((await login(s.email, STAFF_PASSWORD, { ip: '10.3.3.4' })).statusCode).toBe(200);
    expect((await login(s.email, STAFF_PASSWORD, { ip })).statusCode).toBe(429);
  });

  it('wrong TOTP codes count like wrong passwords, per account and per IP; a missing code does not', async () => {
    const s = await createStaff(t, 'admin', { totp: true });
    const [row] = await t.database.query<{ s: string }>('select totp_secret as s from staff where id = $1', [
      s.id,
    ]);
    const secret = openText(TEST_SECRET, TOTP_SEAL, row?.s ?? '') ?? '';
    for (let i = 0; i < 8; i++) {
      const res = await login(s.email, STAFF_PASSWORD, { ip: '10.4.4.4' });
      expect(res.statusCode).toBe(401); // the code is asked for: no failure counted
    }
    const wrong = [];
    for (let i = 0; i < 6; i++) {
      wrong.push(await login(s.email, STAFF_PASSWORD, { ip: `10.5.0.${i}`, codigo_totp: '000000' }));
    }
    expect(statuses(wrong)).toEqual({ 401: 5, 429: 1 });
    clock.advance(15 * 60 * 1000 + 1000);
    const code = generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    expect((await login(s.email, STAFF_PASSWORD, { codigo_totp: code })).statusCode).toBe(200);
  });
});
