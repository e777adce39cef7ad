import { randomBytes } from 'node:crypto';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import type { TestContext } from '../../test/test-app.ts';

/**
 * Test support for the access flows: accounts registered through the real sign-up code flow (so their
 * email counts as verified), sign-in, and the outbox.
 */
export interface RegisteredUser {
  id: number;
  email: string;
  phone: string;
  password: string;
}

export const post = (t: TestContext, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

export function login(t: TestContext, email: string, password: string, extra: Record<string, unknown> = {}) {
  return post(t, '/api/orquestador/auth/', { email, password, ...extra });
}

/** Signs up through solicitar-codigo-otp (REGISTRO_USUARIO) + signup; the clock moves past the resend wait. */
export async function registerUser(
  t: TestContext,
  opts: { email?: string; phone?: string; password?: string } = {},
): Promise<RegisteredUser> {
  const tag = randomBytes(4).toString('hex');
  const email = opts.email ?? `persona.${tag}@correo.com`;
  const phone = opts.phone ?? `31${String(parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`;
  const password = opts.password ?? 'ClaveSegura123';
  const otp = await post(t, '/api/identidad/usuarios/solicitar-codigo-otp/', {
    correo: email,
    numero_telefono: phone,
    aplicacion: 'TOGO',
    proceso: 'REGISTRO_USUARIO',
  });
  if (otp.statusCode !== 200) throw new Error(`registration code: ${otp.statusCode} ${otp.body}`);
  const res = await post(t, '/api/identidad/usuarios/signup/', {
    email,
    password,
    password_confirmation: password,
    codigo_otp: await t.lastCode(email),
    tercero: { telefono: phone, nombres: 'María José', apellidos: 'Núñez Peña' },
  });
  if (res.statusCode !== 201) throw new Error(`signup: ${res.statusCode} ${res.body}`);
  t.clock.advance(61_000);
  return { id: res.json().id as number, email, phone, password };
}

/** Signs in and returns the Authorization header. */
export async function signIn(t: TestContext, user: RegisteredUser): Promise<Record<string, string>> {
  const res = await login(t, user.email, user.password);
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return { authorization: `Token ${res.json().token as string}` };
}

export const outboxTo = (t: TestContext, to: string) => listOutbox(t.database.db, to);
