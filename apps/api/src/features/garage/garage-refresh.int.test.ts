import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser } from './garage.test-support.ts';
import {
  fine,
  insertVehicles,
  refreshWith,
  registryAnswer,
  ScriptedProviders,
} from './garage-refresh.test-support.ts';

const START = '2026-11-22T15:00:00Z'; // 10:00 in Bogotá: outside the default quiet hours
const MINUTE = 60_000;

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(START) });
});
afterAll(async () => {
  await t?.close();
});

/** Earlier tests' vehicles are not due during this one (each test counts its own calls). */
async function parkOthers(): Promise<void> {
  await t.database.query(`update vehicle_refresh set due_at = '2100-01-01'`);
}

async function q<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.database.query<T>(text, params);
}

describe('scheduled refresh', () => {
  it('refreshes each new vehicle once per kind a minute after it was created, then on its slot', async () => {
    t.clock.set(START);
    await parkOthers();
    const user = await createSignedInUser(t);
    const vehicles = await insertVehicles(t.database.db, user.id, 20, t.clock.now(), 'SCH');
    const p = new ScriptedProviders();
    const { refresh } = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery);
    expect((await refresh.tick()).calls).toEqual({ registry: 0, fines: 0 });
    t.clock.advance(MINUTE + 1000);
    const first = await refresh.tick();
    expect(first.calls).toEqual({ registry: 20, fines: 20 });
    for (const v of vehicles) {
      expect(p.calls.registry.get(v.placa)).toBe(1);
      expect(p.calls.fines.get(v.placa)).toBe(1);
    }
    expect((await refresh.tick()).calls).toEqual({ registry: 0, fines: 0 });
    // The next fines refresh of each vehicle is 12-36 h later, on its own phase: spread, not one burst.
    const due = await q<{ due_at: Date | string }>(
      `select due_at from vehicle_refresh r join vehicles v on v.id = r.vehicle_id
       where v.user_id = $1 and r.kind = 'fines'`,
      [user.id],
    );
    const hours = due.map((r) => (new Date(r.due_at).getTime() - t.clock.now().getTime()) / 3_600_000);
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(12);
    expect(Math.max(...hours)).toBeLessThanOrEqual(36);
    expect(new Set(due.map((r) => new Date(r.due_at).getTime())).size).toBe(20);
  });

  it('never passes the per-minute quota; the rest waits for the next minutes', async () => {
    t.clock.set('2026-11-23T15:00:00Z');
    await parkOthers();
    const user = await createSignedInUser(t);
    await insertVehicles(t.database.db, user.id, 70, t.clock.now(), 'QTA');
    const p = new ScriptedProviders();
    const { refresh, repo } = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery, {
      REGISTRY_QUOTA_PER_MINUTE: 30,
      FINES_QUOTA_PER_MINUTE: 25,
    });
    t.clock.advance(MINUTE + 1000);
    const a = await refresh.tick();
    const b = await refresh.tick(); // same minute: nothing left of the budget
    expect(a.calls).toEqual({ registry: 30, fines: 25 });
    expect(b.calls).toEqual({ registry: 0, fines: 0 });
    t.clock.advance(MINUTE);
    expect((await refresh.tick()).calls).toEqual({ registry: 30, fines: 25 });
    t.clock.advance(MINUTE);
    expect((await refresh.tick()).calls).toEqual({ registry: 10, fines: 20 });
    for (const row of await repo.quotaCounts(refresh.providerKey('registry'))) {
      expect(row.calls).toBeLessThanOrEqual(30);
    }
    expect(p.total('registry')).toBe(70);
    expect([...p.calls.fines.values()].every((n) => n === 1)).toBe(true);
  });

  it("providers on one account (registry and fines on Verifik) share the account's per-minute limit", async () => {
    t.clock.set('2026-11-23T18:00:00Z');
    await parkOthers();
    const user = await createSignedInUser(t);
    await insertVehicles(t.database.db, user.id, 20, t.clock.now(), 'ACC');
    const p = new ScriptedProviders();
    p.accountQuota = { key: 'cuenta-prueba', perMinute: 24 };
    const { refresh, repo } = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery);
    expect([refresh.providerKey('registry'), refresh.providerKey('fines')]).toEqual([
      'cuenta-prueba',
      'cuenta-prueba',
    ]);
    expect([refresh.quotaPerMinute('registry'), refresh.quotaPerMinute('fines')]).toEqual([24, 24]);
    t.clock.advance(MINUTE + 1000);
    const first = await refresh.tick();
    // 40 look-ups are due; the account allows 24 a minute, whatever the kind.
    expect(first.calls.registry + first.calls.fines).toBe(24);
    expect((await refresh.tick()).calls).toEqual({ registry: 0, fines: 0 });
    t.clock.advance(MINUTE);
    const second = await refresh.tick();
    expect(second.calls.registry + second.calls.fines).toBe(16);
    for (const row of await repo.quotaCounts('cuenta-prueba')) expect(row.calls).toBeLessThanOrEqual(24);
    expect(p.total('registry')).toBe(20);
    expect(p.total('fines')).toBe(20);
  });

  it('backs off exponentially after provider errors, capped, and resets on success', async () => {
    t.clock.set('2026-11-24T15:00:00Z');
    await parkOthers();
    const user = await createSignedInUser(t);
    const [v] = await insertVehicles(t.database.db, user.id, 1, t.clock.now(), 'BKO');
    const p = new ScriptedProviders();
    p.failing = true;
    const { refresh } = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery, {
      REFRESH_BACKOFF_BASE_SECONDS: 60,
      REFRESH_BACKOFF_MAX_SECONDS: 300,
    });
    const state = async () => {
      const [row] = await q<{ failures: number; due_at: Date | string; last_error: string }>(
        `select failures, due_at, last_error from vehicle_refresh where vehicle_id = $1 and kind = 'fines'`,
        [v?.id],
      );
      return {
        failures: row?.failures,
        waitS: (new Date(row?.due_at ?? 0).getTime() - t.clock.now().getTime()) / 1000,
      };
    };
    t.clock.advance(MINUTE + 1000);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await refresh.tick();
      const s = await state();
      expect(s.failures).toBe(i + 1);
      waits.push(s.waitS);
      await refresh.tick(); // not due yet: no call
      expect(p.calls.fines.get(v?.placa ?? '')).toBe(i + 1);
      t.clock.advance(s.waitS * 1000);
    }
    expect(waits).toEqual([60, 120, 240, 300, 300]);
    p.failing = false;
    await refresh.tick();
    expect((await state()).failures).toBe(0);
  });
});

