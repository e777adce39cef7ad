import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROFILE_MSG } from '@togo/domain/profile/profile.contract';
import { users } from '../../db/schema.ts';
import { fileTestApp } from '../../test/file-test-app.ts';
import { login, outboxTo, post, registerUser, signIn, type RegisteredUser } from './accounts.test-support.ts';

// Every test starts past the previous one's resend and hourly windows.
const t = fileTestApp({ advanceEachMs: 2 * 3600_000 });

const url = (id: number) => `/api/users-admin-manager/${id}/`;
const changeEmail = (headers: Record<string, string>, id: number, email: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: url(id),
    headers,
    payload: { email, username: email, intermediaryy: { email } },
  });
const verifyEmail = (headers: Record<string, string>, id: number, payload: unknown) =>
  post(t, `${url(id)}verificar-correo/`, payload, headers);

async function row(id: number) {
  const [r] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!r) throw new Error('missing user');
  return r;
}

let seq = 0;
const freshEmail = () => `nuevo.${++seq}.${Date.now().toString(36)}@correo.com`;

async function signedIn(): Promise<RegisteredUser & { headers: Record<string, string> }> {
  const user = await registerUser(t);
  return { ...user, headers: await signIn(t, user) };
}

describe('email change: pending until the code sent to the new address is verified', () => {
  it('keeps signing in with the old address, not the new one, until verified; then the reverse', async () => {
    const ana = await signedIn();
    const next = freshEmail();
    const res = await changeEmail(ana.headers, ana.id, `  ${next.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ana.id,
      email: ana.email,
      username: ana.email,
      correo_pendiente: next,
      detail: PROFILE_MSG.emailCodeSent,
      otp: { canal: ['email'], vigencia_segundos: 120, reenvio_segundos: 60 },
    });
    expect(res.json().otp.destino).toMatch(/^\*+.{2}@correo\.com$/);
    expect(await row(ana.id)).toMatchObject({ email: ana.email, pendingEmail: next, emailVerified: true });

    // A code to the new address; a notice without any code to the old one.
    const [codeMail] = await outboxTo(t, next);
    expect(codeMail).toMatchObject({ channel: 'email', subject: expect.stringMatching(/nuevo correo/) });
    expect(codeMail?.code).toMatch(/^\d{4}$/);
    const [notice] = await outboxTo(t, ana.email);
    expect(notice?.subject).toBe('Solicitud de cambio de correo en TOGO');
    expect(notice?.body).toContain('cambiar el correo de tu cuenta TOGO');
    expect(notice?.body).not.toContain(next);
    expect(notice?.code ?? null).toBeNull();

    expect((await login(t, ana.email, ana.password)).statusCode).toBe(200);
    expect((await login(t, next, ana.password)).statusCode).toBe(400);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/togo/users/confirmar_inicio_sesion/',
      headers: ana.headers,
    });
    expect(me.json().email).toBe(ana.email);

    const code = await t.lastCode(next);
    const wrong = await verifyEmail(ana.headers, ana.id, { codigo: code === '0000' ? '1111' : '0000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ codigo: ['El código ingresado es incorrecto.'] });
    expect((await row(ana.id)).email).toBe(ana.email);

    const ok = await verifyEmail(ana.headers, ana.id, { codigo: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      email: next,
      username: next,
      tercero: { correo: next },
      correo_pendiente: null,
      detail: PROFILE_MSG.emailVerified,
    });
    expect(await row(ana.id)).toMatchObject({ email: next, pendingEmail: null, emailVerified: true });
    expect((await login(t, next, ana.password)).statusCode).toBe(200);
    expect((await login(t, ana.email, ana.password)).statusCode).toBe(400);

    const reuse = await verifyEmail(ana.headers, ana.id, { codigo: code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ codigo: [PROFILE_MSG.emailNoPending] });
  });

  it('refuses an address another account has (any case) with the spec message: nothing pending, nothing sent', async () => {
    const ana = await signedIn();
    const beto = await registerUser(t);
    const res = await changeEmail(ana.headers, ana.id, beto.email.toUpperCase());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['El correo ya esta registrado'] });
    expect((await row(ana.id)).pendingEmail).toBeNull();
    const sent = await outboxTo(t, beto.email);
    expect(sent.every((m) => !/nuevo correo/.test(m.subject ?? ''))).toBe(true);
  });

  it('refuses an invalid, empty or non-string email with a Spanish 400 and changes nothing', async () => {
    const ana = await signedIn();
    const bad = await changeEmail(ana.headers, ana.id, 'no-es-correo');
    expect(bad.json()).toEqual({ email: [PROFILE_MSG.emailInvalid] });
    expect((await changeEmail(ana.headers, ana.id, '  ')).json().email).toEqual([PROFILE_MSG.required]);
    expect((await changeEmail(ana.headers, ana.id, 42)).statusCode).toBe(400);
    expect((await changeEmail(ana.headers, ana.id, `${'a'.repeat(250)}@correo.com`)).statusCode).toBe(400);
    expect(await row(ana.id)).toMatchObject({ email: ana.email, pendingEmail: null });
  });

  it('resends by asking again: 429 within 60 s, then a new code that cancels the old; one notice per address', async () => {
    const ana = await signedIn();
    const next = freshEmail();
    expect((await changeEmail(ana.headers, ana.id, next)).statusCode).toBe(200);
    const first = await t.lastCode(next);
    const soon = await changeEmail(ana.headers, ana.id, next);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await changeEmail(ana.headers, ana.id, next)).statusCode).toBe(200);
    const second = await t.lastCode(next);
    const notices = (await outboxTo(t, ana.email)).filter((m) =>
      m.subject?.startsWith('Solicitud de cambio'),
    );
    expect(notices).toHaveLength(1);
    if (first !== second) {
      expect((await verifyEmail(ana.headers, ana.id, { codigo: first })).statusCode).toBe(400);
    }
    expect((await verifyEmail(ana.headers, ana.id, { codigo: second })).statusCode).toBe(200);
  });

  it('kills the code after 5 wrong tries', async () => {
    const ana = await signedIn();
    const next = freshEmail();
    await changeEmail(ana.headers, ana.id, next);
    const code = await t.lastCode(next);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      expect((await verifyEmail(ana.headers, ana.id, { codigo: wrong })).statusCode).toBe(400);
    }
    // A spent code refuses even the right digits, with the seconds to wait (decision 016).
    const late = await verifyEmail(ana.headers, ana.id, { codigo: code });
    expect(late.statusCode).toBe(429);
    expect(late.headers['retry-after']).toBeDefined();
    expect((await row(ana.id)).email).toBe(ana.email);
  });

  it('asking for the current address withdraws a pending change', async () => {
    const ana = await signedIn();
    const next = freshEmail();
    await changeEmail(ana.headers, ana.id, next);
    const code = await t.lastCode(next);
    const back = await changeEmail(ana.headers, ana.id, ana.email);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ email: ana.email, correo_pendiente: null });
    const res = await verifyEmail(ana.headers, ana.id, { codigo: code });
    expect(res.json()).toEqual({ codigo: [PROFILE_MSG.emailNoPending] });
    expect((await row(ana.id)).email).toBe(ana.email);
  });

  it('an address taken by a sign-up before the code is verified answers 400 and changes nothing', async () => {
    const ana = await signedIn();
    const next = freshEmail();
    await changeEmail(ana.headers, ana.id, next);
    const code = await t.lastCode(next);
    t.clock.advance(1000);
    await registerUser(t, { email: next });
    const res = await verifyEmail(ana.headers, ana.id, { codigo: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['El correo ya esta registrado'] });
    expect((await row(ana.id)).email).toBe(ana.email);
  });

  it('two verifications of the right code at once: exactly one applies (single use)', async () => {
    const ana = await signedIn();
    const next = freshEmail();
    await changeEmail(ana.headers, ana.id, next);
    const code = await t.lastCode(next);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => verifyEmail(ana.headers, ana.id, { codigo: code })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 400)).toBe(true);
    expect((await row(ana.id)).email).toBe(next);
  });
});

describe('email change: access and malformed input', () => {
  it('another user’s id answers 404; no token 401; a bad code 400; the code is not a public OTP', async () => {
    const ana = await signedIn();
    const beto = await signedIn();
    const next = freshEmail();
    await changeEmail(ana.headers, ana.id, next);
    const code = await t.lastCode(next);

    expect((await changeEmail(beto.headers, ana.id, freshEmail())).statusCode).toBe(404);
    expect((await verifyEmail(beto.headers, ana.id, { codigo: code })).statusCode).toBe(404);
    expect((await verifyEmail({}, ana.id, { codigo: code })).statusCode).toBe(401);
    // Beto has nothing pending: Ana's code means nothing for his account.
    expect((await verifyEmail(beto.headers, beto.id, { codigo: code })).json()).toEqual({
      codigo: [PROFILE_MSG.emailNoPending],
    });
    for (const payload of [{}, { codigo: '12' }, { codigo: 1234 }, { codigo: 'abcd' }, []]) {
      const res = await verifyEmail(ana.headers, ana.id, payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await verifyEmail(ana.headers, ana.id, { codigo: '12' })).json()).toEqual({
      codigo: [PROFILE_MSG.codeFormat],
    });
    const publicVerify = await post(t, '/api/identidad/usuarios/verificar-codigo-otp/', {
      codigo: code,
      identificador: next,
      proceso: 'CAMBIO_CORREO',
    });
    expect(publicVerify.statusCode).toBe(400);
    expect(publicVerify.json()).toEqual({ proceso: ['Proceso no válido.'] });

    // Still verifiable by its owner after all that.
    expect((await verifyEmail(ana.headers, ana.id, { codigo: code })).statusCode).toBe(200);
  });
});
