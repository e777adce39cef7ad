import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_DRIVER_COSTS_PATH,
  FLEET_DRIVER_COSTS_XLSX_PATH,
  fleetDriverCostsSchema,
} from '@togo/domain/maintenance/fleet-driver-costs.contract';
import { MAINTENANCE_PATHS as P } from '@togo/domain/maintenance/maintenance.contract';
import { fleetDrivers } from '../../db/schema.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addFleetVehicle, addMember, fleetFine } from '../fleet/fleet-companies.test-support.ts';
import { createCompanyUser } from '../fleet/fleet.test-support.ts';
import { fillUp, maintenanceWorld, oilChange } from './maintenance.test-support.ts';

// Clock of the test app: 22 November 2026 in Bogotá.
const { w, vehicleOf, send } = maintenanceWorld();

describe('GET /api/togo/flota/mantenimiento/conductores/ (costs per driver)', () => {
  let company: TestUser;
  let consulta: TestUser;
  let other: TestUser;
  const ids: Record<string, number> = {};

  const get = (user: TestUser | null, query = '', path: string = FLEET_DRIVER_COSTS_PATH) =>
    w.t.app.inject({ method: 'GET', url: path + query, headers: user?.headers ?? {} });

  beforeAll(async () => {
    company = await createCompanyUser(w.t);
    consulta = await addMember(w.t, company.id, 'consulta');
    other = await createCompanyUser(w.t);
    // Ana drives two vehicles, Beto one; SIN004 has no driver; NAD005 costs nothing.
    ids.ANA001 = await addFleetVehicle(w.t, company.id, 'ANA001', {}, [
      fleetFine(70_000, 'pagado', '2026-05-10'),
    ]);
    for (const placa of ['ANA002', 'BET003', 'SIN004', 'NAD005']) {
      ids[placa] = await addFleetVehicle(w.t, company.id, placa, {}, []);
    }
    ids.OTR006 = await addFleetVehicle(w.t, other.id, 'OTR006', {}, []);
    const driver = (vehicleId: number, nombre: string | null, documento: string) => ({
      vehicleId,
      origin: 'asignado',
      nombre,
      tipoDocumento: 1,
      documento,
    });
    await w.t.database.db
      .insert(fleetDrivers)
      .values([
        driver(ids.ANA001!, 'ANA RUIZ', '52111222'),
        driver(ids.ANA002!, 'ANA RUIZ', '52111222'),
        driver(ids.BET003!, null, '80333444'),
        driver(ids.OTR006!, 'ANA RUIZ', '52111222'),
      ]);
    const post = async (
      user: TestUser,
      id: number,
      path: typeof P.records | typeof P.fuel,
      body: unknown,
    ) => {
      const res = await send('POST', path, id, user, body);
      expect(res.statusCode, res.body).toBe(201);
    };
    // ANA001: 1.000 km this year (10.000 → 11.000), 200.000 + 100.000 + the paid fine 70.000.
    await post(
      company,
      ids.ANA001!,
      P.records,
      oilChange({ fecha: '2026-02-01', kilometraje: 10_000, costo: 200_000 }),
    );
    await post(
      company,
      ids.ANA001!,
      P.fuel,
      fillUp({ fecha: '2026-10-01', kilometraje: 11_000, costo: 100_000 }),
    );
    // ANA002: 1.000 km (5.000 → 6.000), 30.000 of fuel; last year's service is outside the period.
    await post(
      company,
      ids.ANA002!,
      P.records,
      oilChange({ fecha: '2025-12-01', kilometraje: 5_000, costo: 999_000 }),
    );
    await post(
      company,
      ids.ANA002!,
      P.fuel,
      fillUp({ fecha: '2026-03-01', kilometraje: 6_000, costo: 30_000 }),
    );
    // BET003: one service, no kilometres driven (a single reading).
    await post(
      company,
      ids.BET003!,
      P.records,
      oilChange({ fecha: '2026-11-20', kilometraje: 1_000, costo: 50_000 }),
    );
    // SIN004: no driver, 2.000 km, 400.000.
    await post(
      company,
      ids.SIN004!,
      P.fuel,
      fillUp({ fecha: '2026-01-10', kilometraje: 20_000, costo: 100_000 }),
    );
    await post(
      company,
      ids.SIN004!,
      P.fuel,
      fillUp({ fecha: '2026-11-10', kilometraje: 22_000, costo: 300_000 }),
    );
    // The other company's vehicle, same driver document: never mixed in.
    await post(
      other,
      ids.OTR006!,
      P.records,
      oilChange({ fecha: '2026-06-01', kilometraje: 100, costo: 7_000_000 }),
    );
  });

  it('groups the year’s costs by each vehicle’s driver, by category and per km; no driver last', async () => {
    const res = await get(company);
    expect(res.statusCode, res.body).toBe(200);
    const body = fleetDriverCostsSchema.parse(res.json());
    expect([body.desde, body.hasta]).toEqual(['2026-01-01', '2026-11-22']);
    expect(body.data.map((r) => [r.conductor, r.tipo_documento, r.documento, r.placas])).toEqual([
      ['ANA RUIZ', 'CC', '52111222', ['ANA001', 'ANA002']],
      ['CC 80333444', 'CC', '80333444', ['BET003']],
      ['Sin conductor asignado', null, null, ['NAD005', 'SIN004']],
    ]);
    const [ana, beto, none] = body.data;
    expect(ana).toMatchObject({
      total: 400_000,
      por_categoria: { mantenimiento: 200_000, combustible: 130_000, servicios: 0, multas: 70_000 },
      kilometros: 2_000,
      costo_por_km: 200,
    });
    expect([beto?.total, beto?.kilometros, beto?.costo_por_km]).toEqual([50_000, 0, null]);
    expect([none?.total, none?.kilometros, none?.costo_por_km]).toEqual([400_000, 2_000, 200]);
    expect(body.flota).toEqual({
      total: 850_000,
      por_categoria: { mantenimiento: 250_000, combustible: 530_000, servicios: 0, multas: 70_000 },
      kilometros: 4_000,
      costo_por_km: 213,
    });
  });

  it('takes the same period filter as a vehicle’s costs', async () => {
    const nov = fleetDriverCostsSchema.parse(
      (await get(company, '?desde=2026-11-01&hasta=2026-11-30')).json(),
    );
    expect(nov.data.map((r) => [r.conductor, r.total])).toEqual([
      ['CC 80333444', 50_000],
      ['Sin conductor asignado', 300_000],
    ]);
    const last = fleetDriverCostsSchema.parse((await get(company, '?hasta=2025-12-31')).json());
    expect([last.desde, last.data.map((r) => r.total)]).toEqual(['2025-01-01', [999_000]]);
    const reversed = await get(company, '?desde=2026-05-01&hasta=2026-04-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('desde');
    expect((await get(company, '?desde=ayer')).statusCode).toBe(400);
  });

  it('every member reads it (consulta too); a driver, no token and another company do not see it', async () => {
    const res = await get(consulta);
    expect(res.statusCode).toBe(200);
    expect(fleetDriverCostsSchema.parse(res.json()).flota.total).toBe(850_000);
    expect((await get(null)).statusCode).toBe(401);
    await vehicleOf(w.ana);
    expect((await get(w.ana)).statusCode).toBe(403);
    const theirs = fleetDriverCostsSchema.parse((await get(other)).json());
    expect(theirs.data.map((r) => [r.conductor, r.placas, r.total])).toEqual([
      ['ANA RUIZ', ['OTR006'], 7_000_000],
    ]);
  });

  it('exports the breakdown as an .xlsx with the fleet’s total; not for a driver', async () => {
    const res = await get(consulta, '?desde=2026-01-01&hasta=2026-11-22', FLEET_DRIVER_COSTS_XLSX_PATH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="costos-por-conductor-2026-01-01-a-2026-11-22.xlsx"',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Por conductor');
    const rows = (ws?.getSheetValues() ?? []).slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      ['ANA RUIZ', 'CC 52111222', 'ANA001, ANA002', 200_000, 130_000, 0, 70_000, 400_000, 2_000, 200],
      ['CC 80333444', 'CC 80333444', 'BET003', 50_000, 0, 0, 0, 50_000, 0, 'Sin km'],
      ['Sin conductor asignado', '', 'NAD005, SIN004', 0, 400_000, 0, 0, 400_000, 2_000, 200],
      ['Total de la flota', '', '', 250_000, 530_000, 0, 70_000, 850_000, 4_000, 213],
    ]);
    expect((await get(w.ana, '', FLEET_DRIVER_COSTS_XLSX_PATH)).statusCode).toBe(403);
  });
});
