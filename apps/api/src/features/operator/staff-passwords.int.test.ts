import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createStaff } from './operator.test-support.ts';

/** Issue 35, finding 9: "12345678" was accepted as a staff password. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function invite(correo: string): Promise<string> {
  const admin = await createStaff(t, 'admin', { totp: true });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/operador/staff/',
    headers: admin.headers,
    payload: { correo, nombre: 'Nueva Persona', rol: 'soporte' },
  });
  expect(res.statusCode).toBe(201);
  const [mail] = await listOutbox(t.database.db, correo, 1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error('no invitation link');
  return token;
}

const accept = (token: string, clave: string) =>
  t.app.inject({ method: 'POST', url: '/api/operador/invitacion/aceptar/', payload: { token, clave } });

describe('staff passwords', () => {
  it('need 12 characters and may not be common or easy to guess', async () => {
    const token = await invite('nueva.persona@togo.co');
    const short = await accept(token, '12345678');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ clave: ['La clave debe tener al menos 12 caracteres.'] });
    for (const common of ['password1234', 'qwertyuiop123', '123456789012']) {
      const res = await accept(token, common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json()).toEqual({
        clave: ['Esa clave es muy común o fácil de adivinar. Usa una frase de varias palabras.'],
      });
    }
    expect((await accept(token, 'Pasillo-Verde-Colibrí-42')).statusCode).toBe(200);
  });
});
