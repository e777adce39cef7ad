import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { QUOTA_PURGE_CRON, QUOTA_PURGE_JOB, RefreshQuotaPurge } from './garage-refresh.purge.ts';
import { GarageRefreshRepository } from './garage-refresh.repository.ts';
import { HOUR_MS, minuteOf } from './garage-refresh.schedule.ts';

let t: TestContext;
let repo: GarageRefreshRepository;
const START = '2026-11-20T15:00:00Z';

beforeAll(async () => {
  t = await createTestApp({
    clock: new ManualClock(START),
    env: { REFRESH_QUOTA_RETENTION_HOURS: '24' },
  });
  repo = new GarageRefreshRepository(t.database.db);
});
afterAll(async () => {
  await t.close();
});

/** Quota rows as the refresh writes them: one reservation per provider every `stepHours`, over `hours`. */
async function history(provider: string, hours: number, stepHours: number): Promise<void> {
  const from = new Date(START).getTime();
  for (let h = 0; h < hours; h += stepHours) {
    await repo.reserveQuota(provider, minuteOf(new Date(from + h * HOUR_MS)), 3, 600);
  }
}

const minutes = async (provider: string) => (await repo.quotaCounts(provider)).map((r) => new Date(r.minute));

describe('purge of the provider quota rows', () => {
  it('deletes the minutes older than REFRESH_QUOTA_RETENTION_HOURS and keeps the recent ones', async () => {
    await history('registry:prueba', 72, 6);
    await history('fines:prueba', 72, 6);
    // Three days later at 15:00: rows from 24 h ago (exactly at the cutoff) and newer stay.
    t.clock.set(new Date(new Date(START).getTime() + 72 * HOUR_MS));
    const cutoff = t.clock.now().getTime() - 24 * HOUR_MS;
    const before = await minutes('registry:prueba');
    const purge = new RefreshQuotaPurge(t.database.db, t.clock, 24);
    expect(await purge.run()).toBe(2 * before.filter((m) => m.getTime() < cutoff).length);
    for (const provider of ['registry:prueba', 'fines:prueba']) {
      const left = await minutes(provider);
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((m) => m.getTime() >= cutoff)).toBe(true);
    }
    // Nothing left to purge: a second run (a retry, another instance) deletes nothing.
    expect(await purge.run()).toBe(0);
  });

  it('two purges at once delete every old row once, without errors', async () => {
    t.clock.set(START);
    await history('registry:otro', 48, 1);
    t.clock.set(new Date(new Date(START).getTime() + 96 * HOUR_MS));
    const cutoff = new Date(t.clock.now().getTime() - 24 * HOUR_MS).toISOString();
    const [row] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from provider_quota where minute < $1::timestamptz`,
      [cutoff],
    );
    const old = Number(row?.n);
    expect(old).toBeGreaterThanOrEqual(48);
    const purge = () => new RefreshQuotaPurge(t.database.db, t.clock, 24).run();
    const [a, b] = await Promise.all([purge(), purge()]);
    expect(a + b).toBe(old);
    expect(await minutes('registry:otro')).toEqual([]);
  });

  it('is a daily job with the configured retention', async () => {
    expect(t.jobs.schedules).toContainEqual({
      name: QUOTA_PURGE_JOB,
      cron: QUOTA_PURGE_CRON,
      data: {},
      tz: 'America/Bogota',
    });
    t.clock.set(START);
    await history('fines:job', 30, 1);
    t.clock.set(new Date(new Date(START).getTime() + 30 * HOUR_MS));
    await t.jobs.send(QUOTA_PURGE_JOB, {});
    await t.jobs.drain();
    const left = await minutes('fines:job');
    // Hours 6…29 are within the 24 h retention; hours 0…5 are gone.
    expect(left).toHaveLength(24);
    expect(Math.min(...left.map((m) => m.getTime()))).toBe(new Date(START).getTime() + 6 * HOUR_MS);
  });
});
