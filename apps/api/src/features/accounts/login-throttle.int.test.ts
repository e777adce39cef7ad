import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { accountsClient, expectWaits, statusCounts } from './accounts.test-fixtures.ts';
import type * as PasswordModule from '../../lib/password.ts';
import { verifyPassword } from '../../lib/password.ts';
import { ACCOUNT_POLICY } from './throttle.service.ts';

// Counts how often a password is actually evaluated.
vi.mock('../../lib/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const evaluations = vi.mocked(verifyPassword);

// The race shows on PostgreSQL (run with DATABASE_URL, as CI does); PGlite serialises queries.
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
  evaluations.mockClear();
});

describe('sign-in lock-out', () => {
  it('evaluates at most `threshold` of 100 concurrent wrong passwords; the rest answer 429', async () => {
    const p = await c.register();
    evaluations.mockClear();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => c.login(p.email, `MalaClave${i}!`, '10.20.0.1')),
    );
    const counts = statusCounts(responses);
    expect(Object.keys(counts).every((s) => Number(s) < 500)).toBe(true);
    expect(evaluations.mock.calls.length).toBeLessThanOrEqual(ACCOUNT_POLICY.threshold);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(ACCOUNT_POLICY.threshold);
    expect(counts[429]).toBe(100 - (counts[400] ?? 0));
    expectWaits(responses);
    // The right password is refused too while the block lasts.
    expect((await c.login(p.email, p.password, '10.20.0.2')).statusCode).toBe(429);
  });

  it('keeps the delay growing across 15-minute windows until a successful sign-in', async () => {
    const p = await c.register();
    const ip = '10.20.1.1';
    for (let i = 0; i < 5; i++) expect((await c.login(p.email, `Mala${i}clave!`, ip)).statusCode).toBe(400);
    const first = await c.login(p.email, p.password, ip);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json()).toEqual({ detail: 'Demasiados intentos fallidos. Intenta de nuevo en 1 segundo.' });
    // A new 15-minute window does not start the count again: the next failure blocks for 2 s, then 4 s.
    t.clock.advance(16 * 60_000);
    expect((await c.login(p.email, 'Mala5clave!', ip)).statusCode).toBe(400);
    const second = await c.login(p.email, p.password, ip);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    t.clock.advance(60 * 60_000);
    expect((await c.login(p.email, 'Mala6clave!', ip)).statusCode).toBe(400);
    expect((await c.login(p.email, p.password, ip)).headers['retry-after']).toBe('4');
    // A successful sign-in starts again from zero.
    t.clock.advance(5_000);
    expect((await c.login(p.email, p.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await c.login(p.email, `Otra${i}clave!`, ip)).statusCode).toBe(400);
    expect((await c.login(p.email, p.password, ip)).statusCode).toBe(200);
  });

  it('starts the count again after 24 h without attempts', async () => {
    const p = await c.register();
    const ip = '10.20.2.1';
    for (let i = 0; i < 6; i++) {
      expect((await c.login(p.email, `Mala${i}clave!`, ip)).statusCode).toBe(i < 5 ? 400 : 429);
    }
    t.clock.advance(24 * 3600_000 + 1000);
    for (let i = 0; i < 4; i++) expect((await c.login(p.email, `Mala${i}clave!`, ip)).statusCode).toBe(400);
    expect((await c.login(p.email, p.password, ip)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the IP', async () => {
    const p = await c.register();
    const ip = '10.20.3.1';
    for (let i = 0; i < 25; i++) expect((await c.login(p.email, p.password, ip)).statusCode).toBe(200);
    const [row] = await t.database.query<{ failures: number }>(
      'select failures from throttles where key = $1',
      [`login:ip:${ip}`],
    );
    expect(row?.failures ?? 0).toBe(0);
  });
});
