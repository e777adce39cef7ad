import { refreshFailureReason, VEHICLE_REFRESH_PATHS } from '@togo/domain/garage/vehicle-refresh.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVerifikFake, type VerifikFake } from '../../integrations/verifik/verifik.test-support.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from './garage.test-support.ts';
import { insertVehicles } from './garage-refresh.test-support.ts';

/**
 * How old a vehicle's outside data is (decision 072), through the Verifik adapters and a local fake of Verifik:
 * 'Desactualizado' past twice the kind's refresh period, the reason of the last failure in Spanish, the
 * provider's Retry-After kept as a floor under the back-off.
 */
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.refresh.prueba';
const HOUR = 3_600_000;
let fake: VerifikFake;
let t: TestContext;
let driver: TestUser;
let car: number;

beforeAll(async () => {
  fake = await startVerifikFake(TOKEN);
  t = await createTestApp({
    clock: new ManualClock('2026-11-22T15:00:00Z'),
    env: {
      REGISTRY_PROVIDER: 'verifik',
      FINES_PROVIDER: 'verifik',
      VERIFIK_TOKEN: TOKEN,
      VERIFIK_BASE_URL: fake.url,
    },
  });
  driver = await createSignedInUser(t);
  car = (await insertVehicles(t.database.db, driver.id, 1, t.clock.now(), 'STL'))[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const status = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: VEHICLE_REFRESH_PATHS.status(car),
    headers: driver.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    registro: Record<string, unknown>;
    multas: Record<string, unknown> & { proxima: string };
  };
};

describe('stale data and the reason of the last failure', () => {
  it('is fresh after the first answers, stale past twice the period, and says why the refresh failed', async () => {
    t.clock.advance(61_000);
    await t.app.garageRefresh.tick();
    const fresh = await status();
    expect(fresh.registro).toMatchObject({
      estado: 'al_dia',
      desactualizado: false,
      motivo: null,
      en_cola: false,
    });
    expect(fresh.multas).toMatchObject({
      estado: 'al_dia',
      desactualizado: false,
      motivo: null,
      en_cola: false,
    });

    // Fines are refreshed every 24 h: 49 h without an answer is older than twice that; the registry (168 h) is not.
    fake.simit.set('1020304050', {
      status: 429,
      body: { code: 'TooManyRequests', message: 'Slow down.' },
      headers: { 'retry-after': '600' },
    });
    t.clock.advance(49 * HOUR);
    const stale = await status();
    expect(stale.multas).toMatchObject({ estado: 'al_dia', desactualizado: true, en_cola: true });
    expect(stale.registro).toMatchObject({ desactualizado: false });

    await t.app.garageRefresh.tick();
    const failed = await status();
    expect(failed.multas).toMatchObject({
      estado: 'error',
      desactualizado: true,
      motivo: refreshFailureReason('SIMIT', 'rate_limited'),
      en_cola: false,
    });
    expect(failed.multas.motivo).toBe(
      'Nuestro proveedor de consultas recibió demasiadas solicitudes. Lo intentaremos de nuevo en unos minutos.',
    );
    // Retry-After 600 s beats the first back-off (60 s).
    expect(new Date(failed.multas.proxima).getTime() - t.clock.now().getTime()).toBe(600_000);

    fake.simit.delete('1020304050');
    t.clock.advance(601_000);
    await t.app.garageRefresh.tick();
    expect((await status()).multas).toMatchObject({ estado: 'al_dia', desactualizado: false, motivo: null });
  });

  it('a registry the provider cannot find says so in Spanish', async () => {
    const [other] = await insertVehicles(t.database.db, driver.id, 1, t.clock.now(), 'NFD');
    fake.runt.set(other?.placa ?? '', {
      status: 404,
      body: { code: 'NotFound', message: 'Record not found.' },
    });
    t.clock.advance(61_000);
    await t.app.garageRefresh.tick();
    const res = await t.app.inject({
      method: 'GET',
      url: VEHICLE_REFRESH_PATHS.status(other?.id ?? 0),
      headers: driver.headers,
    });
    expect(res.json().registro).toMatchObject({
      estado: 'error',
      motivo: 'El RUNT no encontró el vehículo con la placa y el documento del propietario que registraste.',
    });
  });
});
