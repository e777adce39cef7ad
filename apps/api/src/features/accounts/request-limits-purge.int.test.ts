import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { REQUEST_LIMITS_PURGE_CRON, REQUEST_LIMITS_PURGE_JOB } from './request-limits.jobs.ts';
import { RequestLimitsRepository } from './request-limits.repository.ts';
import { RequestLimiter, type LimitRule } from './request-limits.service.ts';

let t: TestContext;
let limiter: RequestLimiter;
const START = '2026-11-20T15:00:00Z';
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(START) });
  limiter = new RequestLimiter(new RequestLimitsRepository(t.database.db), t.clock);
});
afterAll(async () => {
  await t.close();
});

const rule = (key: string): LimitRule => ({
  key,
  limit: 3,
  windowSeconds: 3600,
  message: (w) => `Espera ${w}`,
});
const hits = async (key: string) =>
  Number(
    (
      await t.database.query<{ n: number }>(`select count(*)::int as n from rate_limit_hits where key = $1`, [
        key,
      ])
    )[0]?.n,
  );

describe('purge of request-limit hits', () => {
  it('deletes the hits of keys never seen again once they are a day old, and keeps counting the rest', async () => {
    t.clock.set(START);
    for (const key of ['ip:203.0.113.7', 'tel:3105550101']) await limiter.take([rule(key)]);
    expect(await hits('ip:203.0.113.7')).toBe(1);
    // 23 hours later nothing is old enough; then a fresh key is hit twice.
    t.clock.set(new Date(new Date(START).getTime() + 23 * HOUR));
    expect(await limiter.purge()).toBe(0);
    t.clock.set(new Date(new Date(START).getTime() + 25 * HOUR));
    await limiter.take([rule('ip:198.51.100.9')]);
    await limiter.take([rule('ip:198.51.100.9')]);
    expect(await limiter.purge()).toBe(2);
    expect(await hits('ip:203.0.113.7')).toBe(0);
    expect(await hits('tel:3105550101')).toBe(0);
    // The recent key still counts its hits: the third is allowed, the fourth refused.
    expect((await limiter.take([rule('ip:198.51.100.9')])).refusal).toBeNull();
    expect((await limiter.take([rule('ip:198.51.100.9')])).refusal).not.toBeNull();
    expect(await limiter.purge()).toBe(0);
  });

  it('is a daily job', async () => {
    expect(t.jobs.schedules).toContainEqual({
      name: REQUEST_LIMITS_PURGE_JOB,
      cron: REQUEST_LIMITS_PURGE_CRON,
      data: {},
      tz: 'America/Bogota',
    });
    t.clock.set(START);
    await limiter.take([rule('ip:192.0.2.1')]);
    t.clock.set(new Date(new Date(START).getTime() + 48 * HOUR));
    await t.jobs.send(REQUEST_LIMITS_PURGE_JOB, {});
    await t.jobs.drain();
    expect(await hits('ip:192.0.2.1')).toBe(0);
  });
});
