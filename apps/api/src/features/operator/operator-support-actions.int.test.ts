import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  supportActionAnswerSchema,
  supportResendAnswerSchema,
  supportUserDetailSchema,
} from '@togo/domain/operator/operator-support.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { accountsClient } from '../accounts/accounts.test-fixtures.ts';
import { auditCount, createDriver, createStaff, type TestStaff } from './operator.test-support.ts';

let t: TestContext;
let soporte: TestStaff;
let admin: TestStaff;
let accounts: ReturnType<typeof accountsClient>;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T15:00:00Z') });
  soporte = await createStaff(t, 'soporte');
  admin = await createStaff(t, 'admin');
  accounts = accountsClient(t);
});
afterAll(async () => {
  await t?.close();
});

const act = (id: number | string, action: string, staff: TestStaff = soporte) =>
  t.app.inject({ method: 'POST', url: `/api/operador/usuarios/${id}/${action}/`, headers: staff.headers });

const detail = async (id: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/operador/usuarios/${id}/`,
    headers: soporte.headers,
  });
  expect(res.statusCode).toBe(200);
  return supportUserDetailSchema.parse(res.json());
};

const lastAudit = async () => {
  const [row] = await t.database.query<{
    accion: string;
    objeto: string;
    staff_email: string;
    despues: unknown;
  }>('select accion, objeto, staff_email, despues from audit_log order by id desc limit 1');
  return row;
};

describe('POST /api/operador/usuarios/{id}/revocar-sesiones/', () => {
  it('deletes every session of the driver: their next request is a 401; one audit row', async () => {
    const driver = await createDriver(t, '3104445566');
    const myBookings = () =>
      t.app.inject({ method: 'GET', url: '/api/togo/agendamientos/', headers: driver.headers });
    expect((await myBookings()).statusCode).toBe(200);
    expect((await detail(driver.id)).sesiones_activas).toBe(1);
    const audits = await auditCount(t);

    const res = await act(driver.id, 'revocar-sesiones');
    expect(res.statusCode).toBe(200);
    expect(supportActionAnswerSchema.parse(res.json())).toEqual({
      detail: 'Se cerró 1 sesión.',
      afectados: 1,
    });
    expect((await myBookings()).statusCode).toBe(401);
    expect((await detail(driver.id)).sesiones_activas).toBe(0);
    expect(await auditCount(t)).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({
      accion: 'usuario.revocar_sesiones',
      objeto: `usuario:${driver.id}`,
      staff_email: soporte.email,
    });
  });

  it('concurrent revocations by two staff members: every session goes once, one audit row each', async () => {
    const driver = await createDriver(t, '3104445568');
    await t.database.query(
      `insert into auth_tokens (user_id, token_hash, created, expires_at)
       select $1::int, 'extra-' || g || '-' || $1::text, now(), now() + interval '30 days' from generate_series(1, 4) g`,
      [driver.id],
    );
    const audits = await auditCount(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => act(driver.id, 'revocar-sesiones', i % 2 ? admin : soporte)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const revoked = answers.map((r) => supportActionAnswerSchema.parse(r.json()).afectados);
    expect(revoked.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await auditCount(t)).toBe(audits + 6);
    expect((await detail(driver.id)).sesiones_activas).toBe(0);
  });

  it('an unknown or malformed id is a 404 and writes no audit row', async () => {
    const audits = await auditCount(t);
    for (const id of ['999999', '0', 'abc', '1e3', '12345678901']) {
      for (const action of ['revocar-sesiones', 'desbloquear', 'reenviar-codigo']) {
        expect((await act(id, action)).statusCode, `${action} ${id}`).toBe(404);
      }
    }
    expect(await auditCount(t)).toBe(audits);
  });

  it('a failing revocation leaves no audit row and the session alive', async () => {
    const driver = await createDriver(t, '3104445567');
    const audits = await auditCount(t);
    await t.database.exec(`
      create function togo_test_refuse() returns trigger language plpgsql as
        $$ begin raise exception 'refused by test'; end $$;
      create trigger togo_test_refuse_tokens before delete on auth_tokens
        for each row execute function togo_test_refuse();
      create trigger togo_test_refuse_throttles before delete on throttles
        for each row execute function togo_test_refuse();`);
    try {
      expect((await act(driver.id, 'revocar-sesiones')).statusCode).toBe(500);
      expect(await auditCount(t)).toBe(audits);
      const still = await t.app.inject({
        method: 'GET',
        url: '/api/togo/agendamientos/',
        headers: driver.headers,
      });
      expect(still.statusCode).toBe(200);
    } finally {
      await t.database.exec(`
        drop trigger togo_test_refuse_tokens on auth_tokens;
        drop trigger togo_test_refuse_throttles on throttles;
        drop function togo_test_refuse();`);
    }
  });
});

describe('POST /api/operador/usuarios/{id}/desbloquear/', () => {
  it('clears the sign-in lock-out counted by accounts: the right password signs in at once', async () => {
    const p = await accounts.register();
    for (let i = 0; i < 5; i++)
      expect((await accounts.login(p.email, `Mala${i}clave!`)).statusCode).toBe(400);
    expect((await accounts.login(p.email, p.password)).statusCode).toBe(429);
    const before = await detail(p.id);
    expect(before.bloqueado).toBe(true);
    expect(before.bloqueado_hasta).not.toBeNull();
    const audits = await auditCount(t);

    const res = await act(p.id, 'desbloquear', admin);
    expect(res.statusCode).toBe(200);
    expect(supportActionAnswerSchema.parse(res.json()).detail).toBe('Cuenta desbloqueada.');
    expect(await auditCount(t)).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({ accion: 'usuario.desbloquear', objeto: `usuario:${p.id}` });
    expect((await detail(p.id)).bloqueado).toBe(false);
    expect((await accounts.login(p.email, p.password)).statusCode).toBe(200);
  });

  it('clears the code flow’s daily lock (10 wrong codes) too', async () => {
    const p = await accounts.register();
    // A code is spent after 5 wrong tries: two codes, 5 wrong tries each, make the 10 failures of a day.
    for (let round = 0; round < 2; round++) {
      expect((await accounts.requestReset(p.email)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) await accounts.verify(p.email, '0000');
      t.clock.advance(61_000);
    }
    expect((await detail(p.id)).bloqueado).toBe(true);
    expect((await act(p.id, 'desbloquear')).statusCode).toBe(200);
    expect((await detail(p.id)).bloqueado).toBe(false);
  });

  it('a failing unlock leaves no audit row and the lock in place', async () => {
    const p = await accounts.register();
    for (let i = 0; i < 6; i++) await accounts.login(p.email, `Mala${i}clave!`);
    expect((await detail(p.id)).bloqueado).toBe(true);
    const audits = await auditCount(t);
    await t.database.exec(`
      create function togo_test_refuse() returns trigger language plpgsql as
        $$ begin raise exception 'refused by test'; end $$;
      create trigger togo_test_refuse_throttles before delete on throttles
        for each row execute function togo_test_refuse();`);
    try {
      expect((await act(p.id, 'desbloquear')).statusCode).toBe(500);
    } finally {
      await t.database.exec(`
        drop trigger togo_test_refuse_throttles on throttles;
        drop function togo_test_refuse();`);
    }
    expect(await auditCount(t)).toBe(audits);
    expect((await detail(p.id)).bloqueado).toBe(true);
  });
});

describe('POST /api/operador/usuarios/{id}/reenviar-codigo/', () => {
  it('sends a code through the accounts flow, respects its cooldown (429 with seconds), audits only what was sent', async () => {
    const p = await accounts.register();
    const audits = await auditCount(t);
    const sentBefore = await accounts.outboxCount(p.email);

    const res = await act(p.id, 'reenviar-codigo');
    expect(res.statusCode).toBe(200);
    const answer = supportResendAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({ canal: 'email', proceso: 'RESETEAR_CLAVE' });
    expect(answer.detail).toMatch(/^Código para restablecer la contraseña enviado a \*+/);
    expect(await accounts.outboxCount(p.email)).toBe(sentBefore + 1);
    expect(await auditCount(t)).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({ accion: 'usuario.reenviar_codigo', objeto: `usuario:${p.id}` });
    // The code works in the driver's own flow.
    const code = await t.lastCode(p.email);
    expect((await accounts.verify(p.email, code)).statusCode).toBe(200);

    // Inside the cooldown: 429 with the seconds to wait, nothing sent, no audit row.
    t.clock.advance(20_000);
    const again = await act(p.id, 'reenviar-codigo');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('40');
    expect(again.json()).toMatchObject({ segundos: 40 });
    expect((again.json() as { detail: string }).detail).toMatch(/^Debes esperar/);
    expect(await accounts.outboxCount(p.email)).toBe(sentBefore + 1);
    expect(await auditCount(t)).toBe(audits + 1);

    t.clock.advance(41_000);
    expect((await act(p.id, 'reenviar-codigo')).statusCode).toBe(200);
    expect(await auditCount(t)).toBe(audits + 2);
  });

  it('a pending email change gets its own code again, at the new address', async () => {
    const p = await accounts.register();
    const newEmail = `nuevo.${p.id}@correo.com`;
    await t.database.query('update users set pending_email = $1 where id = $2', [newEmail, p.id]);
    const res = await act(p.id, 'reenviar-codigo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ canal: 'email', proceso: 'CAMBIO_CORREO' });
    expect(await accounts.outboxCount(newEmail)).toBe(1);
  });
});
