import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_MSG, ORGANISATION_PATHS } from '@togo/domain/organisation/organisation.contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { INVITATIONS_PER_HOUR } from '../organisation/organisation.service.ts';
import { createCompanyUser } from './fleet.test-support.ts';

/**
 * Issue 35, finding 5: 100 concurrent invitations sent 100 e-mails carrying a company name an attacker wrote
 * ("Tu cuenta bancaria fue bloqueada… http://…"). At most 20 invitations per organisation per hour, whatever the
 * concurrency (on PostgreSQL when DATABASE_URL is set); the e-mail says who invited whom in TOGO's words and
 * carries no link but TOGO's own.
 */
let t: TestContext;
let admin: TestUser;
let adminEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createCompanyUser(t);
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, admin.id));
  adminEmail = row!.email;
});
afterAll(async () => {
  await t?.close();
});

const invite = (correo: string) =>
  t.app.inject({
    method: 'POST',
    url: ORGANISATION_PATHS.members,
    headers: admin.headers,
    payload: { correo, rol: 'consulta' },
  });

describe('organisation invitations', () => {
  it('says who invited whom in TOGO words, with the company name stripped of links', async () => {
    await t.database.db
      .update(users)
      .set({
        razonSocial: 'Tu cuenta bancaria fue bloqueada, entra a http://banco-falso.example/x o bit.ly/abc',
      })
      .where(eq(users.id, admin.id));
    expect((await invite('invitado.texto@correo.com')).statusCode).toBe(201);
    const [mail] = await listOutbox(t.database.db, 'invitado.texto@correo.com', 1);
    expect(mail?.subject).toBe('Invitación a una flota de empresa en TOGO');
    expect(mail?.body).toContain(
      `Transportes Andinos (${adminEmail}), de la empresa «Tu cuenta bancaria fue bloqueada, entra a o» en TOGO, ` +
        'invitó a invitado.texto@correo.com a la flota de esa empresa con el rol consulta (solo lectura).',
    );
    expect(mail?.body).not.toMatch(/banco-falso|bit\.ly/);
    // The only link is TOGO's own invitation link.
    expect(mail?.body.match(/https?:\/\/\S+/g)).toEqual([
      expect.stringMatching(/^http:\/\/localhost:\d+\/empresa\/invitacion\?token=/),
    ]);
  });

  it(`${INVITATIONS_PER_HOUR + 10} concurrent invitations: ${INVITATIONS_PER_HOUR} sent, the rest 429 in Spanish`, async () => {
    t.clock.advance(2 * 3600_000);
    const addresses = Array.from({ length: INVITATIONS_PER_HOUR + 10 }, (_, i) => `masivo.${i}@correo.com`);
    const answers = await Promise.all(addresses.map(invite));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(INVITATIONS_PER_HOUR);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.json()).toEqual({ detail: ORGANISATION_MSG.tooManyInvitations });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    let sent = 0;
    for (const a of addresses) sent += (await listOutbox(t.database.db, a)).length;
    expect(sent).toBe(INVITATIONS_PER_HOUR);

    // An hour later the organisation may invite again.
    t.clock.advance(3600_000);
    expect((await invite('otra.hora@correo.com')).statusCode).toBe(201);
  });
});
