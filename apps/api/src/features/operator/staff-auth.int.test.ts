import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessionSchema, totpEnrolmentSchema } from '@togo/domain/operator/operator-auth.contract';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { auditCount, createDriver, createStaff, STAFF_PASSWORD } from './operator.test-support.ts';
import { STAFF_IDLE_MS, StaffAuthService } from './staff-auth.service.ts';
import { StaffRepository } from './staff.repository.ts';

const ADMIN_EMAIL = 'jefa@togo.co';
const ADMIN_PASSWORD = 'primera-clave-admin';
let t: TestContext;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock('2026-11-23T15:00:00Z');
  t = await createTestApp({
    clock,
    env: { ADMIN_EMAIL, ADMIN_PASSWORD, OPERATOR_TOTP_ROLES: 'admin' },
  });
});
afterAll(async () => {
  await t?.close();
});

const login = (correo: string, clave: string, codigo_totp?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operador/sesion/',
    payload: { correo, clave, ...(codigo_totp ? { codigo_totp } : {}) },
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const auth = (token: string) => ({ authorization: `Token ${token}` });

describe('first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('is created at start-up and signs in (TOTP pending: only enrolment is allowed)', async () => {
    const res = await login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const session = operatorSessionSchema.parse(res.json());
    expect(session).toMatchObject({ rol: 'admin', nombre: 'Administrador', totp_pendiente: true });
    expect((await get('/api/operador/pico-placa/', auth(session.token))).statusCode).toBe(403);
    expect((await get('/api/operador/yo/', auth(session.token))).statusCode).toBe(200);
  });

  it('an existing account keeps its password (and name) when start-up runs again with another password', async () => {
    await t.database.query(`update staff set nombre = 'Jefa' where email = $1`, [ADMIN_EMAIL]);
    const before = await t.database.query('select password_hash, nombre from staff where email = $1', [
      ADMIN_EMAIL,
    ]);
    const auth = new StaffAuthService({
      repo: new StaffRepository(t.database.db),
      clock,
      totpRoles: [],
      appSecret: 'x'.repeat(40),
      throttle: { take: async () => new Map(), giveBack: async () => {}, succeeded: async () => {} },
    });
    expect(await auth.ensureFirstAdmin(ADMIN_EMAIL.toUpperCase(), 'otra-clave-distinta')).toBe(false);
    const after = await t.database.query('select password_hash, nombre from staff where email = $1', [
      ADMIN_EMAIL,
    ]);
    expect(after).toEqual(before);
    expect(after).toEqual([{ password_hash: expect.stringMatching(/^\$argon2id\$/), nombre: 'Jefa' }]);
  });
});

