import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { accountsClient, expectWaits, statusCounts } from './accounts.test-fixtures.ts';

// The races these tests guard against show on PostgreSQL (run with DATABASE_URL, as CI does); PGlite
// serialises queries, so there they check the same rules without real concurrency.
let t: TestContext;
let c: ReturnType<typeof accountsClient>;
beforeAll(async () => {
  t = await createTestApp();
  c = accountsClient(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.advance(25 * 3600_000);
});

const WRONG = { codigo: ['El código ingresado es incorrecto.'] };

async function codeRow(identifier: string, process: string) {
  const [row] = await t.database.query<{ attempts: number }>(
    'select attempts from otp_codes where identifier = $1 and process = $2 order by id desc limit 1',
    [identifier, process],
  );
  return row;
}

async function failures(identifier: string): Promise<number> {
  const rows = await t.database.query<{ n: number }>(
    'select count(*)::int as n from otp_failures where identifier = $1',
    [identifier],
  );
  return rows[0]?.n ?? 0;
}

describe('one-time code attempts under concurrency', () => {
  for (const burst of [60, 200]) {
    it(`evaluates at most 5 of ${burst} concurrent wrong guesses at one reset code; the rest answer 429`, async () => {
      const p = await c.register();
      expect((await c.requestReset(p.email)).statusCode).toBe(200);
      const code = await t.lastCode(p.email);
      const wrong = code === '0000' ? '1111' : '0000';
      const responses = await Promise.all(Array.from({ length: burst }, () => c.verify(p.email, wrong)));
      const counts = statusCounts(responses);
      expect(Object.keys(counts).every((s) => Number(s) < 500)).toBe(true);
      const evaluated = responses.filter((r) => r.statusCode === 400);
      expect(evaluated.length).toBeLessThanOrEqual(5);
      for (const r of evaluated) expect(r.json()).toEqual(WRONG);
      expect(counts[429]).toBe(burst - evaluated.length);
      expectWaits(responses);
      expect((await codeRow(p.email, 'RESETEAR_CLAVE'))?.attempts).toBeLessThanOrEqual(5);
      expect(await failures(p.email)).toBe(evaluated.length);
      // The spent code no longer verifies, even when right.
      expect((await c.verify(p.email, code)).statusCode).toBe(429);
    });
  }

  it('holds the daily lock-out (10 failures per identifier) across two live codes', async () => {
    // An email without an account can hold a registration code and a (silent) reset code at once.
    const p = c.newPerson();
    expect((await c.requestRegistrationCode(p.email, p.phone)).statusCode).toBe(200);
    expect((await c.requestReset(p.email)).statusCode).toBe(200);
    const now = t.clock.now().getTime();
    for (let i = 0; i < 8; i++) {
      await t.database.query('insert into otp_failures (identifier, created) values ($1, $2)', [
        p.email,
        new Date(now - 3600_000),
      ]);
    }
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        c.verify(p.email, '0000', i % 2 ? 'RESETEAR_CLAVE' : 'REGISTRO_USUARIO'),
      ),
    );
    const counts = statusCounts(responses);
    expect(Object.keys(counts).every((s) => Number(s) < 500)).toBe(true);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(2);
    expect(await failures(p.email)).toBeLessThanOrEqual(10);
    expectWaits(responses);
    const locked = responses.find((r) => r.statusCode === 429 && r.json().detail.includes('permitidos'));
    expect(locked).toBeDefined();
  });

  it('counts nothing for a guess refused by the lock-out and answers the seconds left', async () => {
    const p = await c.register();
    expect((await c.requestReset(p.email)).statusCode).toBe(200);
    const now = t.clock.now().getTime();
    for (let i = 0; i < 10; i++) {
      await t.database.query('insert into otp_failures (identifier, created) values ($1, $2)', [
        p.email,
        new Date(now - 3600_000),
      ]);
    }
    const res = await c.verify(p.email, '0000');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(23 * 3600));
    expect(res.json()).toEqual({
      detail: `Superaste el número de intentos permitidos. Intenta de nuevo en ${23 * 60} minutos.`,
    });
    expect(await failures(p.email)).toBe(10);
    expect((await codeRow(p.email, 'RESETEAR_CLAVE'))?.attempts).toBe(0);
  });
});

describe('registration code at verificar-codigo-otp', () => {
  it('verifies a correct REGISTRO_USUARIO code (no phone in the body) without counting a failure', async () => {
    const p = c.newPerson();
    expect((await c.requestRegistrationCode(p.email, p.phone)).statusCode).toBe(200);
    const code = await t.lastCode(p.email);
    const res = await c.verify(p.email, code, 'REGISTRO_USUARIO');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Código verificado correctamente.', verificado: true });
    expect(await failures(p.email)).toBe(0);
    expect((await codeRow(p.email, 'REGISTRO_USUARIO'))?.attempts).toBe(0);
    // The code stays bound to its phone: sign-up with another phone is refused, with the right one works.
    const other = await c.post(
      '/api/identidad/usuarios/signup/',
      c.signupPayload({ ...p, phone: '3119998877' }, code),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ codigo_otp: ['El código ingresado es incorrecto.'] });
    const ok = await c.post('/api/identidad/usuarios/signup/', c.signupPayload(p, code));
    expect(ok.statusCode).toBe(201);
  });

  it('still rejects a wrong REGISTRO_USUARIO code and counts it', async () => {
    const p = c.newPerson();
    expect((await c.requestRegistrationCode(p.email, p.phone)).statusCode).toBe(200);
    const code = await t.lastCode(p.email);
    const res = await c.verify(p.email, code === '0000' ? '1111' : '0000', 'REGISTRO_USUARIO');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(WRONG);
    expect(await failures(p.email)).toBe(1);
  });
});
