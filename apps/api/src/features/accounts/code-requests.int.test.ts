import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { accountsClient, expectWaits, statusCounts } from './accounts.test-fixtures.ts';

// Limits on code requests and username checks, kept in the database (decision 016). The concurrent case
// races on PostgreSQL (run with DATABASE_URL, as CI does); PGlite serialises queries.
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

describe('code requests per phone', () => {
  it('sends at most 1 code for 6 registration requests in a row with one phone and 6 emails', async () => {
    const phone = '3125550001';
    const responses = [];
    for (let i = 0; i < 6; i++) {
      responses.push(await c.requestRegistrationCode(`telefono.unico${i}@correo.com`, phone, '10.30.0.1'));
    }
    expect(responses.map((r) => r.statusCode)).toEqual([200, 429, 429, 429, 429, 429]);
    expectWaits(responses);
    expect(responses[1]?.headers['retry-after']).toBe('60');
    expect(responses[1]?.json()).toEqual({
      detail: 'Debes esperar 60 segundos antes de solicitar un nuevo código.',
    });
    expect(await c.outboxCount(phone)).toBe(1);
    let emails = 0;
    for (let i = 0; i < 6; i++) emails += await c.outboxCount(`telefono.unico${i}@correo.com`);
    expect(emails).toBe(1);
  });

  it('sends 1 code for 30 concurrent registration requests with one phone', async () => {
    const phone = '3125550002';
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        c.requestRegistrationCode(`rafaga${i}@correo.com`, phone, `10.30.1.${i}`),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 429: 29 });
    expectWaits(responses);
    expect(await c.outboxCount(phone)).toBe(1);
  });

  it('allows 5 codes an hour per phone, 60 s apart, for registrations and resets alike', async () => {
    const phone = '3125550003';
    for (let i = 0; i < 5; i++) {
      const res = await c.requestRegistrationCode(`hora${i}@correo.com`, phone, '10.30.2.1');
      expect(res.statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    const sixth = await c.requestRegistrationCode('hora5@correo.com', phone, '10.30.2.1');
    expect(sixth.statusCode).toBe(429);
    const wait = Number(sixth.headers['retry-after']);
    expect(wait).toBe(3600 - 5 * 61);
    expect(sixth.json().detail).toBe(`Solicitaste demasiados códigos. Intenta de nuevo en ${wait} segundos.`);
    // A reset by that phone counts against the same limit (and says the same whether or not it exists).
    expect((await c.requestReset(phone, '10.30.2.1')).statusCode).toBe(429);
    t.clock.advance(wait * 1000);
    expect((await c.requestRegistrationCode('hora6@correo.com', phone, '10.30.2.1')).statusCode).toBe(200);
    expect(await c.outboxCount(phone)).toBe(6);
  });
});

describe('code requests per IP', () => {
  it('accepts 30 code requests an hour from one IP, then 429; other IPs are not affected', async () => {
    const ip = '10.30.3.1';
    for (let i = 0; i < 30; i++) {
      const res = await c.requestRegistrationCode(`ip${i}@correo.com`, `31355${String(10000 + i)}`, ip);
      expect(res.statusCode).toBe(200);
    }
    const refused = await c.requestReset('cualquiera@correo.com', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(
      /^Se solicitaron demasiados códigos desde tu conexión\. Intenta de nuevo en \d+ segundos\.$/,
    );
    expectWaits([refused]);
    expect((await c.requestReset('cualquiera@correo.com', '10.30.3.2')).statusCode).toBe(200);
  });
});

describe('validar-username', () => {
  const check = (username: string, ip: string) =>
    c.post('/api/identidad/usuarios/validar-username/', { username }, ip);

  it('answers 30 checks per IP in 10 minutes, then 429 with the seconds left', async () => {
    const ip = '10.30.4.1';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => check(`libre${i}@correo.com`, ip)),
    );
    expect(statusCounts(answers)).toEqual({ 200: 30, 429: 10 });
    expectWaits(answers);
    expect(answers.find((r) => r.statusCode === 429)?.json().detail).toMatch(
      /^Hiciste demasiadas consultas de correo\. Intenta de nuevo en 600 segundos\.$/,
    );
    expect((await check('libre@correo.com', '10.30.4.2')).statusCode).toBe(200);
    t.clock.advance(600_000);
    expect((await check('libre@correo.com', ip)).statusCode).toBe(200);
  });

  it('does not count malformed input', async () => {
    const ip = '10.30.5.1';
    for (let i = 0; i < 35; i++) expect((await check('no-es-correo', ip)).statusCode).toBe(400);
    expect((await check('libre@correo.com', ip)).statusCode).toBe(200);
  });
});

describe('hourly SMS ceiling', () => {
  let s: TestContext;
  let sc: ReturnType<typeof accountsClient>;
  beforeAll(async () => {
    s = await createTestApp({ env: { OTP_HOURLY_SMS_CEILING: '3' } });
    sc = accountsClient(s);
  });
  afterAll(async () => {
    await s.close();
  });

  it('logs an alarm when reached and refuses further SMS codes that hour; email codes still go', async () => {
    const error = vi.spyOn(s.app.log, 'error');
    const warn = vi.spyOn(s.app.log, 'warn');
    for (let i = 0; i < 3; i++) {
      const res = await sc.requestRegistrationCode(
        `sms${i}@correo.com`,
        `31455${String(10000 + i)}`,
        `10.40.0.${i}`,
      );
      expect(res.statusCode).toBe(200);
    }
    const alarms = error.mock.calls.filter((call) => String(call[1]).includes('SMS ceiling reached'));
    expect(alarms).toHaveLength(1);
    const refused = await sc.requestRegistrationCode('sms3@correo.com', '3145519999', '10.40.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(
      `En este momento no podemos enviar más mensajes de texto. Intenta de nuevo en ${refused.headers['retry-after']} segundos.`,
    );
    expect(warn.mock.calls.some((call) => String(call[1]).includes('SMS ceiling reached'))).toBe(true);
    expect(await sc.outboxCount('3145519999')).toBe(0);
    expect(await sc.outboxCount('sms3@correo.com')).toBe(0);
    // A reset by email sends no SMS and is not refused.
    const p = sc.newPerson();
    expect((await sc.requestReset(p.email, '10.40.0.10')).statusCode).toBe(200);
    s.clock.advance(3600_000);
    expect((await sc.requestRegistrationCode('sms4@correo.com', '3145518888', '10.40.0.11')).statusCode).toBe(
      200,
    );
  });
});
