import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  INVITATION_TTL_DAYS,
  ORGANISATION_MSG,
  ORGANISATION_PATHS,
  invitationPreviewSchema,
  myMembershipSchema,
  pendingInvitationListSchema,
} from '@togo/domain/organisation/organisation.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { authTokens, users } from '../../db/schema.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { ManualClock } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { createCompanyUser } from '../fleet/fleet.test-support.ts';
import { INVITATION_READS_PER_IP } from './organisation.service.ts';

/**
 * Issue 37: the invitation link's page reads the invitation first (company, role, state), and an account made with
 * the invited address is offered it after sign-in (decision 105).
 */
let t: TestContext;
let clock: ManualClock;
let admin: TestUser;

beforeAll(async () => {
  clock = new ManualClock('2026-12-02T15:00:00Z');
  t = await createTestApp({ clock });
  admin = await createCompanyUser(t);
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** Each read from its own address unless one is given, so the per-address limit only bites where tested. */
const preview = (token: string, ip = `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`) =>
  t.app.inject({
    method: 'GET',
    url: `${ORGANISATION_PATHS.invitation}?token=${encodeURIComponent(token)}`,
    remoteAddress: ip,
  });
const accept = (payload: object) => t.app.inject({ method: 'POST', url: ORGANISATION_PATHS.accept, payload });

async function invite(correo: string, rol = 'operador'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: ORGANISATION_PATHS.members,
    headers: admin.headers,
    payload: { correo, rol },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [msg] = await listOutbox(t.database.db, correo, 1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(msg?.body ?? '')?.[1];
  if (!token) throw new Error(`no invitation sent to ${correo}`);
  return token;
}

/** A client account with this e-mail (proven or not) and a session. */
async function account(email: string, emailVerified: boolean): Promise<TestUser> {
  const [user] = await t.database.db
    .insert(users)
    .values({ email, nombres: 'Nora', apellidos: 'Díaz', groupId: GROUP_CLIENT, emailVerified })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const token = newToken();
  const now = clock.now();
  await t.database.db.insert(authTokens).values({
    userId: user.id,
    tokenHash: sha256Hex(token),
    created: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { id: user.id, token, headers: { authorization: `Token ${token}` } };
}

const pending = (user: TestUser | null) =>
  t.app.inject({ method: 'GET', url: ORGANISATION_PATHS.pending, headers: user?.headers ?? {} });
const acceptPending = (user: TestUser | null, id: number | string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/togo/empresa/invitaciones/${id}/aceptar/`,
    headers: user?.headers ?? {},
  });

describe('the invitation link read (GET empresa/invitacion/?token=…)', () => {
  it('shows company, role and the invited e-mail while valid; then "usada" once accepted, without the e-mail', async () => {
    const token = await invite('nueva@correo.com', 'consulta');
    const res = await preview(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(invitationPreviewSchema.parse(res.json())).toEqual({
      empresa: 'Transportes Andinos',
      rol: 'consulta',
      estado: 'vigente',
      correo: 'nueva@correo.com',
      cuenta_existente: false,
    });
    const ok = await accept({ token, nombres: 'Nueva', apellidos: 'Persona', password: 'una-clave-larga' });
    expect(ok.statusCode, ok.body).toBe(200);
    // The token came to that address: the new account's e-mail is proven.
    const [created] = await t.database.db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, 'nueva@correo.com'));
    expect(created?.emailVerified).toBe(true);
    expect((await preview(token)).json()).toEqual({
      empresa: 'Transportes Andinos',
      rol: 'consulta',
      estado: 'usada',
      correo: null,
      cuenta_existente: false,
    });
  });

  it('says whether the invited address already has an account', async () => {
    await account('existe@correo.com', true);
    const token = await invite('existe@correo.com');
    expect((await preview(token)).json()).toMatchObject({ estado: 'vigente', cuenta_existente: true });
  });

  it('says "expirada" once its 7 days have passed (and the link no longer accepts)', async () => {
    const token = await invite('tarde@correo.com');
    clock.advance(INVITATION_TTL_DAYS * 86_400_000 + 1000);
    expect((await preview(token)).json()).toEqual({
      empresa: 'Transportes Andinos',
      rol: 'operador',
      estado: 'expirada',
      correo: null,
      cuenta_existente: false,
    });
    const late = await accept({ token, nombres: 'Tarde', password: 'una-clave-larga' });
    expect(late.statusCode).toBe(400);
  });

  it('an unknown token is a 404 with a Spanish message; a renewed invitation retires the old link', async () => {
    const unknown = await preview(newToken());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: ORGANISATION_MSG.invitationUnknown });
    const first = await invite('renovada@correo.com');
    const second = await invite('renovada@correo.com', 'consulta');
    expect((await preview(first)).statusCode).toBe(404);
    expect((await preview(second)).json()).toMatchObject({ estado: 'vigente', rol: 'consulta' });
  });

  it('refuses a missing, malformed or oversized token with 400 before reading anything', async () => {
    const bad = [
      '',
      'corto',
      '<script>alert(1)</script>aaaaaaaaaaaaaaa',
      'a'.repeat(101),
      'a'.repeat(10_000),
      `${'a'.repeat(30)}'--`,
    ];
    for (const token of bad) {
      const res = await preview(token);
      expect(res.statusCode, token.slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ token: [ORGANISATION_MSG.invitationInvalid] });
    }
    // A NUL is refused by the input guard before validation.
    expect((await preview(`${'a'.repeat(30)}\u0000`)).statusCode).toBe(400);
    const none = await t.app.inject({ method: 'GET', url: ORGANISATION_PATHS.invitation });
    expect(none.statusCode).toBe(400);
    const twice = await t.app.inject({
      method: 'GET',
      url: `${ORGANISATION_PATHS.invitation}?token=${'a'.repeat(30)}&token=${'b'.repeat(30)}`,
    });
    expect(twice.statusCode).toBe(400);
  });

  it(`counts reads per address: past ${INVITATION_READS_PER_IP} in 10 minutes, a 429 with Retry-After`, async () => {
    const token = await invite('limite@correo.com');
    for (let i = 0; i < INVITATION_READS_PER_IP; i++) {
      expect((await preview(token, '10.77.0.1')).statusCode).toBe(200);
    }
    const refused = await preview(token, '10.77.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(
        /^Demasiadas consultas de invitaciones desde tu conexión\. Intenta de nuevo en/,
      ),
    });
    expect((await preview(token, '10.77.0.2')).statusCode).toBe(200);
  });
});

