import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitText } from '@togo/domain/wait-text';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { signupPayload } from '../../test/signup-payload.ts';
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
    expect(sixth.json().detail).toBe(
      `Solicitaste demasiados códigos. Intenta de nuevo en ${Math.ceil(wait / 60)} minutos.`,
    );
    // A reset by that phone counts against the same limit (and says the same whether or not it exists).
    expect((await c.requestReset(phone, '10.30.2.1')).statusCode).toBe(429);
    t.clock.advance(wait * 1000);
    expect((await c.requestRegistrationCode('hora6@correo.com', phone, '10.30.2.1')).statusCode).toBe(200);
    expect(await c.outboxCount(phone)).toBe(6);
  });
});

describe('the sign-up form sent again (issue 36)', () => {
  it('keeps the fresh code: 200, nothing sent, nothing counted; a wrong code then the right one signs up', async () => {
    const email = 'otra.vez@correo.com';
    const phone = '3125550009';
    const first = await c.requestRegistrationCode(email, phone, '10.30.9.1');
    expect(first.statusCode).toBe(200);
    const code = await t.lastCode(email);
    const again = [];
    for (let i = 0; i < 6; i++) {
      t.clock.advance(5_000);
      again.push(await c.requestRegistrationCode(email, phone, '10.30.9.1'));
    }
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(again[5]?.json().otp).toMatchObject({ vigencia_segundos: 90, reenvio_segundos: 30 });
    expect(await c.outboxCount(phone)).toBe(1);
    expect(await t.lastCode(email)).toBe(code);
    // Another phone on the same form is a new code (once the resend wait allows it).
    expect((await c.requestRegistrationCode(email, '3125550010', '10.30.9.1')).statusCode).toBe(429);
    const signup = (codigo: string) =>
      c.post(
        '/api/identidad/usuarios/signup/',
        signupPayload({ email, phone, password: 'Clave12345' }, codigo),
      );
    const wrong = await signup(code === '0000' ? '1111' : '0000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ codigo_otp: ['El código ingresado es incorrecto.'] });
    expect((await signup(code)).statusCode).toBe(201);
  });

  it('sends a new code once the resend wait is over, and the hourly limit counts only codes sent', async () => {
    const email = 'cinco.codigos@correo.com';
    const phone = '3125550011';
    for (let i = 0; i < 5; i++) {
      expect((await c.requestRegistrationCode(email, phone, '10.30.9.2')).statusCode).toBe(200);
      t.clock.advance(10_000);
      expect((await c.requestRegistrationCode(email, phone, '10.30.9.2')).statusCode).toBe(200);
      t.clock.advance(51_000);
    }
    expect(await c.outboxCount(phone)).toBe(5);
    const sixth = await c.requestRegistrationCode(email, phone, '10.30.9.2');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe('Solicitaste demasiados códigos. Intenta de nuevo en 55 minutos.');
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
      /^Se solicitaron demasiados códigos desde tu conexión\. Intenta de nuevo en \d+ minutos\.$/,
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
      /^Hiciste demasiadas consultas de correo\. Intenta de nuevo en 10 minutos\.$/,
    );
    expect((await check('libre@correo.com', '10.30.4.2')).statusCode).toBe(200);
    t.clock.advance(600_000);
    expect((await check('libre@correo.com', ip)).statusCode).toBe(200);
  });

  it('counts "ya está registrado" answers of solicitar-codigo-otp and signup in the same per-IP limit (issue 35, finding 6)', async () => {
    const ip = '10.30.6.1';
    const taken = { email: 'registrada@correo.com', phone: '3125556000', password: 'Clave-segura-2026' };
    await c.register(taken, '10.30.6.99');
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(await c.requestRegistrationCode(taken.email, `31255561${String(i).padStart(2, '0')}`, ip));
    for (let i = 0; i < 15; i++) {
      answers.push(await c.post('/api/identidad/usuarios/signup/', signupPayload(taken, '1234'), ip));
    }
    expect(statusCounts(answers)).toEqual({ 400: 30, 429: 5 });
    expectWaits(answers.filter((a) => a.statusCode === 429));
    // A full limit refuses an available address too: the answer tells nothing about the email.
    expect((await c.requestRegistrationCode('libre.del.todo@correo.com', '3125556200', ip)).statusCode).toBe(
      429,
    );
    expect((await check('libre@correo.com', ip)).statusCode).toBe(429);
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
      `En este momento no podemos enviar más mensajes de texto. Intenta de nuevo en ${waitText(Number(refused.headers['retry-after']))}.`,
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
