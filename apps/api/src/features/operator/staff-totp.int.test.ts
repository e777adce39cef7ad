import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  totpConfirmedSchema,
  totpEnrolmentSchema,
  type OperatorSession,
} from '@togo/domain/operator/operator-auth.contract';
import { ManualClock } from '../../lib/clock.ts';
import { openText } from '../../lib/crypto.ts';
import { createTestApp, TEST_SECRET, type TestContext } from '../../test/test-app.ts';
import { createStaff, STAFF_PASSWORD, type TestStaff } from './operator.test-support.ts';
import { TOTP_SEAL } from './staff-auth.service.ts';

/**
 * Issue 35, finding 2: once TOTP was confirmed, POST /api/operador/totp/ from any live session answered 200 and
 * switched it off; sign-in then needed only the password, and nothing was audited.
 */
let t: TestContext;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock('2026-11-23T15:00:00Z');
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const now = () => Math.floor(clock.now().getTime() / 1000);
const code = (secret: string) => generateSync({ secret, epoch: now() });
const post = (url: string, who: { headers: Record<string, string> } | null, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const login = (correo: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operador/sesion/',
    payload: { correo, clave: STAFF_PASSWORD, ...extra },
  });

async function secretOf(s: TestStaff): Promise<string> {
  const [row] = await t.database.query<{ s: string }>('select totp_secret as s from staff where id = $1', [
    s.id,
  ]);
  return openText(TEST_SECRET, TOTP_SEAL, row?.s ?? '') ?? '';
}

const audits = (s: TestStaff, accion: string) =>
  t.database
    .query<{ n: number }>('select count(*)::int as n from audit_log where objeto = $1 and accion = $2', [
      `staff:${s.id}`,
      accion,
    ])
    .then((r) => r[0]?.n ?? 0);

/** Enrols a signed-in member without TOTP; answers the secret and the recovery codes. */
async function enrol(s: TestStaff, current?: string) {
  const start = await post('/api/operador/totp/', s, current ? { codigo_totp: current } : undefined);
  expect(start.statusCode, start.body).toBe(200);
  const { secreto } = totpEnrolmentSchema.parse(start.json());
  clock.advance(30_000);
  const confirm = await post('/api/operador/totp/confirmar/', s, { codigo: code(secreto) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secreto, codes: totpConfirmedSchema.parse(confirm.json()).codigos_recuperacion };
}

describe('a confirmed second factor cannot be switched off by a session', () => {
  it('a new enrolment needs the current code; until it is confirmed the old factor is still asked for', async () => {
    const s = await createStaff(t, 'contenido');
    const { secreto: old } = await enrol(s);
    expect(await audits(s, 'staff.totp_activado')).toBe(1);

    const bare = await post('/api/operador/totp/', s);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      codigo_totp: ['Ingresa el código de tu aplicación autenticadora actual.'],
    });
    const wrong = await post('/api/operador/totp/', s, { codigo_totp: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ codigo_totp: ['El código de verificación no es válido.'] });
    // Still on: the password alone does not sign in.
    expect((await login(s.email)).json()).toEqual({
      detail: 'Ingresa el código de verificación de tu aplicación autenticadora.',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/operador/yo/', headers: s.headers });
    expect(me.json()).toMatchObject({ totp: true, recuperacion_restantes: 10 });

    clock.advance(30_000);
    const restart = await post('/api/operador/totp/', s, { codigo_totp: code(old) });
    expect(restart.statusCode).toBe(200);
    const { secreto: next } = totpEnrolmentSchema.parse(restart.json());
    clock.advance(30_000);
    // Not confirmed yet: the old factor signs in, the new one does not.
    expect((await login(s.email, { codigo_totp: code(next) })).statusCode).toBe(401);
    expect((await login(s.email, { codigo_totp: code(old) })).statusCode).toBe(200);
    clock.advance(30_000);
    const confirm = await post('/api/operador/totp/confirmar/', s, { codigo: code(next) });
    expect(confirm.statusCode).toBe(200);
    clock.advance(30_000);
    expect((await login(s.email, { codigo_totp: code(old) })).statusCode).toBe(401);
    expect((await login(s.email, { codigo_totp: code(next) })).statusCode).toBe(200);
    expect(await audits(s, 'staff.totp_activado')).toBe(2);
  });

  it('gives 10 single-use recovery codes, stored hashed; one signs in once', async () => {
    const s = await createStaff(t, 'operaciones');
    const { codes } = await enrol(s);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.query<{ code_hash: string }>(
      'select code_hash from staff_recovery_codes where staff_id = $1',
      [s.id],
    );
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.map((r) => r.code_hash)).not.toContain(c);
    const first = codes[0] ?? '';
    const ok = await login(s.email, { codigo_recuperacion: first.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as OperatorSession).totp_pendiente).toBe(false);
    expect((await login(s.email, { codigo_recuperacion: first })).statusCode).toBe(401);
    expect(await audits(s, 'staff.codigo_recuperacion_usado')).toBe(1);
    const me = await t.app.inject({ method: 'GET', url: '/api/operador/yo/', headers: s.headers });
    expect(me.json()).toMatchObject({ recuperacion_restantes: 9 });
  });
});

describe("an admin resets a colleague's factor", () => {
  it('audited; the colleague is signed out and must enrol again at the next sign-in', async () => {
    const admin = await createStaff(t, 'admin', { totp: true });
    const ops = await createStaff(t, 'operaciones');
    const colleague = await createStaff(t, 'soporte');
    await enrol(colleague);
    const url = `/api/operador/staff/${colleague.id}/totp/restablecer/`;
    expect((await post(url, ops)).statusCode).toBe(403);
    expect((await post(`/api/operador/staff/${admin.id}/totp/restablecer/`, admin)).statusCode).toBe(409);
    expect((await post('/api/operador/staff/999999/totp/restablecer/', admin)).statusCode).toBe(404);
    const reset = await post(url, admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ id: colleague.id, totp: false });
    expect(await audits(colleague, 'staff.totp_restablecido')).toBe(1);
    // Signed out everywhere.
    const me = await t.app.inject({ method: 'GET', url: '/api/operador/yo/', headers: colleague.headers });
    expect(me.statusCode).toBe(401);
    // soporte needs no TOTP here, but after a reset the colleague must enrol before anything else.
    const again = await login(colleague.email);
    expect(again.statusCode).toBe(200);
    const session = again.json() as OperatorSession;
    expect(session.totp_pendiente).toBe(true);
    const headers = { authorization: `Token ${session.token}` };
    const blocked = await t.app.inject({ method: 'GET', url: '/api/operador/usuarios/?q=ana', headers });
    expect(blocked.statusCode).toBe(403);
    await enrol({ ...colleague, token: session.token, headers });
    const stored = await t.database.query<{ n: number }>(
      'select count(*)::int as n from staff_recovery_codes where staff_id = $1 and used_at is null',
      [colleague.id],
    );
    expect(stored[0]?.n).toBe(10);
    expect(await secretOf(colleague)).not.toBe('');
  });
});
