import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../test/file-test-app.ts';
import { login, outboxTo, post, registerUser, type RegisteredUser } from './accounts.test-support.ts';

/**
 * Issue 17, finding 5: a reset for a phone shared by several accounts reveals no account (ids, masked
 * emails) before a code sent to that phone is verified; the account choice (406) comes after.
 */
const t = fileTestApp({ advanceEachMs: 25 * 3600_000 });

const requestReset = (identificador: string, extra: Record<string, unknown> = {}) =>
  post(t, '/api/identidad/usuarios/solicitar-codigo-otp/', {
    identificador,
    aplicacion: 'TOGO',
    proceso: 'RESETEAR_CLAVE',
    ...extra,
  });
const verify = (identificador: string, codigo: string, usuario_id: number | null = null) =>
  post(t, '/api/identidad/usuarios/verificar-codigo-otp/', {
    codigo,
    identificador,
    usuario_id,
    proceso: 'RESETEAR_CLAVE',
  });
const reset = (
  identificador: string,
  codigo_otp: string,
  clave: string,
  extra: Record<string, unknown> = {},
) =>
  post(t, '/api/identidad/usuarios/resetear-clave/', {
    identificador,
    codigo_otp,
    clave,
    confirmar_clave: clave,
    ...extra,
  });

let phoneSeq = 0;
async function twoAccountsOnOnePhone(): Promise<[RegisteredUser, RegisteredUser, string]> {
  const phone = `320555${String(++phoneSeq).padStart(4, '0')}`;
  const a = await registerUser(t, { phone });
  const b = await registerUser(t, { phone });
  t.clock.advance(3600_000);
  return [a, b, phone];
}

/** Nothing in an answer names an account: no ids, no (masked) emails. */
function revealsNothing(body: string, accounts: RegisteredUser[]) {
  expect(body).not.toContain('opciones');
  expect(body).not.toContain('@');
  for (const a of accounts) expect(body).not.toMatch(new RegExp(`\\b${a.id}\\b`));
}

describe('password reset for a phone shared by several accounts', () => {
  it('sends one code to the phone and reveals no account before it is verified', async () => {
    const [a, b, phone] = await twoAccountsOnOnePhone();
    const res = await requestReset(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json().otp).toEqual(
      expect.objectContaining({ canal: ['sms'], destino: '******' + phone.slice(-4) }),
    );
    revealsNothing(res.body, [a, b]);
    const sms = await outboxTo(t, phone);
    expect(sms.filter((m) => m.body.includes('código'))).toHaveLength(3); // 2 registrations + this reset

    const code = await t.lastCode(phone);
    const wrong = await verify(phone, code === '0000' ? '1111' : '0000');
    expect(wrong.statusCode).toBe(400);
    revealsNothing(wrong.body, [a, b]);
    // Guessing an account id before verification reveals nothing either.
    const guessed = await verify(phone, code === '0000' ? '1111' : '0000', a.id);
    expect(guessed.statusCode).toBe(400);
    revealsNothing(guessed.body, [a, b]);
  });

  it('answers 406 with the accounts once the code is verified, then changes the chosen one only', async () => {
    const [a, b, phone] = await twoAccountsOnOnePhone();
    await requestReset(phone);
    const code = await t.lastCode(phone);
    const verified = await verify(phone, code);
    expect(verified.statusCode).toBe(406);
    const options = verified.json().opciones as { correo: string; id: number }[];
    expect(options.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
    expect(options.every((o) => /^\*+.{2}@correo\.com$/.test(o.correo))).toBe(true);

    // Without a choice the change asks again (only with the verified code).
    const unchosen = await reset(phone, code, 'ClaveNueva2026');
    expect(unchosen.statusCode).toBe(406);
    // An account that is not on this phone is refused.
    const stranger = await registerUser(t);
    const foreign = await reset(phone, code, 'ClaveNueva2026', { usuario_id: stranger.id });
    expect(foreign.statusCode).toBe(400);

    const changed = await reset(phone, code, 'ClaveNueva2026', { usuario_id: a.id });
    expect(changed.statusCode).toBe(200);
    expect((await login(t, phone, 'ClaveNueva2026', { usuario_id: a.id })).statusCode).toBe(200);
    expect((await login(t, b.email, b.password)).statusCode).toBe(200);
    expect((await login(t, b.email, 'ClaveNueva2026')).statusCode).toBe(400);
    // Single use.
    expect((await reset(phone, code, 'OtraClave2027', { usuario_id: b.id })).statusCode).toBe(400);
  });

  it('a verification naming one of the accounts answers 200 and that account can be reset', async () => {
    const [a, , phone] = await twoAccountsOnOnePhone();
    await requestReset(phone);
    const code = await t.lastCode(phone);
    const ok = await verify(phone, code, a.id);
    expect(ok.statusCode).toBe(200);
    expect((await reset(phone, code, 'ClaveNueva2026', { usuario_id: a.id })).statusCode).toBe(200);
  });

  it('an unknown phone gets the same answer, nothing is sent, and no code verifies', async () => {
    const res = await requestReset('3209998877');
    expect(res.statusCode).toBe(200);
    expect(res.json().otp).toEqual(expect.objectContaining({ canal: ['sms'], destino: '******8877' }));
    expect(await outboxTo(t, '3209998877')).toEqual([]);
    expect((await verify('3209998877', '1234')).statusCode).toBe(400);
  });
});
