import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_MSG, PERSONAL_DATA_PATHS } from '@togo/domain/profile/personal-data.contract';
import { authTokens, users } from '../../db/schema.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { ensureGarageReferenceRows } from '../garage/garage.test-support.ts';
import {
  createPerson,
  freshSession,
  MemoryStorage,
  PASSWORD,
  type Person,
} from './personal-data.test-support.ts';

let t: TestContext;
const storage = new MemoryStorage();

function remove(headers: Record<string, string>, payload: unknown) {
  return t.app.inject({
    method: 'DELETE',
    url: PERSONAL_DATA_PATHS.deleteAccount,
    headers,
    payload: payload as object,
  });
}

function me(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/togo/users/confirmar_inicio_sesion/', headers });
}

async function signIn(email: string, password = PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/orquestador/auth/', payload: { email, password } });
}

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp({
    clock: new ManualClock('2026-11-22T15:00:00Z'),
    providers: { fileStorage: storage },
  });
  await ensureGarageReferenceRows(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe('DELETE mi-cuenta: refusals change nothing', () => {
  let ana: Person;
  beforeAll(async () => {
    ana = await createPerson(t);
  });

  it('a wrong or missing password is a Spanish 400 and the account stays signed in', async () => {
    const wrong = await remove(ana.headers, { password: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [PERSONAL_DATA_MSG.passwordWrong] });
    const missing = await remove(ana.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password: [PERSONAL_DATA_MSG.passwordRequired] });
    expect((await me(ana.headers)).statusCode).toBe(200);
    expect((await userRow(ana.id))?.deletedAt).toBeNull();
  });

  it('malformed, oversized and NUL-bearing bodies are 400s, never 500s', async () => {
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: PERSONAL_DATA_PATHS.deleteAccount,
      headers: { ...ana.headers, 'content-type': 'application/json' },
      payload: '{"password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await remove(ana.headers, { password: 42 })).statusCode).toBe(400);
    expect((await remove(ana.headers, { password: 'x'.repeat(201) })).statusCode).toBe(400);
    const nul = await remove(ana.headers, { password: `${PASSWORD}\u0000` });
    expect(nul.statusCode).toBe(400);
    // Refused by the input guard for every route (decision 018), naming the field.
    expect(nul.json()).toEqual({ password: ['Este campo contiene caracteres no válidos.'] });
    expect((await userRow(ana.id))?.deletedAt).toBeNull();
  });

  it('401 without a token', async () => {
    expect((await remove({}, { password: PASSWORD })).statusCode).toBe(401);
    expect((await remove({ authorization: 'Token nada' }, { password: PASSWORD })).statusCode).toBe(401);
    expect((await userRow(ana.id))?.deletedAt).toBeNull();
  });
});

describe('DELETE mi-cuenta: the account is closed at once', () => {
  it('revokes every session, refuses sign-in and reset codes, keeps the email reserved until the purge', async () => {
    const ana = await createPerson(t);
    const second = await signIn(ana.email);
    expect(second.statusCode).toBe(200);
    const other = { authorization: `Token ${second.json().token as string}` };
    const beto = await createPerson(t);

    const res = await remove(ana.headers, { password: PASSWORD });
    expect(res.statusCode).toBe(204);

    expect((await me(ana.headers)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const tokens = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, ana.id));
    expect(tokens.length).toBe(2);
    expect(tokens.every((tk) => tk.revokedAt !== null)).toBe(true);
    expect((await userRow(ana.id))?.deletedAt).toEqual(t.clock.now());

    // Sign-in answers as for a wrong password (no enumeration); by phone too.
    const login = await signIn(ana.email);
    expect(login.statusCode).toBe(400);
    expect((await signIn(ana.telefono)).statusCode).toBe(400);
    // A reset code is never sent to a deleted account.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/identidad/usuarios/solicitar-codigo-otp/',
      payload: { proceso: 'RESETEAR_CLAVE', identificador: ana.email },
    });
    expect(reset.statusCode).toBe(200);
    expect(await listOutbox(t.database.db, ana.email, 5)).toEqual([]);
    // Until the purge the email stays taken (decision 021).
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/identidad/usuarios/validar-username/',
      payload: { username: ana.email },
    });
    expect(taken.statusCode).toBe(400);

    // Another account is untouched.
    expect((await me(beto.headers)).statusCode).toBe(200);
    // The same request again: the token is gone.
    expect((await remove(ana.headers, { password: PASSWORD })).statusCode).toBe(401);
  });

  it('a token issued after the deletion (a sign-in racing it) never authenticates', async () => {
    const ana = await createPerson(t);
    expect((await remove(ana.headers, { password: PASSWORD })).statusCode).toBe(204);
    const late = await freshSession(t, ana.id);
    expect((await me(late)).statusCode).toBe(401);
  });

  it('an account without a password (social sign-in) confirms with the word ELIMINAR', async () => {
    const social = await createPerson(t, { password: null });
    const refused = await remove(social.headers, { confirmacion: 'no' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ confirmacion: [PERSONAL_DATA_MSG.confirmationRequired] });
    expect((await me(social.headers)).statusCode).toBe(200);
    expect((await remove(social.headers, { confirmacion: 'eliminar' })).statusCode).toBe(204);
    expect((await me(social.headers)).statusCode).toBe(401);
  });

  it('two deletions at once with two sessions: no 5xx, one deletion time, every session revoked', async () => {
    const ana = await createPerson(t);
    const second = await signIn(ana.email);
    const other = { authorization: `Token ${second.json().token as string}` };
    const answers = await Promise.all([
      remove(ana.headers, { password: PASSWORD }),
      remove(other, { password: PASSWORD }),
    ]);
    for (const a of answers) expect([204, 401]).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 204)).toBe(true);
    expect((await me(ana.headers)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await userRow(ana.id))?.deletedAt).not.toBeNull();
  });
});
