import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMemberSchema } from '@togo/domain/operator/operator-auth.contract';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createStaff, STAFF_PASSWORD, type TestStaff } from './operator.test-support.ts';

/** Issue 38: invitations resent or revoked, the link checked before its form, a locked member unlocked. */
let t: TestContext;
let admin: TestStaff;
let ops: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T15:00:00Z') });
  admin = await createStaff(t, 'admin');
  ops = await createStaff(t, 'operaciones');
});
afterAll(async () => {
  await t?.close();
});

const as = (who: TestStaff, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

const invite = (correo: string) =>
  as(admin, 'POST', '/api/operador/staff/', { correo, nombre: 'Persona Invitada', rol: 'soporte' });

async function lastToken(correo: string): Promise<string> {
  const [mail] = await listOutbox(t.database.db, correo, 1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${correo}`);
  return token;
}

const check = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/operador/invitacion/?token=${encodeURIComponent(token)}` });
const accept = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operador/invitacion/aceptar/',
    payload: { token, clave: 'una frase larga de acceso' },
  });

const members = async () =>
  staffMemberSchema.array().parse((await as(admin, 'GET', '/api/operador/staff/')).json());
const audits = (accion: string, objeto: string) =>
  t.database
    .query<{ n: number }>('select count(*)::int as n from audit_log where accion = $1 and objeto = $2', [
      accion,
      objeto,
    ])
    .then((r) => r[0]?.n ?? 0);

describe('staff invitations: resend, revoke, checked before the form', () => {
  it('a resend mails a new link; the old one says it was replaced, the new one works once', async () => {
    const res = await invite('reenvio@togo.co');
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: number }).id;
    const first = await lastToken('reenvio@togo.co');
    expect((await check(first)).json()).toEqual({ correo: 'reenvio@togo.co', nombre: 'Persona Invitada' });

    const again = await invite('reenvio@togo.co');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'Ya hay una invitación pendiente para este correo.',
      staff_id: id,
    });

    const resent = await as(admin, 'POST', `/api/operador/staff/${id}/invitacion/`);
    expect(resent.statusCode).toBe(200);
    expect(await audits('staff.reenviar_invitacion', `staff:${id}`)).toBe(1);
    const second = await lastToken('reenvio@togo.co');
    expect(second).not.toBe(first);
    const old = await check(first);
    expect(old.statusCode).toBe(410);
    expect(old.json()).toEqual({
      estado: 'reemplazada',
      detail:
        'Esta invitación fue reemplazada por una más reciente. Usa el enlace del último correo que recibiste.',
    });
    expect((await accept(first)).statusCode).toBe(400);
    expect((await check(second)).statusCode).toBe(200);
    expect((await accept(second)).statusCode).toBe(200);
    const used = await check(second);
    expect(used.statusCode).toBe(410);
    expect(used.json()).toMatchObject({ estado: 'usada' });
    // Accepted: nothing to resend or revoke any more.
    expect((await as(admin, 'POST', `/api/operador/staff/${id}/invitacion/`)).statusCode).toBe(409);
    expect((await as(admin, 'DELETE', `/api/operador/staff/${id}/invitacion/`)).statusCode).toBe(409);
  });

  it('a revoked invitation removes the pending member; its link is invalid and the address can be invited again', async () => {
    const id = ((await invite('revocar@togo.co')).json() as { id: number }).id;
    const token = await lastToken('revocar@togo.co');
    expect((await as(ops, 'DELETE', `/api/operador/staff/${id}/invitacion/`)).statusCode).toBe(403);
    const revoked = await as(admin, 'DELETE', `/api/operador/staff/${id}/invitacion/`);
    expect(revoked.statusCode).toBe(204);
    expect(await audits('staff.revocar_invitacion', `staff:${id}`)).toBe(1);
    expect((await members()).map((m) => m.correo)).not.toContain('revocar@togo.co');
    expect((await check(token)).json()).toMatchObject({ estado: 'invalida' });
    expect((await as(admin, 'DELETE', `/api/operador/staff/${id}/invitacion/`)).statusCode).toBe(404);
    expect((await invite('revocar@togo.co')).statusCode).toBe(201);
  });

  it('an expired or unknown link says so before the form', async () => {
    await invite('vencida@togo.co');
    const token = await lastToken('vencida@togo.co');
    await t.database.query(
      `update staff_invitations set expires_at = '2026-11-01T00:00:00Z'
       where staff_id = (select id from staff where email = 'vencida@togo.co')`,
    );
    expect((await check(token)).json()).toEqual({
      estado: 'vencida',
      detail: 'Esta invitación venció. Pide a un administrador que te la reenvíe.',
    });
    expect((await check('x'.repeat(40))).json()).toMatchObject({ estado: 'invalida' });
    expect((await check('corto')).statusCode).toBe(410);
  });
});

describe('a member locked by failed sign-ins', () => {
  const login = (correo: string, clave: string) =>
    t.app.inject({ method: 'POST', url: '/api/operador/sesion/', payload: { correo, clave } });

  it('is listed as locked; an admin unlocks them (audited) and they can sign in', async () => {
    const locked = await createStaff(t, 'contenido');
    for (let i = 0; i < 5; i++) expect((await login(locked.email, 'mala-clave-xx')).statusCode).toBe(401);
    expect((await login(locked.email, STAFF_PASSWORD)).statusCode).toBe(429);
    const listed = (await members()).find((m) => m.id === locked.id);
    expect(listed).toMatchObject({ activo: true, bloqueado: true });
    expect((await members()).find((m) => m.id === ops.id)?.bloqueado).toBe(false);

    expect((await as(ops, 'POST', `/api/operador/staff/${locked.id}/desbloquear/`)).statusCode).toBe(403);
    const res = await as(admin, 'POST', `/api/operador/staff/${locked.id}/desbloquear/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: locked.id, bloqueado: false });
    const [row] = await t.database.query<{ antes: unknown; despues: unknown }>(
      `select antes, despues from audit_log where accion = 'staff.desbloquear' and objeto = $1`,
      [`staff:${locked.id}`],
    );
    expect(row?.antes).toMatchObject({ bloqueado: true, intentos: 5 });
    expect(row?.despues).toMatchObject({ bloqueado: false });
    expect((await members()).find((m) => m.id === locked.id)?.bloqueado).toBe(false);
    expect((await login(locked.email, STAFF_PASSWORD)).statusCode).toBe(200);

    const again = await as(admin, 'POST', `/api/operador/staff/${locked.id}/desbloquear/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Esta cuenta no está bloqueada.' });
    expect((await as(admin, 'POST', '/api/operador/staff/999999/desbloquear/')).statusCode).toBe(404);
  });
});
