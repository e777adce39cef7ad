import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_REPORTS_MSG,
  FLEET_REPORTS_PATH,
  fleetReportsSchema,
} from '@togo/domain/fleet/fleet-reports.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { fleetDrivers } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addFleetVehicle, fleetFine } from './fleet-companies.test-support.ts';
import { createCompanyUser } from './fleet.test-support.ts';

let t: TestContext;
let company: TestUser;
let other: TestUser;

const ok = { soat: { fecha_vencimiento: '2026-12-31' }, rtm: { fecha_vencimiento: '2026-12-31' } };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-01-20T15:00:00Z');
  company = await createCompanyUser(t);
  other = await createCompanyUser(t);
  const a = await addFleetVehicle(t, company.id, 'AAA111', ok, [
    fleetFine(100_000, 'vigente', '2025-12-01'),
    fleetFine(50_000, 'pagado', '2025-11-15'),
    // Still owed: SIMIT counts a fine in cobro coactivo (decision 071).
    fleetFine(40_000, 'en cobro coactivo', '2025-11-02'),
  ]);
  await addFleetVehicle(t, company.id, 'BBB222', { soat: { fecha_vencimiento: '2026-01-01' }, rtm: null }, [
    fleetFine(300_000, 'vigente', '2025-12-20'),
  ]);
  await addFleetVehicle(t, company.id, 'CCC333', ok, []);
  // Never looked up, no date from the company: its SOAT is unknown, so it is not counted as al día.
  await addFleetVehicle(t, company.id, 'DDD444', undefined, undefined);
  await addFleetVehicle(t, other.id, 'ZZZ999', ok, [fleetFine(999_000, 'vigente', '2025-12-01')]);
  await t.database.db.insert(fleetDrivers).values({
    vehicleId: a,
    origin: 'asignado',
    nombre: 'ANA RUIZ',
    tipoDocumento: 1,
    documento: '52111222',
  });
});
afterAll(async () => {
  await t.close();
});

const get = (user: TestUser, query = '') =>
  t.app.inject({ method: 'GET', url: `${FLEET_REPORTS_PATH}${query}`, headers: user.headers });

describe('Reportes (GET /api/togo/flota/reportes/)', () => {
  it('totals the fines by vehicle, by driver and by month, and the documents in order', async () => {
    const res = await get(company);
    expect(res.statusCode, res.body).toBe(200);
    const body = fleetReportsSchema.parse(res.json());
    expect(body.por_vehiculo).toEqual([
      { placa: 'BBB222', multas: 1, total: 300_000, pendientes: 1, total_pendiente: 300_000 },
      { placa: 'AAA111', multas: 3, total: 190_000, pendientes: 2, total_pendiente: 140_000 },
    ]);
    expect(body.por_conductor.map((r) => [r.conductor, r.documento, r.total])).toEqual([
      ['Propietario del vehículo', '900123456', 300_000],
      ['ANA RUIZ', '52111222', 190_000],
    ]);
    expect(body.por_mes.map((r) => [r.mes, r.total])).toEqual([
      ['2025-12', 400_000],
      ['2025-11', 90_000],
    ]);
    // BBB222's SOAT expired and DDD444's is unknown: 2 of 4 vehicles known to be in order.
    expect(body.documentos).toEqual({ vehiculos: 4, al_dia: 2, sin_informacion: 1, porcentaje_al_dia: 50 });
    expect(body.totales).toEqual({ por_vehiculo: 2, por_conductor: 2, por_mes: 2 });
  });

  it('lists the first rows of each table with their counts in all (issue 37: the screen asks for 20)', async () => {
    const body = fleetReportsSchema.parse((await get(company, '?limite=1')).json());
    expect(body.por_vehiculo.map((r) => r.placa)).toEqual(['BBB222']);
    expect(body.por_mes.map((r) => r.mes)).toEqual(['2025-12']);
    expect(body.totales).toEqual({ por_vehiculo: 2, por_conductor: 2, por_mes: 2 });
    for (const bad of ['0', '1001', 'diez', '-1']) {
      const res = await get(company, `?limite=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ limite: [FLEET_REPORTS_MSG.limitInvalid] });
    }
  });

  it('only members: a client gets 403; another company sees only its own fines', async () => {
    const client = await createCompanyUser(t, GROUP_CLIENT);
    expect((await get(client)).statusCode).toBe(403);
    const theirs = fleetReportsSchema.parse((await get(other)).json());
    expect(theirs.por_vehiculo.map((r) => r.placa)).toEqual(['ZZZ999']);
  });
});
