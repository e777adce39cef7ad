import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { vehicleSchema } from '@togo/domain/garage/garage.contract';
import type { MAINTENANCE_PATHS } from '@togo/domain/maintenance/maintenance.contract';
import { maintenancePath } from '@togo/domain/maintenance/maintenance.contract';
import { vehicles } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  createSignedInUser,
  ensureGarageReferenceRows,
  vehiclePayload,
  type TestUser,
} from '../garage/garage.test-support.ts';

/** Test support for the maintenance feature (decision 075): a test app, drivers, vehicles and requests. */

export type Path = (typeof MAINTENANCE_PATHS)[keyof typeof MAINTENANCE_PATHS];

export const oilChange = (overrides: Record<string, unknown> = {}) => ({
  fecha: '2026-11-01',
  kilometraje: 45_000,
  tipo: 'cambio_aceite',
  costo: 180_000,
  taller: 'Lubricentro La 80',
  ...overrides,
});

export const fillUp = (overrides: Record<string, unknown> = {}) => ({
  fecha: '2026-11-02',
  kilometraje: 45_100,
  galones: 10,
  costo: 160_000,
  tanque_lleno: true,
  ...overrides,
});

export function maintenanceWorld() {
  const w = {} as { t: TestContext; ana: TestUser; beto: TestUser };
  beforeAll(async () => {
    w.t = await createTestApp();
    await ensureGarageReferenceRows(w.t.database.db);
    w.ana = await createSignedInUser(w.t);
    w.beto = await createSignedInUser(w.t);
  });
  afterAll(async () => {
    await w.t.close();
  });

  let plates = 0;
  /** A driver's vehicle created through the garage API, with its typed mileage. */
  async function vehicleOf(user: TestUser, kilometraje = 40_000): Promise<number> {
    plates += 1;
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/togo/vehicle/',
      headers: user.headers,
      payload: vehiclePayload({
        placa: `MTO${String(100 + plates)}`,
        kilometraje_digitado: String(kilometraje),
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return vehicleSchema.parse(res.json()).id;
  }

  const send = (
    method: 'GET' | 'POST' | 'DELETE',
    path: Path,
    vehicleId: number,
    user: TestUser | null,
    payload?: unknown,
    recordId?: number,
    query = '',
  ) =>
    w.t.app.inject({
      method,
      url: maintenancePath(path, vehicleId, recordId) + query,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function mileage(vehicleId: number): Promise<number> {
    const [row] = await w.t.database.db
      .select({ km: vehicles.kilometrajeDigitado })
      .from(vehicles)
      .where(eq(vehicles.id, vehicleId));
    return row?.km ?? -1;
  }

  return { w, vehicleOf, send, mileage };
}
