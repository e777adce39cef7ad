import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetAlertsSchema, FLEET_ALERTS_PATH } from '@togo/domain/fleet/fleet-alerts.contract';
import {
  FLEET_CITIES_MSG,
  FLEET_CITIES_PATH,
  fleetCitiesSchema,
} from '@togo/domain/fleet/fleet-cities.contract';
import { FLEET_COMPLIANCE_PATHS, fleetComplianceSchema } from '@togo/domain/fleet/fleet-compliance.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addFleetVehicle } from './fleet-companies.test-support.ts';
import { createCompanyUser } from './fleet.test-support.ts';

/** The fleet's cities and the city filter of 'Hoy' and 'Alertas' (issue 37). */

let t: TestContext;
let company: TestUser;
let other: TestUser;

const BOGOTA = 11001;
const MEDELLIN = 5001;
const expired = { soat: { fecha_vencimiento: '2026-01-10' }, rtm: { fecha_vencimiento: '2027-01-01' } };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-01-20T15:00:00Z');
  company = await createCompanyUser(t);
  other = await createCompanyUser(t);
  await addFleetVehicle(t, company.id, 'BOG101', expired, [], BOGOTA);
  await addFleetVehicle(t, company.id, 'BOG102', expired, [], BOGOTA);
  await addFleetVehicle(t, company.id, 'MED103', expired, [], MEDELLIN);
  await addFleetVehicle(t, other.id, 'OTR104', expired, [], MEDELLIN);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, user: TestUser | null = company) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

describe('the fleet by city', () => {
  it("lists the fleet's cities, most vehicles first, and only its own", async () => {
    const res = await get(FLEET_CITIES_PATH);
    expect(res.statusCode, res.body).toBe(200);
    const { ciudades } = fleetCitiesSchema.parse(res.json());
    expect(ciudades.map((c) => [c.codigo, c.vehiculos])).toEqual([
      ['11001', 2],
      ['05001', 1],
    ]);
    expect(ciudades[0]?.nombre).toMatch(/Bogotá/);
    expect(ciudades[1]?.nombre).toMatch(/Medellín/);
  });

  it("filters 'Hoy' by city, with or without a state, and counts only that city", async () => {
    const medellin = fleetComplianceSchema.parse(
      (await get(`${FLEET_COMPLIANCE_PATHS.grid}?ciudad=05001`)).json(),
    );
    expect(medellin.data.map((r) => r.placa)).toEqual(['MED103']);
    expect(medellin.total).toBe(1);
    // The summary stays the whole fleet's.
    expect(medellin.resumen.vehiculos).toBe(3);
    const bogota = fleetComplianceSchema.parse(
      (await get(`${FLEET_COMPLIANCE_PATHS.grid}?ciudad=11001&estado=no_pueden&page=1&page_size=1`)).json(),
    );
    expect(bogota.data.map((r) => r.placa)).toEqual(['BOG101']);
    expect(bogota).toMatchObject({ total: 2, numero_paginas_totales: 2 });
  });

  it("filters 'Alertas' by city: rows, totals and the dates it does not know", async () => {
    const body = fleetAlertsSchema.parse((await get(`${FLEET_ALERTS_PATH}?ciudad=11001`)).json());
    expect(body.grupos.vencidos.map((a) => `${a.placa}:${a.documento}`)).toEqual([
      'BOG101:soat',
      'BOG102:soat',
    ]);
    expect(body.totales.vencidos).toBe(2);
    expect(body.sin_fecha.poliza).toBe(2);
  });

  it('refuses a malformed city with 400; the cities are for members only', async () => {
    for (const url of [`${FLEET_COMPLIANCE_PATHS.grid}?ciudad=bogota`, `${FLEET_ALERTS_PATH}?ciudad=1100`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ ciudad: [FLEET_CITIES_MSG.cityInvalid] });
    }
    expect((await get(FLEET_CITIES_PATH, null)).statusCode).toBe(401);
    expect((await get(FLEET_CITIES_PATH, await createCompanyUser(t, GROUP_CLIENT))).statusCode).toBe(403);
  });
});
