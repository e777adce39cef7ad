import { expect } from 'vitest';
import { signupPayload } from '../../test/signup-payload.ts';
import type { TestContext } from '../../test/test-app.ts';

/**
 * The access flows' test helpers for accounts.int and password-reset.int: people with mixed-case emails and
 * numbered phones, the registration code, sign-up and sign-in, against the file's own test app (`ctx()`).
 */
export function accountFlows(ctx: () => TestContext) {
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url, payload: payload as object, headers });

  let seq = 0;
  function newPerson(phone?: string) {
    seq += 1;
    return {
      email: `Persona${seq}.Test@Correo.com`,
      phone: phone ?? `300${String(1000000 + seq).slice(-7)}`,
      password: 'ClaveSegura123',
    };
  }

  function requestRegistrationCode(p: { email: string; phone: string }) {
    return post('/api/identidad/usuarios/solicitar-codigo-otp/', {
      correo: p.email,
      numero_telefono: p.phone,
      aplicacion: 'TOGO',
      proceso: 'REGISTRO_USUARIO',
    });
  }

  async function register(p = newPerson()) {
    const t = ctx();
    const otp = await requestRegistrationCode(p);
    expect(otp.statusCode).toBe(200);
    const code = await t.lastCode(p.email.toLowerCase());
    const res = await post('/api/identidad/usuarios/signup/', signupPayload(p, code));
    expect(res.statusCode).toBe(201);
    t.clock.advance(61_000);
    return { ...p, id: res.json().id as number };
  }

  async function login(email: string, password: string, extra: Record<string, unknown> = {}) {
    return post('/api/orquestador/auth/', { email, password, ...extra });
  }

  return { post, newPerson, requestRegistrationCode, register, login };
}