describe('an account made with the invited address is offered the invitation', () => {
  it('lists the pending invitation (proven e-mail only) and accepts it with the session, once', async () => {
    const token = await invite('ofrecida@correo.com', 'consulta');
    const person = await account('Ofrecida@Correo.com', true);
    const list = await pending(person);
    expect(list.statusCode, list.body).toBe(200);
    const [offer, ...rest] = pendingInvitationListSchema.parse(list.json());
    expect(rest).toEqual([]);
    expect(offer).toEqual({
      id: expect.any(Number),
      empresa: 'Transportes Andinos',
      rol: 'consulta',
      vence: new Date(clock.now().getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString(),
    });
    const ok = await acceptPending(person, offer?.id ?? 0);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ empresa: 'Transportes Andinos', rol: 'consulta', cuenta_nueva: false });
    const mine = await t.app.inject({ method: 'GET', url: ORGANISATION_PATHS.mine, headers: person.headers });
    expect(myMembershipSchema.parse(mine.json())).toEqual({
      empresa: 'Transportes Andinos',
      rol: 'consulta',
    });
    expect((await pending(person)).json()).toEqual([]);
    expect((await acceptPending(person, offer?.id ?? 0)).statusCode).toBe(404);
    expect((await preview(token)).json()).toMatchObject({ estado: 'usada' });
  });

  it('offers nothing to an unproven e-mail and lets no one else accept it', async () => {
    await invite('sin.verificar@correo.com');
    const unproven = await account('sin.verificar@correo.com', false);
    expect((await pending(unproven)).json()).toEqual([]);
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'sin.verificar@correo.com'));
    expect(row).toBeDefined();
    const members = await t.app.inject({
      method: 'GET',
      url: ORGANISATION_PATHS.members,
      headers: admin.headers,
    });
    const id = members
      .json<{ id: number; correo: string }[]>()
      .find((m) => m.correo === 'sin.verificar@correo.com')?.id;
    expect(id).toBeDefined();
    expect((await acceptPending(unproven, id ?? 0)).statusCode).toBe(404);
    const stranger = await account('otra@correo.com', true);
    expect((await acceptPending(stranger, id ?? 0)).statusCode).toBe(404);
    expect((await acceptPending(stranger, 'abc')).statusCode).toBe(404);
    expect((await pending(null)).statusCode).toBe(401);
    expect((await acceptPending(null, id ?? 0)).statusCode).toBe(401);
  });
});

/** Run with DATABASE_URL for the race on PostgreSQL; on PGlite the requests are serialised and the same holds. */
describe(`concurrent acceptances of one invitation (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('two new-account acceptances of one link: exactly one wins, one account is created', async () => {
    const token = await invite('carrera@correo.com');
    const body = { token, nombres: 'Carla', apellidos: 'Rápida', password: 'una-clave-larga' };
    const answers = await Promise.all([accept(body), accept(body), accept(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    const accounts = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'carrera@correo.com'));
    expect(accounts).toHaveLength(1);
  });

  it('the link and the signed-in offer at once: exactly one wins', async () => {
    const token = await invite('doble@correo.com', 'consulta');
    const person = await account('doble@correo.com', true);
    const [offer] = pendingInvitationListSchema.parse((await pending(person)).json());
    const answers = await Promise.all([accept({ token }), acceptPending(person, offer?.id ?? 0)]);
    // The loser is refused: 400 when it raced the update, 404 when the invitation was no longer pending.
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400 || c === 404)).toHaveLength(1);
    const members = await t.app.inject({
      method: 'GET',
      url: ORGANISATION_PATHS.members,
      headers: admin.headers,
    });
    const rows = members
      .json<{ correo: string; estado: string }[]>()
      .filter((m) => m.correo === 'doble@correo.com');
    expect(rows).toEqual([expect.objectContaining({ estado: 'activo' })]);
  });
});