describe('changes become notifications, each exactly once', () => {
  it('a new fine, a paid fine and a removed fine: one notification each, however often it is retried', async () => {
    t.clock.set('2026-11-25T15:00:00Z');
    await parkOthers();
    const user = await createSignedInUser(t);
    const [v] = await insertVehicles(t.database.db, user.id, 1, t.clock.now(), 'MUL');
    if (!v) throw new Error('no vehicle');
    const p = new ScriptedProviders();
    const { refresh } = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery);
    p.fines.set(v.placa, [fine('F-1', 633200, '2026-11-01'), fine('F-2', 1266100, '2026-11-02')]);
    t.clock.advance(MINUTE + 1000);
    await refresh.tick(); // the first answer is the baseline: nothing is "new"
    const fines = () =>
      q<{ code: string; message: string; delivered: boolean }>(
        `select code, message, delivered_at is not null as delivered from notifications
         where vehicle_id = $1 and code like 'MULTA%' order by id`,
        [v.id],
      );
    expect(await fines()).toEqual([]);
    const before = await q<{ data: unknown }>(
      `select data from provider_snapshots where vehicle_id = $1 and kind = 'fines'`,
      [v.id],
    );

    p.fines.set(v.placa, [fine('F-1', 633200, '2026-11-01', 'pagado'), fine('F-3', 468500, '2026-11-20')]);
    for (let attempt = 0; attempt < 3; attempt++) {
      // A retry sees the same previous answer again (as if the run died after storing its events).
      await t.database.query(
        `update provider_snapshots set data = $2::jsonb where vehicle_id = $1 and kind = 'fines'`,
        [v.id, JSON.stringify(before[0]?.data)],
      );
      await t.database.query(`update vehicle_refresh set due_at = $2 where vehicle_id = $1`, [
        v.id,
        t.clock.now(),
      ]);
      await refresh.tick();
    }
    const rows = await fines();
    expect(rows.map((r) => r.code).sort()).toEqual(['MULTA_NUEVA', 'MULTA_PAGADA', 'MULTA_RETIRADA']);
    expect(rows.every((r) => r.delivered)).toBe(true);
    expect(rows.find((r) => r.code === 'MULTA_NUEVA')?.message).toContain('$ 468.500 del 20-11-2026');
    const deliveries = await q<{ channel: string; n: number }>(
      `select d.channel, count(*)::int as n from notification_deliveries d join notifications n on n.id = d.notification_id
       where n.vehicle_id = $1 and d.status = 'sent' group by d.channel`,
      [v.id],
    );
    expect(deliveries).toEqual([{ channel: 'email', n: 3 }]);
  });

  it('a SOAT renewal is notified once and the reminders of the old date stop', async () => {
    t.clock.set('2026-11-26T15:00:00Z');
    await parkOthers();
    const user = await createSignedInUser(t);
    const [v] = await insertVehicles(t.database.db, user.id, 1, t.clock.now(), 'REN');
    if (!v) throw new Error('no vehicle');
    const p = new ScriptedProviders();
    const { refresh } = refreshWith(
      t.database.db,
      t.clock,
      p,
      t.app.notificationDelivery,
      {},
      t.app.expiryEngine.onRegistryUpdated,
    );
    p.registry.set(v.placa, registryAnswer(v.placa, '2026-12-01', '2027-06-01'));
    t.clock.advance(MINUTE + 1000);
    await refresh.tick();
    const soatReminders = () =>
      q<{ due_date: string; n: number }>(
        `select due_date::text as due_date, count(*)::int as n from notifications
         where vehicle_id = $1 and code = 'ALERTA_SOAT' group by due_date order by due_date`,
        [v.id],
      );
    expect(await soatReminders()).toEqual([{ due_date: '2026-12-01', n: 1 }]); // the 7-day step
    // The user had typed the old date too, and a reminder of it is held for quiet hours.
    await t.database.query(
      `insert into alert_dates (vehicle_id, code, source, fecha_vencimiento) values ($1, 'ALERTA_SOAT', 'user', '2026-12-01')`,
      [v.id],
    );
    const [held] = await q<{ id: number }>(
      `insert into notification_deliveries (user_id, notification_id, kind, channel, status, reason, titulo)
       select user_id, id, 'vencimientos', 'email', 'held', 'Horario de silencio', titulo from notifications
       where vehicle_id = $1 and code = 'ALERTA_SOAT' returning id`,
      [v.id],
    );

    p.registry.set(v.placa, registryAnswer(v.placa, '2027-11-28', '2027-06-01'));
    for (let i = 0; i < 2; i++) {
      t.clock.advance(60 * MINUTE);
      await t.database.query(`update vehicle_refresh set due_at = $2 where vehicle_id = $1`, [
        v.id,
        t.clock.now(),
      ]);
      await refresh.tick();
    }
    const renewals = await q<{ titulo: string; message: string }>(
      `select titulo, message from notifications where vehicle_id = $1 and code = 'RENOVACION_SOAT'`,
      [v.id],
    );
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.message).toContain('ahora vence el 28-11-2027');
    const [heldNow] = await q<{ status: string }>(
      `select status from notification_deliveries where id = $1`,
      [held?.id],
    );
    expect(heldNow?.status).toBe('suppressed');
    const userDates = await q(`select 1 from alert_dates where vehicle_id = $1 and source = 'user'`, [v.id]);
    expect(userDates).toHaveLength(0);
    // The daily run over the next days creates no reminder for the old date.
    for (let day = 0; day < 6; day++) {
      t.clock.advance(24 * 60 * MINUTE);
      await t.app.expiryEngine.run();
    }
    expect(await soatReminders()).toEqual([{ due_date: '2026-12-01', n: 1 }]);
  });
});
