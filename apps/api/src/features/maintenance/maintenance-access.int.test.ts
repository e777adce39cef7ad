import { beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_MSG } from '@togo/domain/organisation/organisation.contract';
import { MAINTENANCE_PATHS as P } from '@togo/domain/maintenance/maintenance.contract';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addFleetVehicle, addMember } from '../fleet/fleet-companies.test-support.ts';
import { createCompanyUser } from '../fleet/fleet.test-support.ts';
import { fillUp, maintenanceWorld, oilChange, type Path } from './maintenance.test-support.ts';

const { w, vehicleOf, send } = maintenanceWorld();

const READS: Path[] = [P.records, P.fuel, P.reminders, P.costs, P.monthly, P.costsXlsx];
const WRITES: [Path, unknown][] = [
  [P.records, oilChange()],
  [P.fuel, fillUp()],
  [P.reminders, { tipo: 'cambio_aceite', cada_km: 5_000 }],
];

describe("another user's vehicle", () => {
  it('answers 404 on every route, even with a bad body, and changes nothing', async () => {
    const id = await vehicleOf(w.ana, 40_000);
    expect((await send('POST', P.records, id, w.ana, oilChange())).statusCode).toBe(201);
    const recordId = ((await send('GET', P.records, id, w.ana)).json() as { id: number }[])[0]?.id;
    for (const path of READS) expect((await send('GET', path, id, w.beto)).statusCode, path).toBe(404);
    for (const [path, body] of WRITES) {
      expect((await send('POST', path, id, w.beto, body)).statusCode, path).toBe(404);
      expect((await send('POST', path, id, w.beto, { nada: 1 })).statusCode, path).toBe(404);
    }
    expect((await send('DELETE', P.record, id, w.beto, undefined, recordId)).statusCode).toBe(404);
    expect((await send('GET', P.records, id, w.ana)).json()).toHaveLength(1);
    expect((await send('GET', P.fuel, id, w.ana)).json()).toEqual([]);
  });

  it('answers 404 for an unknown or malformed vehicle id, and for a deleted vehicle', async () => {
    for (const bad of [999_999, 0]) expect((await send('GET', P.records, bad, w.ana)).statusCode).toBe(404);
    const res = await w.t.app.inject({
      method: 'GET',
      url: '/api/togo/vehicle/abc/mantenimientos/',
      headers: w.ana.headers,
    });
    expect(res.statusCode).toBe(404);
    const id = await vehicleOf(w.ana);
    await w.t.app.inject({
      method: 'PUT',
      url: `/api/togo/vehicle/${id}/delete_garage/`,
      headers: w.ana.headers,
    });
    expect((await send('GET', P.records, id, w.ana)).statusCode).toBe(404);
  });
});

describe("a company's vehicle and the organisation roles", () => {
  let company: TestUser;
  let operador: TestUser;
  let consulta: TestUser;
  let otherCompany: TestUser;
  let vehicleId: number;

  beforeAll(async () => {
    company = await createCompanyUser(w.t);
    operador = await addMember(w.t, company.id, 'operador');
    consulta = await addMember(w.t, company.id, 'consulta');
    otherCompany = await createCompanyUser(w.t);
    vehicleId = await addFleetVehicle(w.t, company.id, 'EMP123', {}, []);
  });

  it('the company account and an operador read and write', async () => {
    expect(
      (await send('POST', P.records, vehicleId, company, oilChange({ kilometraje: 1_000 }))).statusCode,
    ).toBe(201);
    expect((await send('POST', P.fuel, vehicleId, operador, fillUp({ kilometraje: 1_100 }))).statusCode).toBe(
      201,
    );
    expect(
      (await send('POST', P.reminders, vehicleId, operador, { tipo: 'frenos', cada_meses: 6 })).statusCode,
    ).toBe(201);
    for (const user of [company, operador]) {
      for (const path of READS) expect((await send('GET', path, vehicleId, user)).statusCode, path).toBe(200);
    }
  });

  it('a consulta member reads only: 403 on every change, before the body is read', async () => {
    for (const path of READS)
      expect((await send('GET', path, vehicleId, consulta)).statusCode, path).toBe(200);
    for (const [path, body] of [...WRITES, [P.records, { roto: true }] as [Path, unknown]]) {
      const res = await send('POST', path, vehicleId, consulta, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ detail: ORGANISATION_MSG.readOnly });
    }
    const recordId = ((await send('GET', P.records, vehicleId, consulta)).json() as { id: number }[])[0]?.id;
    expect((await send('DELETE', P.record, vehicleId, consulta, undefined, recordId)).statusCode).toBe(403);
    expect((await send('GET', P.records, vehicleId, company)).json()).toHaveLength(1);
  });

  it('another company, a driver and a removed member get 404', async () => {
    for (const user of [otherCompany, w.ana]) {
      expect((await send('GET', P.records, vehicleId, user)).statusCode).toBe(404);
      expect((await send('POST', P.records, vehicleId, user, oilChange())).statusCode).toBe(404);
    }
    await w.t.database.query('delete from organisation_members where user_id = $1', [operador.id]);
    expect((await send('GET', P.records, vehicleId, operador)).statusCode).toBe(404);
  });

  it("a company member cannot reach a driver's own vehicle", async () => {
    const id = await vehicleOf(w.ana);
    expect((await send('GET', P.records, id, company)).statusCode).toBe(404);
    expect((await send('GET', P.records, id, consulta)).statusCode).toBe(404);
  });
});
