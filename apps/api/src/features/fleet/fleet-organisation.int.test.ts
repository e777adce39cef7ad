import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_COMPLIANCE_PATHS } from '@togo/domain/fleet/fleet-compliance.contract';
import { FLEET_PATHS } from '@togo/domain/fleet/fleet.contract';
import {
  ORGANISATION_MSG,
  ORGANISATION_PATHS,
  memberListSchema,
  memberSchema,
  myMembershipSchema,
} from '@togo/domain/organisation/organisation.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { authTokens, users } from '../../db/schema.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { buildFleetXlsx, createCompanyUser, goodRow, uploadFleetFile } from './fleet.test-support.ts';

let t: TestContext;
let admin: TestUser;
let otherCompany: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createCompanyUser(t);
  otherCompany = await createCompanyUser(t);
  client = await createCompanyUser(t, GROUP_CLIENT);
});
afterAll(async () => {
  await t.close();
});

const get = (user: TestUser | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const invite = (user: TestUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: ORGANISATION_PATHS.members,
    headers: user.headers,
    payload: payload as object,
  });
const accept = (payload: object) => t.app.inject({ method: 'POST', url: ORGANISATION_PATHS.accept, payload });

async function members(user: TestUser) {
  const res = await get(user, ORGANISATION_PATHS.members);
  expect(res.statusCode, res.body).toBe(200);
  return memberListSchema.parse(res.json());
}

/** The token of the newest invitation emailed to `to` (from the link in the outbox). */
async function invitationToken(to: string): Promise<string> {
  const [msg] = await listOutbox(t.database.db, to, 1);
  const match = /token=([A-Za-z0-9_-]+)/.exec(msg?.body ?? '');
  if (!match?.[1]) throw new Error(`no invitation sent to ${to}`);
  return match[1];
}

