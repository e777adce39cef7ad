import { describe, expect, it } from 'vitest';
import { waitText } from '@togo/domain/wait-text';
import { fileTestApp } from '../../test/file-test-app.ts';
import { signupPayload } from '../../test/signup-payload.ts';
import { accountFlows } from './account-flows.test-support.ts';

// Every test starts well past the previous one's throttling windows.
const t = fileTestApp({ advanceEachMs: 25 * 3600_000 });

const { post, newPerson, requestRegistrationCode, register, login } = accountFlows(() => t);

describe('password reset', () => {
  async function requestReset(identificador: string, extra: Record<string, unknown> = {}) {
    return post('/api/identidad/usuarios/solicitar-codigo-otp/', {
      identificador,
      aplicacion: 'TOGO',
      proceso: 'RESETEAR_CLAVE',
      ...extra,
    });
  }
  const verify = (identificador: string, codigo: string, proceso = 'RESETEAR_CLAVE') =>
    post('/api/identidad/usuarios/verificar-codigo-otp/', {
      codigo,
      identificador,
      usuario_id: null,
      proceso,
    });
  const reset = (
    identificador: string,
    codigo_otp: string,
    clave: string,
    extra: Record<string, unknown> = {},
  ) =>
    post('/api/identidad/usuarios/resetear-clave/', {
      identificador,
      codigo_otp,
      clave,
      confirmar_clave: clave,
      ...extra,
    });

  it('resets by email: the verified code allows one change, does not sign in, and revokes every session', async () => {
    const p = await register();
    const email = p.email.toLowerCase();
    const s1 = (await login(p.email, p.password)).json().token;
    const s2 = (await login(p.phone, p.password)).json().token;
    const res = await requestReset(p.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().otp).toMatchObject({
      canal: ['email'],
      destino: expect.stringMatching(/^\*+.{2}@correo\.com$/),
    });
    const code = await t.lastCode(email);
    // Changing the password before verifying is refused.
    const early = await reset(p.email, code, 'NuevaClave456');
    expect(early.json()).toEqual({ codigo_otp: ['Primero debes verificar el código enviado.'] });
    const ok = await verify(p.email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Código verificado correctamente.', verificado: true });
    expect(ok.json().token).toBeUndefined();
    const changed = await reset(p.email, code, 'NuevaClave456');
    expect(changed.statusCode).toBe(200);
    for (const tok of [s1, s2]) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/togo/users/confirmar_inicio_sesion/',
        headers: { authorization: `Token ${tok}` },
      });
      expect(r.statusCode).toBe(401);
    }
    expect((await login(p.email, p.password)).statusCode).toBe(400);
    expect((await login(p.email, 'NuevaClave456')).statusCode).toBe(200);
    // Single use.
    const reuse = await reset(p.email, code, 'OtraClave789');
    expect(reuse.statusCode).toBe(400);
    expect((await login(p.email, 'OtraClave789')).statusCode).toBe(400);
  });

  it('resets by SMS; a phone with several accounts gets the account choice (406) only after verification', async () => {
    const phone = '3204445566';
    const a = await register(newPerson(phone));
    await register(newPerson(phone));
    const res = await requestReset(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json().otp).toEqual(expect.objectContaining({ canal: ['sms'], destino: '******5566' }));
    const code = await t.lastCode(phone);
    const several = await verify(phone, code);
    expect(several.statusCode).toBe(406);
    expect(several.json().opciones).toHaveLength(2);
    expect((await reset(phone, code, 'ClaveNueva2026', { usuario_id: a.id })).statusCode).toBe(200);
    expect((await login(phone, 'ClaveNueva2026', { usuario_id: a.id })).statusCode).toBe(200);
  });

  it('spends a code after 5 wrong tries: the 6th is refused (429) even with the right code', async () => {
    const p = await register();
    await requestReset(p.email);
    const code = await t.lastCode(p.email.toLowerCase());
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      const r = await verify(p.email, wrong);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ codigo: ['El código ingresado es incorrecto.'] });
    }
    const sixth = await verify(p.email, code);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe('60');
    expect(sixth.json()).toEqual({
      detail: 'Superaste el número de intentos para este código. Podrás solicitar uno nuevo en 60 segundos.',
    });
    // Not evaluated: no failure is counted for it.
    const failures = await t.database.query<{ n: number }>(
      'select count(*)::int as n from otp_failures where identifier = $1',
      [p.email.toLowerCase()],
    );
    expect(failures[0]?.n).toBe(5);
  });

  it('locks the code flow after 10 failures per identifier in a day', async () => {
    const p = await register();
    for (let round = 0; round < 2; round++) {
      await requestReset(p.email);
      const code = await t.lastCode(p.email.toLowerCase());
      const wrong = code === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i++) await verify(p.email, wrong);
      t.clock.advance(61_000);
    }
    const locked = await requestReset(p.email);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3600);
    const verifyLocked = await verify(p.email, '1234');
    expect(verifyLocked.statusCode).toBe(429);
    t.clock.advance(24 * 3600_000);
    expect((await requestReset(p.email)).statusCode).toBe(200);
  });

  it('throttles resends: 60 s apart, at most 5 an hour, a new code cancels the old one', async () => {
    const p = await register();
    t.clock.advance(3600_000); // the registration code no longer counts in the hour
    expect((await requestReset(p.email)).statusCode).toBe(200);
    const first = await t.lastCode(p.email.toLowerCase());
    const soon = await requestReset(p.email);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await requestReset(p.email)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const hourly = await requestReset(p.email);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().detail).toBe(
      `Solicitaste demasiados códigos. Intenta de nuevo en ${waitText(Number(hourly.headers['retry-after']))}.`,
    );
    const latest = await t.lastCode(p.email.toLowerCase());
    if (first !== latest) {
      const old = await verify(p.email, first);
      expect(old.statusCode).toBe(400);
    }
    expect((await verify(p.email, latest)).statusCode).toBe(200);
  });

  it('allows a reset code right after the registration code (the 60 s rule is per process)', async () => {
    const p = newPerson();
    await requestRegistrationCode(p);
    const code = await t.lastCode(p.email.toLowerCase());
    expect((await post('/api/identidad/usuarios/signup/', signupPayload(p, code))).statusCode).toBe(201);
    expect((await requestReset(p.email)).statusCode).toBe(200);
  });

  it('rejects a code used for another process', async () => {
    const p = newPerson();
    await requestRegistrationCode(p);
    const code = await t.lastCode(p.email.toLowerCase());
    const r = await verify(p.email, code, 'RESETEAR_CLAVE');
    expect(r.statusCode).toBe(400);
  });

  it('answers an unknown identifier like a known one and sends nothing', async () => {
    const res = await requestReset('fantasma@correo.com');
    expect(res.statusCode).toBe(200);
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=fantasma@correo.com' });
    expect(outbox.json()).toEqual([]);
  });

  it('validates the new password', async () => {
    const res = await post('/api/identidad/usuarios/resetear-clave/', {
      identificador: 'a@b.co',
      codigo_otp: '1234',
      clave: 'corta',
      confirmar_clave: 'otra',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().clave).toEqual(['La contraseña debe tener al menos 8 caracteres.']);
  });
});