describe('POST /api/operador/sesion/', () => {
  it('answers the same Spanish 401 for a wrong password and an unknown account', async () => {
    const s = await createStaff(t, 'soporte');
    const wrong = await login(s.email, 'no-es-la-clave');
    const unknown = await login('nadie@togo.co', 'no-es-la-clave');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Correo o clave incorrectos.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses malformed bodies with a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operador/sesion/',
      payload: { correo: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['correo', 'clave']));
    const nul = await login('a@togo.co', 'abc', '12345x');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toHaveProperty('codigo_totp');
  });

  it('locks the account after 5 wrong passwords, even for the right one, and lets it in after 15 minutes', async () => {
    const s = await createStaff(t, 'operaciones');
    for (let i = 0; i < 5; i++) expect((await login(s.email, 'mala-clave-xx')).statusCode).toBe(401);
    const locked = await login(s.email, STAFF_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(s.email, STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('expires a session after OPERATOR_IDLE_MINUTES unused (60 by default); each request slides it', async () => {
    const idle = 60 * 60_000;
    const s = await createStaff(t, 'soporte');
    clock.advance(idle - 60_000);
    expect((await get('/api/operador/yo/', s.headers)).statusCode).toBe(200);
    clock.advance(idle - 60_000);
    expect((await get('/api/operador/yo/', s.headers)).statusCode).toBe(200);
    clock.advance(idle + 1000);
    expect((await get('/api/operador/yo/', s.headers)).statusCode).toBe(401);
  });

  it('OPERATOR_IDLE_MINUTES sets it shorter; the service never keeps one past 8 hours (issue 38)', async () => {
    const shortClock = new ManualClock('2026-11-23T15:00:00Z');
    const short = await createTestApp({ clock: shortClock, env: { OPERATOR_IDLE_MINUTES: '15' } });
    try {
      const s = await createStaff(short, 'soporte');
      const yo = () => short.app.inject({ method: 'GET', url: '/api/operador/yo/', headers: s.headers });
      shortClock.advance(14 * 60_000);
      expect((await yo()).statusCode).toBe(200);
      shortClock.advance(15 * 60_000 + 1000);
      expect((await yo()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
    const capped = new StaffAuthService({
      repo: new StaffRepository(t.database.db),
      clock,
      totpRoles: [],
      appSecret: 'x'.repeat(40),
      throttle: { take: async () => new Map(), giveBack: async () => {}, succeeded: async () => {} },
      idleMs: 24 * STAFF_IDLE_MS,
    });
    const s = await createStaff(t, 'soporte');
    clock.advance(STAFF_IDLE_MS + 1000);
    expect(await capped.resolve(s.token)).toBeNull();
  });

  it('logout revokes the token', async () => {
    const s = await createStaff(t, 'soporte');
    const out = await t.app.inject({ method: 'DELETE', url: '/api/operador/sesion/', headers: s.headers });
    expect(out.statusCode).toBe(204);
    expect((await get('/api/operador/yo/', s.headers)).statusCode).toBe(401);
  });
});

describe('TOTP (RFC 6238)', () => {
  it('enrols with a QR code, then requires a valid, unused code at sign-in', async () => {
    const first = operatorSessionSchema.parse((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).json());
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/api/operador/totp/',
      headers: auth(first.token),
    });
    expect(enrol.statusCode).toBe(200);
    const { secreto, uri, qr } = totpEnrolmentSchema.parse(enrol.json());
    // Stored sealed, never in clear.
    const [stored] = await t.database.query<{ s: string }>(
      'select totp_pending_secret as s from staff where email = $1',
      [ADMIN_EMAIL],
    );
    expect(stored?.s).toMatch(/^v1\./);
    expect(stored?.s).not.toContain(secreto);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const epoch = Math.floor(clock.now().getTime() / 1000);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/operador/totp/confirmar/',
      headers: auth(first.token),
      payload: { codigo: generateSync({ secret: secreto, epoch: epoch - 600 }) },
    });
    expect(bad.statusCode).toBe(400);
    const auditBefore = await auditCount(t);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/operador/totp/confirmar/',
      headers: auth(first.token),
      payload: { codigo: generateSync({ secret: secreto, epoch }) },
    });
    expect(ok.statusCode).toBe(200);
    expect(await auditCount(t)).toBe(auditBefore + 1);
    // The enrolling session may now use the console.
    expect((await get('/api/operador/pico-placa/', auth(first.token))).statusCode).toBe(200);

    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).json()).toEqual({
      detail: 'Ingresa el código de verificación de tu aplicación autenticadora.',
    });
    clock.advance(30_000);
    const code = generateSync({ secret: secreto, epoch: Math.floor(clock.now().getTime() / 1000) });
    const withCode = await login(ADMIN_EMAIL, ADMIN_PASSWORD, code);
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json()).toMatchObject({ rol: 'admin', nombre: 'Jefa', totp_pendiente: false });
    // The same code is accepted once.
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, code)).statusCode).toBe(401);
  });
});

describe('staff and driver tokens do not cross', () => {
  it('a staff token is a 401 on driver routes; a driver token is a 401 on operator routes', async () => {
    const s = await createStaff(t, 'admin', { totp: true });
    const driver = await createDriver(t);
    for (const url of ['/api/togo/agendamientos/', '/api/togo/pico-placa/?id_garaje=1']) {
      expect((await get(url, s.headers)).statusCode).toBe(401);
    }
    const profile = await t.app.inject({
      method: 'PATCH',
      url: `/api/users-admin-manager/${driver.id}/`,
      headers: s.headers,
      payload: { nombres: 'X' },
    });
    expect(profile.statusCode).toBe(401);
    expect((await get('/api/togo/agendamientos/', driver.headers)).statusCode).toBe(200);
    expect((await get('/api/operador/yo/', driver.headers)).statusCode).toBe(401);
    expect((await get('/api/operador/yo/')).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  it('an admin invites by email; the one-time link sets the password once; others get 403', async () => {
    const admin = await createStaff(t, 'admin', { totp: true });
    const ops = await createStaff(t, 'operaciones');
    const payload = { correo: 'Nuevo.Soporte@togo.co', nombre: 'Nuevo Soporte', rol: 'soporte' };
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/operador/staff/',
      headers: ops.headers,
      payload,
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operador/staff/',
      headers: admin.headers,
      payload,
    });
    expect(res.statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/operador/staff/',
      headers: admin.headers,
      payload,
    });
    // A pending invitation is offered a resend rather than refused as taken (issue 38).
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'Ya hay una invitación pendiente para este correo.',
      staff_id: (res.json() as { id: number }).id,
    });

    const [mail] = await listOutbox(t.database.db, 'nuevo.soporte@togo.co', 1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    expect(token).toBeDefined();
    expect((await login('nuevo.soporte@togo.co', 'clave-nueva-123')).statusCode).toBe(401);
    const accept = (clave: string) =>
      t.app.inject({ method: 'POST', url: '/api/operador/invitacion/aceptar/', payload: { token, clave } });
    expect((await accept('corta')).statusCode).toBe(400);
    expect((await accept('clave-nueva-123')).statusCode).toBe(200);
    expect((await accept('otra-clave-456')).statusCode).toBe(400);
    const session = await login('nuevo.soporte@togo.co', 'clave-nueva-123');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ rol: 'soporte', nombre: 'Nuevo Soporte' });
  });
});
