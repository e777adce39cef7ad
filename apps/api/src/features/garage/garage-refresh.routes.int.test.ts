import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_REFRESH_MSG, VEHICLE_REFRESH_PATHS } from '@togo/domain/garage/vehicle-refresh.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createCompanyUser } from '../fleet/fleet.test-support.ts';
import { createSignedInUser, type TestUser } from './garage.test-support.ts';
import { insertVehicles } from './garage-refresh.test-support.ts';

let t: TestContext;
let driver: TestUser;
let stranger: TestUser;
let company: TestUser;
let otherCompany: TestUser;
let client: TestUser;
let car: number;
let fleetCar: number;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-22T15:00:00Z') });
  driver = await createSignedInUser(t);
  stranger = await createSignedInUser(t);
  company = await createCompanyUser(t);
  otherCompany = await createCompanyUser(t);
  client = await createCompanyUser(t, GROUP_CLIENT);
  car = (await insertVehicles(t.database.db, driver.id, 1, t.clock.now(), 'DRV'))[0]?.id ?? 0;
  fleetCar = (await insertVehicles(t.database.db, company.id, 3, t.clock.now(), 'FLT'))[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, user: TestUser | null) =>
  t.app.inject({ method, url, headers: user?.headers ?? {} });

describe('manual "Actualizar" of a driver\'s vehicle', () => {
  it('shows "pendiente" before the first look-up and refreshes both kinds now', async () => {
    const before = await call('GET', VEHICLE_REFRESH_PATHS.status(car), driver);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      registro: { ultima_actualizacion: null, estado: 'pendiente' },
      multas: { ultima_actualizacion: null, estado: 'pendiente' },
      actualizar_en: 0,
    });
    const res = await call('POST', VEHICLE_REFRESH_PATHS.refresh(car), driver);
    expect(res.statusCode).toBe(200);
    const now = t.clock.now().toISOString();
    expect(res.json()).toMatchObject({
      registro: { ultima_actualizacion: now, estado: 'al_dia' },
      multas: { ultima_actualizacion: now, estado: 'al_dia' },
      actualizar_en: 3600,
    });
  });

  it('is allowed once an hour: 429 with the seconds left, then allowed again', async () => {
    t.clock.advance(20 * 60_000);
    const again = await call('POST', VEHICLE_REFRESH_PATHS.refresh(car), driver);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('2400');
    expect(again.json()).toEqual({ detail: VEHICLE_REFRESH_MSG.tooSoon });
    expect((await call('GET', VEHICLE_REFRESH_PATHS.status(car), driver)).json().actualizar_en).toBe(2400);
    t.clock.advance(40 * 60_000);
    expect((await call('POST', VEHICLE_REFRESH_PATHS.refresh(car), driver)).statusCode).toBe(200);
  });

  it('concurrent requests: exactly one is accepted', async () => {
    t.clock.advance(61 * 60_000);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', VEHICLE_REFRESH_PATHS.refresh(car), driver)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
  });

  it("401 without a token, 404 for another user's vehicle or a bad id, and nothing changes", async () => {
    expect((await call('POST', VEHICLE_REFRESH_PATHS.refresh(car), null)).statusCode).toBe(401);
    expect((await call('POST', VEHICLE_REFRESH_PATHS.refresh(car), stranger)).statusCode).toBe(404);
    expect((await call('GET', VEHICLE_REFRESH_PATHS.status(car), stranger)).statusCode).toBe(404);
    expect((await call('POST', VEHICLE_REFRESH_PATHS.refresh(fleetCar), driver)).statusCode).toBe(404);
    expect([400, 404]).toContain(
      (await call('POST', VEHICLE_REFRESH_PATHS.refresh('abc'), driver)).statusCode,
    );
    expect([400, 404]).toContain(
      (await call('POST', VEHICLE_REFRESH_PATHS.refresh('99999999999999999999'), driver)).statusCode,
    );
  });
});

describe('fleet vehicles', () => {
  it('the company refreshes its vehicle and sees the look-up progress', async () => {
    const progress = await call('GET', VEHICLE_REFRESH_PATHS.fleetProgress, company);
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toEqual({
      registro: { hechas: 0, total: 3, errores: 0 },
      multas: { hechas: 0, total: 3, errores: 0 },
      en_curso: true,
    });
    expect((await call('POST', VEHICLE_REFRESH_PATHS.fleetRefresh(fleetCar), company)).statusCode).toBe(200);
    expect((await call('GET', VEHICLE_REFRESH_PATHS.fleetProgress, company)).json().registro).toEqual({
      hechas: 1,
      total: 3,
      errores: 0,
    });
    expect(
      (await call('GET', VEHICLE_REFRESH_PATHS.fleetStatus(fleetCar), company)).json().registro.estado,
    ).toBe('al_dia');
  });

  it('another company gets 404, a client 403, no token 401', async () => {
    expect((await call('POST', VEHICLE_REFRESH_PATHS.fleetRefresh(fleetCar), otherCompany)).statusCode).toBe(
      404,
    );
    expect((await call('GET', VEHICLE_REFRESH_PATHS.fleetStatus(fleetCar), otherCompany)).statusCode).toBe(
      404,
    );
    expect((await call('GET', VEHICLE_REFRESH_PATHS.fleetProgress, otherCompany)).json().registro.total).toBe(
      0,
    );
    expect((await call('POST', VEHICLE_REFRESH_PATHS.fleetRefresh(fleetCar), client)).statusCode).toBe(403);
    expect((await call('GET', VEHICLE_REFRESH_PATHS.fleetProgress, client)).statusCode).toBe(403);
    expect((await call('GET', VEHICLE_REFRESH_PATHS.fleetProgress, null)).statusCode).toBe(401);
  });

  it('the scheduler tick is registered every minute', () => {
    expect(t.jobs.schedules.some((s) => s.name === 'garage-refresh-tick' && s.cron === '* * * * *')).toBe(
      true,
    );
  });
});
