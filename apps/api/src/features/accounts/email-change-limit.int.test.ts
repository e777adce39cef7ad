import { describe, expect, it } from 'vitest';
import { PROFILE_MSG } from '@togo/domain/profile/profile.contract';
import { fileTestApp } from '../../test/file-test-app.ts';
import { outboxTo, registerUser, signIn } from './accounts.test-support.ts';
import { EMAIL_CHANGES_PER_DAY } from './email-change.service.ts';

/**
 * Issue 35, finding 5: 100 email-change requests from one account sent 200 messages. At most 5 requests for a
 * new address per account in 24 hours, whatever the concurrency (on PostgreSQL when DATABASE_URL is set).
 */
const t = fileTestApp({ advanceEachMs: 2 * 86_400_000 });

let seq = 0;
const freshEmail = () => `cambio.${++seq}.${Date.now().toString(36)}@correo.com`;
const changeEmail = (headers: Record<string, string>, id: number, email: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users-admin-manager/${id}/`,
    headers,
    payload: { email, username: email, intermediaryy: { email } },
  });

async function signedIn() {
  const user = await registerUser(t);
  return { ...user, headers: await signIn(t, user) };
}

describe('email changes per account and day', () => {
  it('the sixth request in 24 hours is a 429 in Spanish that sends nothing; a day later it works', async () => {
    const ana = await signedIn();
    expect(EMAIL_CHANGES_PER_DAY).toBe(5);
    for (let i = 0; i < 5; i += 1) {
      expect((await changeEmail(ana.headers, ana.id, freshEmail())).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    const notices = (await outboxTo(t, ana.email)).length;
    const sixth = freshEmail();
    const refused = await changeEmail(ana.headers, ana.id, sixth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: PROFILE_MSG.tooManyEmailChanges });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outboxTo(t, sixth)).toEqual([]);
    expect((await outboxTo(t, ana.email)).length).toBe(notices);
    // Withdrawing the pending change (asking for the current address) sends nothing and is not limited.
    expect((await changeEmail(ana.headers, ana.id, ana.email)).statusCode).toBe(200);

    t.clock.advance(86_400_000);
    expect((await changeEmail(ana.headers, ana.id, freshEmail())).statusCode).toBe(200);
  });

  it('30 concurrent requests to new addresses: 5 go through, 25 are 429, 10 messages at most', async () => {
    const beto = await signedIn();
    const addresses = Array.from({ length: 30 }, freshEmail);
    const answers = await Promise.all(addresses.map((a) => changeEmail(beto.headers, beto.id, a)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    let codesSent = 0;
    for (const a of addresses) codesSent += (await outboxTo(t, a)).length;
    const notices = (await outboxTo(t, beto.email)).filter(
      (m) => m.subject === 'Solicitud de cambio de correo en TOGO',
    ).length;
    expect(codesSent).toBe(5);
    expect(notices).toBe(5);
  });
});
