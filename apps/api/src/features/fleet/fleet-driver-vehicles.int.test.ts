import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_COMPANY_VEHICLES_PATH,
  driverCompanyVehiclesSchema,
} from '@togo/domain/fleet/fleet-driver-vehicles.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { fleetDrivers, users, vehicles } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { addFleetVehicle } from './fleet-companies.test-support.ts';
import { createCompanyUser } from './fleet.test-support.ts';

let t: TestContext;
let driver: TestUser;
let stranger: TestUser;

const registry = { soat: { fecha_vencimiento: '2026-06-30' }, rtm: { fecha_vencimiento: '2026-03-01' } };

async function assign(vehicleId: number, tipoDocumento: number, documento: string) {
  await t.database.db
    .insert(fleetDrivers)
    .values({ vehicleId, origin: 'asignado', nombre: 'LUIS MORA', tipoDocumento, documento });
}

beforeAll(async () => {
  t = await createTestApp();
  driver = await createSignedInUser(t);
  await t.database.db
    .update(users)
    .set({ tipoDocumento: 'CC', identificacion: ' 79555666 ' })
    .where(eq(users.id, driver.id));
  stranger = await createSignedInUser(t);
  const companyA = await createCompanyUser(t);
  await t.database.db.update(users).set({ razonSocial: 'Andes Carga' }).where(eq(users.id, companyA.id));
  const companyB = await createCompanyUser(t);
  const client = await createCompanyUser(t, GROUP_CLIENT);

  await assign(await addFleetVehicle(t, companyA.id, 'EMP001', registry, []), 1, '79555666');
  await assign(await addFleetVehicle(t, companyA.id, 'EMP002', registry, []), 1, '11111111');
  // Same number, other document type (NIT): not this driver.
  await assign(await addFleetVehicle(t, companyB.id, 'EMP003', registry, []), 5, '79555666');
  // Deleted fleet vehicle.
  const gone = await addFleetVehicle(t, companyB.id, 'EMP004', registry, []);
  await assign(gone, 1, '79555666');
  await t.database.db.update(vehicles).set({ deletedAt: new Date() }).where(eq(vehicles.id, gone));
  // A person's garage (not a company) with a driver row: never a company vehicle.
  await assign(await addFleetVehicle(t, client.id, 'PER005', registry, []), 1, '79555666');
  // The driver's own garage vehicle is not a company vehicle (it stays in their garage).
  await addFleetVehicle(t, driver.id, 'MIO006', registry, []);
});
afterAll(async () => {
  await t?.close();
});

const get = (user: TestUser | null) =>
  t.app.inject({ method: 'GET', url: DRIVER_COMPANY_VEHICLES_PATH, headers: user?.headers ?? {} });

describe('GET /api/togo/empresa/mis-vehiculos/ (Vehículos de empresa)', () => {
  it('lists only the company vehicles whose driver record has the user’s document', async () => {
    const res = await get(driver);
    expect(res.statusCode).toBe(200);
    expect(driverCompanyVehiclesSchema.parse(res.json())).toEqual({
      results: [
        {
          placa: 'EMP001',
          empresa: 'Andes Carga',
          ciudad: 'Bogotá',
          soat_vence: '2026-06-30',
          rtm_vence: '2026-03-01',
        },
      ],
    });
  });

  it('another user sees none of them; no session is a 401', async () => {
    expect((await get(stranger)).json()).toEqual({ results: [] });
    expect((await get(null)).statusCode).toBe(401);
  });
});