/** A session for the existing user with this email. */
async function signIn(email: string): Promise<TestUser> {
  const all = await t.database.db.select({ id: users.id, email: users.email }).from(users);
  const found = all.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!found) throw new Error('no user');
  const token = newToken();
  const now = t.clock.now();
  await t.database.db.insert(authTokens).values({
    userId: found.id,
    tokenHash: sha256Hex(token),
    created: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { id: found.id, token, headers: { authorization: `Token ${token}` } };
}

let operador: TestUser;
let consulta: TestUser;
let operadorMemberId: number;

describe('organisation members', () => {
  it('the company account is its organisation administrador', async () => {
    const list = await members(admin);
    expect(list).toEqual([expect.objectContaining({ rol: 'administrador', estado: 'activo' })]);
  });

  it('refuses an unknown role, a bad email and a malformed body with 400, changing nothing', async () => {
    for (const body of [
      { correo: 'ana@empresa.com', rol: 'jefe' },
      { correo: 'no-es-correo', rol: 'operador' },
      { correo: 'ana\u0000@empresa.com', rol: 'operador' },
      { correo: `${'a'.repeat(260)}@empresa.com`, rol: 'operador' },
      { rol: 'operador' },
      [],
    ]) {
      const res = await invite(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknownRole = await invite(admin, { correo: 'ana@empresa.com', rol: 'jefe' });
    expect(unknownRole.json()).toEqual({ rol: [ORGANISATION_MSG.roleInvalid] });
    const malformed = await t.app.inject({
      method: 'POST',
      url: ORGANISATION_PATHS.members,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"correo":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await members(admin)).toHaveLength(1);
  });

  it('invites by email (201) with a one-time link; a new account accepts it with a password', async () => {
    const res = await invite(admin, { correo: 'Operador@Empresa.com', rol: 'operador' });
    expect(res.statusCode, res.body).toBe(201);
    const member = memberSchema.parse(res.json());
    expect(member).toMatchObject({ correo: 'operador@empresa.com', rol: 'operador', estado: 'invitado' });
    operadorMemberId = member.id;
    const [mail] = await listOutbox(t.database.db, 'operador@empresa.com', 1);
    expect(mail?.subject).toContain('Invitación');
    const token = await invitationToken('operador@empresa.com');

    const weak = await accept({ token, nombres: 'Olga', password: 'corta' });
    expect(weak.statusCode).toBe(400);
    // Issue 35, finding 7: the sign-up's name rules (letters and spaces, 80 at most), nothing stored.
    for (const nombres of [
      '=HYPERLINK("http://x.co","clic")',
      'Olga\u202Eazul',
      '<b>Olga</b>',
      'O'.repeat(81),
    ]) {
      const bad = await accept({ token, nombres, apellidos: 'Ruiz', password: 'una-clave-larga' });
      expect(bad.statusCode, nombres).toBe(400);
      expect(bad.json()).toEqual({ nombres: [expect.any(String)] });
    }
    const badSurname = await accept({
      token,
      nombres: 'Olga',
      apellidos: '<i>R</i>',
      password: 'una-clave-larga',
    });
    expect(badSurname.json()).toEqual({ apellidos: ['Solo se permiten letras y espacios'] });
    const ok = await accept({ token, nombres: 'Olga', apellidos: 'Ruiz', password: 'una-clave-larga' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ rol: 'operador', cuenta_nueva: true });
    // Single use.
    expect((await accept({ token, nombres: 'Olga', password: 'una-clave-larga' })).statusCode).toBe(400);
    operador = await signIn('operador@empresa.com');
  });

  it('links an existing account; two concurrent acceptances of one token link it once', async () => {
    const email = 'consulta@correo.com';
    await t.database.db
      .insert(users)
      .values({ email, nombres: 'Carla', apellidos: 'Gómez', groupId: GROUP_CLIENT });
    expect((await invite(admin, { correo: email, rol: 'consulta' })).statusCode).toBe(201);
    const token = await invitationToken(email);
    const answers = await Promise.all([accept({ token }), accept({ token })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const accepted = answers.find((a) => a.statusCode === 200);
    expect(accepted?.json()).toMatchObject({ rol: 'consulta', cuenta_nueva: false });
    consulta = await signIn(email);
    const list = await members(admin);
    expect(list.map((m) => [m.correo, m.rol, m.estado])).toEqual([
      [expect.any(String), 'administrador', 'activo'],
      ['operador@empresa.com', 'operador', 'activo'],
      [email, 'consulta', 'activo'],
    ]);
  });

  it('an already active member cannot be invited again (409); an invalid token is 400', async () => {
    expect((await invite(admin, { correo: 'operador@empresa.com', rol: 'consulta' })).statusCode).toBe(409);
    expect((await accept({ token: 'x'.repeat(43) })).statusCode).toBe(400);
    expect((await accept({ token: '<script>' })).statusCode).toBe(400);
  });
});

describe('role matrix on the fleet routes', () => {
  const readUrls = [
    FLEET_PATHS.list,
    FLEET_PATHS.errors,
    FLEET_PATHS.guide,
    FLEET_COMPLIANCE_PATHS.grid,
    FLEET_COMPLIANCE_PATHS.xlsx,
    FLEET_COMPLIANCE_PATHS.finesXlsx,
    ORGANISATION_PATHS.members,
    ORGANISATION_PATHS.mine,
  ];

  it('administrador, operador and consulta read the fleet', async () => {
    for (const user of [admin, operador, consulta]) {
      for (const url of readUrls) expect((await get(user, url)).statusCode, url).toBe(200);
    }
  });

  it('each member reads their own role and company (the web fleet guard)', async () => {
    const roles = [];
    for (const user of [admin, operador, consulta]) {
      const res = await get(user, ORGANISATION_PATHS.mine);
      roles.push(myMembershipSchema.parse(res.json()).rol);
    }
    expect(roles).toEqual(['administrador', 'operador', 'consulta']);
  });

  it('only the administrador manages members; consulta cannot change the fleet', async () => {
    for (const user of [operador, consulta]) {
      const res = await invite(user, { correo: 'nuevo@empresa.com', rol: 'consulta' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: ORGANISATION_MSG.adminOnly });
      const del = await t.app.inject({
        method: 'DELETE',
        url: ORGANISATION_PATHS.member(operadorMemberId),
        headers: user.headers,
      });
      expect(del.statusCode).toBe(403);
    }
    const file = await buildFleetXlsx([goodRow(1)]);
    const byConsulta = await uploadFleetFile(t, consulta, file);
    expect(byConsulta.statusCode).toBe(403);
    expect(byConsulta.json()).toEqual({ detail: ORGANISATION_MSG.readOnly });
    // The operador uploads into the organisation's fleet (the company's rows).
    const byOperador = await uploadFleetFile(t, operador, file);
    expect(byOperador.statusCode, byOperador.body).toBe(202);
    await t.jobs.drain();
    const list = await get(admin, FLEET_PATHS.list);
    expect(list.json<{ total: number }>().total).toBe(1);
  });

  it('a client gets 403 and no token gets 401', async () => {
    for (const url of readUrls) {
      expect((await get(client, url)).statusCode, url).toBe(403);
      expect((await get(null, url)).statusCode, url).toBe(401);
    }
    expect((await invite(client, { correo: 'x@empresa.com', rol: 'operador' })).statusCode).toBe(403);
  });

  it('another company never sees these rows', async () => {
    const list = await members(otherCompany);
    expect(list.map((m) => m.correo)).not.toContain('operador@empresa.com');
    const grid = await get(otherCompany, FLEET_COMPLIANCE_PATHS.grid);
    expect(grid.json<{ data: unknown[] }>().data).toEqual([]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: ORGANISATION_PATHS.member(operadorMemberId),
      headers: otherCompany.headers,
    });
    expect(del.statusCode).toBe(404);
  });

  it('removing a member revokes access at once; the owner cannot be removed', async () => {
    const own = (await members(admin)).find((m) => m.rol === 'administrador');
    const self = await t.app.inject({
      method: 'DELETE',
      url: ORGANISATION_PATHS.member(own?.id ?? 0),
      headers: admin.headers,
    });
    expect(self.statusCode).toBe(400);
    const del = await t.app.inject({
      method: 'DELETE',
      url: ORGANISATION_PATHS.member(operadorMemberId),
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(204);
    for (const url of readUrls) expect((await get(operador, url)).statusCode, url).toBe(403);
    expect((await members(admin)).map((m) => m.correo)).not.toContain('operador@empresa.com');
    expect((await get(consulta, FLEET_PATHS.list)).statusCode).toBe(200);
  });
});
