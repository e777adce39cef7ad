import { waitText } from '@togo/domain/wait-text';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { signupPayload } from '../../test/signup-payload.ts';

/** Requests and sign-up helpers shared by the accounts integration tests. */
export function accountsClient(t: TestContext) {
  let seq = 0;
  const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

  const requestRegistrationCode = (email: string, phone: string, ip?: string) =>
    post(
      '/api/identidad/usuarios/solicitar-codigo-otp/',
      { correo: email, numero_telefono: phone, aplicacion: 'TOGO', proceso: 'REGISTRO_USUARIO' },
      ip,
    );
  const requestReset = (identificador: string, ip?: string) =>
    post(
      '/api/identidad/usuarios/solicitar-codigo-otp/',
      { identificador, aplicacion: 'TOGO', proceso: 'RESETEAR_CLAVE' },
      ip,
    );
  const verify = (identificador: string, codigo: string, proceso = 'RESETEAR_CLAVE', ip?: string) =>
    post(
      '/api/identidad/usuarios/verificar-codigo-otp/',
      { codigo, identificador, usuario_id: null, proceso },
      ip,
    );
  const login = (email: string, password: string, ip?: string) =>
    post('/api/orquestador/auth/', { email, password }, ip);

  function newPerson() {
    seq += 1;
    const n = `${process.pid % 1000}${seq}`;
    return {
      email: `limites${n}@correo.com`,
      phone: `31${String(10_000_000 + seq * 7919).slice(-8)}`,
      password: 'ClaveSegura123',
    };
  }

  /** A registered account (the clock is then moved past the resend windows). */
  async function register(p = newPerson(), ip = '127.0.0.1') {
    expect((await requestRegistrationCode(p.email, p.phone, ip)).statusCode).toBe(200);
    const code = await t.lastCode(p.email);
    const res = await post('/api/identidad/usuarios/signup/', signupPayload(p, code), ip);
    expect(res.statusCode).toBe(201);
    t.clock.advance(61_000);
    return { ...p, id: res.json().id as number };
  }

  /** How many messages the outbox holds for `to`. */
  async function outboxCount(to: string): Promise<number> {
    const rows = await t.database.query<{ n: number }>(
      'select count(*)::int as n from outbox_messages where "to" = $1',
      [to],
    );
    return rows[0]?.n ?? 0;
  }

  return {
    post,
    requestRegistrationCode,
    requestReset,
    verify,
    login,
    newPerson,
    signupPayload,
    register,
    outboxCount,
  };
}

/** Status codes of a burst, counted: { 400: 5, 429: 55 }. */
export function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

/**
 * Every 429 carries a Retry-After of at least 1 s and a Spanish detail stating the same wait once (seconds up
 * to 90 s, then minutes: issue 36).
 */
export function expectWaits(responses: LightMyRequestResponse[]): void {
  for (const r of responses.filter((x) => x.statusCode === 429)) {
    const seconds = Number(r.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    const detail: string = r.json().detail;
    expect(detail).toContain(waitText(seconds));
    expect(detail.match(/\d+/g)).toHaveLength(1);
  }
}
