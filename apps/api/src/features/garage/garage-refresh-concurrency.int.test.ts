import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser } from './garage.test-support.ts';
import { insertVehicles, refreshWith, ScriptedProviders } from './garage-refresh.test-support.ts';

/**
 * Several workers (API instances) refreshing at once. On PostgreSQL (DATABASE_URL) the workers really race
 * through a pool of 5 connections; PGlite is one connection, so there the same invariants are checked with the
 * statements serialised.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const MINUTE = 60_000;
const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-22T15:00:00Z') });
});
afterAll(async () => {
  await t?.close();
});

async function parkOthers(): Promise<void> {
  await t.database.query(`update vehicle_refresh set due_at = '2100-01-01'`);
}

describe(`two workers at once${onPostgres ? ' (PostgreSQL)' : ' (PGlite: serialised)'}`, () => {
  it('share one quota: never more calls in a minute than the quota, whatever the interleaving', async () => {
    t.clock.set('2026-11-22T15:00:00Z');
    await parkOthers();
    const user = await createSignedInUser(t);
    await insertVehicles(t.database.db, user.id, 200, t.clock.now(), 'QW');
    const p = new ScriptedProviders();
    p.onCall = yieldNow;
    const env = { REGISTRY_QUOTA_PER_MINUTE: 30, FINES_QUOTA_PER_MINUTE: 45 };
    const a = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery, env);
    const b = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery, env);
    t.clock.advance(MINUTE + 1000);
    for (let minute = 0; minute < 3; minute++) {
      const before = { registry: p.total('registry'), fines: p.total('fines') };
      const [ra, rb] = await Promise.all([
        a.refresh.tick(),
        b.refresh.tick(),
        a.refresh.tick(),
        b.refresh.tick(),
      ]);
      expect(p.total('registry') - before.registry).toBe(30);
      expect(p.total('fines') - before.fines).toBe(45);
      expect((ra?.calls.registry ?? 0) + (rb?.calls.registry ?? 0)).toBeLessThanOrEqual(30);
      t.clock.advance(MINUTE);
    }
    for (const row of await a.repo.quotaCounts(a.refresh.providerKey('registry'))) {
      expect(row.calls).toBeLessThanOrEqual(30);
    }
    for (const row of await a.repo.quotaCounts(a.refresh.providerKey('fines'))) {
      expect(row.calls).toBeLessThanOrEqual(45);
    }
    // Nobody was looked up twice.
    expect([...p.calls.registry.values(), ...p.calls.fines.values()].every((n) => n === 1)).toBe(true);
  });

  it('a leased vehicle is never refreshed twice at once: four workers and a manual refresh race', async () => {
    t.clock.set('2026-11-23T15:00:00Z');
    await parkOthers();
    const user = await createSignedInUser(t);
    const vehicles = await insertVehicles(t.database.db, user.id, 120, t.clock.now(), 'LS');
    const p = new ScriptedProviders();
    p.onCall = yieldNow;
    const workers = Array.from({ length: 4 }, () =>
      refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery),
    );
    t.clock.advance(MINUTE + 1000);
    const target = vehicles[0];
    if (!target) throw new Error('no vehicle');
    await Promise.all([
      ...workers.map((w) => w.refresh.tick()),
      workers[0]?.manual.refreshNow(user.id, target.id),
    ]);
    for (const v of vehicles) {
      expect(p.calls.registry.get(v.placa)).toBe(1);
      expect(p.calls.fines.get(v.placa)).toBe(1);
    }
    const leased = await t.database.query<{ n: number }>(
      `select count(*)::int as n from vehicle_refresh where lease_until is not null`,
    );
    expect(leased[0]?.n).toBe(0);
  });
});

describe('a manual refresh that a worker already answered', () => {
  it('makes no second call when the worker stored its answer at or after the request, and one when older', async () => {
    t.clock.set('2026-11-25T15:00:00Z');
    await parkOthers();
    const user = await createSignedInUser(t);
    const [vehicle] = await insertVehicles(t.database.db, user.id, 1, t.clock.now(), 'MR');
    if (!vehicle) throw new Error('no vehicle');
    const p = new ScriptedProviders();
    const w = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery);
    t.clock.advance(MINUTE + 1000);
    // The worker's refresh finishes in the same instant the driver presses "Actualizar" (the race CI once lost).
    await w.refresh.tick();
    expect(p.calls.registry.get(vehicle.placa)).toBe(1);
    await w.manual.refreshNow(user.id, vehicle.id);
    expect(p.calls.registry.get(vehicle.placa)).toBe(1);
    expect(p.calls.fines.get(vehicle.placa)).toBe(1);
    // An hour later the stored answer is older than the request: the provider is asked again.
    t.clock.advance(60 * MINUTE);
    await w.manual.refreshNow(user.id, vehicle.id);
    expect(p.calls.registry.get(vehicle.placa)).toBe(2);
    expect(p.calls.fines.get(vehicle.placa)).toBe(2);
  });
});

describe('fleet look-ups after an import', () => {
  it('show their progress and resume after a restart from the state in the database', async () => {
    t.clock.set('2026-11-24T15:00:00Z');
    await parkOthers();
    const company = await createSignedInUser(t);
    await insertVehicles(t.database.db, company.id, 100, t.clock.now(), 'FL');
    const p = new ScriptedProviders();
    const env = { REGISTRY_QUOTA_PER_MINUTE: 40, FINES_QUOTA_PER_MINUTE: 40 };
    let instance = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery, env);
    expect(await instance.manual.fleetProgress(company.id)).toEqual({
      registro: { hechas: 0, total: 100, errores: 0 },
      multas: { hechas: 0, total: 100, errores: 0 },
      en_curso: true,
    });
    t.clock.advance(MINUTE + 1000);
    await instance.refresh.tick();
    expect((await instance.manual.fleetProgress(company.id)).registro).toEqual({
      hechas: 40,
      total: 100,
      errores: 0,
    });
    // The process stops; a new one (nothing in memory) carries on from the database.
    instance = refreshWith(t.database.db, t.clock, p, t.app.notificationDelivery, env);
    t.clock.advance(MINUTE);
    await instance.refresh.tick();
    expect((await instance.manual.fleetProgress(company.id)).registro.hechas).toBe(80);
    t.clock.advance(MINUTE);
    await instance.refresh.tick();
    expect(await instance.manual.fleetProgress(company.id)).toEqual({
      registro: { hechas: 100, total: 100, errores: 0 },
      multas: { hechas: 100, total: 100, errores: 0 },
      en_curso: false,
    });
    expect(p.total('registry')).toBe(100);
  });
});
