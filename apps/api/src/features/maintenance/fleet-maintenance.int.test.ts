import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_MAINTENANCE_PATH,
  FLEET_MAINTENANCE_XLSX_PATH,
  fleetMaintenancePageSchema,
} from '@togo/domain/maintenance/fleet-maintenance.contract';
import { MAINTENANCE_PATHS as P } from '@togo/domain/maintenance/maintenance.contract';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addFleetVehicle, addMember } from '../fleet/fleet-companies.test-support.ts';
import { createCompanyUser } from '../fleet/fleet.test-support.ts';
import { fillUp, maintenanceWorld, oilChange } from './maintenance.test-support.ts';

// Clock of the test app: 22 November 2026 in Bogotá.
const { w, vehicleOf, send } = maintenanceWorld();

describe('GET /api/togo/flota/mantenimiento/ (a company’s vehicles due for service)', () => {
  let company: TestUser;
  let consulta: TestUser;
  let other: TestUser;
  const ids: Record<string, number> = {};

  const list = (user: TestUser | null, query = '') =>
    w.t.app.inject({ method: 'GET', url: FLEET_MAINTENANCE_PATH + query, headers: user?.headers ?? {} });

  beforeAll(async () => {
    company = await createCompanyUser(w.t);
    consulta = await addMember(w.t, company.id, 'consulta');
    other = await createCompanyUser(w.t);
    for (const placa of ['VEN001', 'PRO002', 'ALD003', 'SIN004']) {
      ids[placa] = await addFleetVehicle(w.t, company.id, placa, {}, []);
    }
    ids.OTRA = await addFleetVehicle(w.t, other.id, 'OTR005', {}, []);
    const post = async (
      id: number,
      path: typeof P.records | typeof P.fuel | typeof P.reminders,
      body: unknown,
    ) => {
      const res = await send('POST', path, id, company, body);
      expect(res.statusCode, res.body).toBe(201);
    };
    // VEN001: oil every 5.000 km from 10.000, now at 15.200 → vencido; also brakes al día. Costs this year.
    await post(
      ids.VEN001!,
      P.records,
      oilChange({ fecha: '2026-03-01', kilometraje: 10_000, costo: 200_000 }),
    );
    await post(ids.VEN001!, P.fuel, fillUp({ fecha: '2026-11-01', kilometraje: 15_200, costo: 300_000 }));
    await post(ids.VEN001!, P.reminders, { tipo: 'cambio_aceite', cada_km: 5_000 });
    await post(ids.VEN001!, P.reminders, { tipo: 'frenos', cada_meses: 12, ultima_fecha: '2026-06-01' });
    // PRO002: tyres every 12 months from 1 December 2025 → due 1 December 2026, 9 days away: pronto.
    await post(ids.PRO002!, P.reminders, { tipo: 'llantas', cada_meses: 12, ultima_fecha: '2025-12-01' });
    // ALD003: al día.
    await post(ids.ALD003!, P.reminders, { tipo: 'filtros', cada_meses: 6, ultima_fecha: '2026-11-01' });
    // The other company's vehicle is overdue too, and never listed.
    const res = await send('POST', P.reminders, ids.OTRA!, other, {
      tipo: 'bateria',
      cada_meses: 1,
      ultima_fecha: '2026-01-01',
    });
    expect(res.statusCode).toBe(201);
  });

  it('lists the vehicles with a service overdue or soon, worst first, with the cost per km of the year', async () => {
    const res = await list(company);
    expect(res.statusCode, res.body).toBe(200);
    const page = fleetMaintenancePageSchema.parse(res.json());
    expect(page.resumen).toEqual({ vencido: 1, pronto: 1 });
    expect(page.total).toBe(2);
    expect(page.numero_paginas_totales).toBe(1);
    expect(page.data.map((r) => [r.placa, r.estado])).toEqual([
      ['VEN001', 'vencido'],
      ['PRO002', 'pronto'],
    ]);
    const [ven, pro] = page.data;
    expect(ven?.servicios.map((s) => [s.tipo, s.estado, s.proximo_km])).toEqual([
      ['cambio_aceite', 'vencido', 15_000],
      ['frenos', 'al_dia', null],
    ]);
    // 500.000 over 5.200 km (10.000 → 15.200).
    expect([ven?.kilometraje, ven?.costo_anio, ven?.costo_por_km]).toEqual([15_200, 500_000, 96]);
    expect(pro?.servicios).toEqual([
      { tipo: 'llantas', estado: 'pronto', proximo_km: null, proxima_fecha: '2026-12-01' },
    ]);
    expect([pro?.costo_anio, pro?.costo_por_km]).toEqual([0, null]);
  });

  it('filters (vencido, todos) and pages', async () => {
    const only = fleetMaintenancePageSchema.parse((await list(company, '?estado=vencido')).json());
    expect(only.data.map((r) => r.placa)).toEqual(['VEN001']);
    const all = fleetMaintenancePageSchema.parse((await list(company, '?estado=todos&page_size=2')).json());
    expect([all.total, all.numero_paginas_totales]).toEqual([3, 2]);
    expect(all.data.map((r) => r.placa)).toEqual(['VEN001', 'PRO002']);
    const second = fleetMaintenancePageSchema.parse(
      (await list(company, '?estado=todos&page_size=2&page=2')).json(),
    );
    expect(second.data.map((r) => [r.placa, r.estado])).toEqual([['ALD003', 'al_dia']]);
    const past = fleetMaintenancePageSchema.parse((await list(company, '?page=9')).json());
    expect(past.data).toEqual([]);
  });

  it('every member reads it (consulta too); a driver and no token do not', async () => {
    const res = await list(consulta);
    expect(res.statusCode).toBe(200);
    expect(fleetMaintenancePageSchema.parse(res.json()).total).toBe(2);
    expect((await list(null)).statusCode).toBe(401);
    await vehicleOf(w.ana);
    expect((await list(w.ana)).statusCode).toBe(403);
    const theirs = fleetMaintenancePageSchema.parse((await list(other)).json());
    expect(theirs.data.map((r) => r.placa)).toEqual(['OTR005']);
  });

  it('exports the view as an .xlsx, one row per service, for every member; not for a driver', async () => {
    const res = await w.t.app.inject({
      method: 'GET',
      url: `${FLEET_MAINTENANCE_XLSX_PATH}?estado=todos`,
      headers: consulta.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="mantenimiento-flota-2026-11-22.xlsx"',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Mantenimiento');
    const rows = (ws?.getSheetValues() ?? []).slice(2).map((r) => (r as unknown[]).slice(1, 5));
    expect(rows).toEqual([
      ['VEN001', 'Vencido', 'Cambio de aceite', 'Vencido'],
      ['VEN001', 'Vencido', 'Frenos', 'Al día'],
      ['PRO002', 'Pronto', 'Llantas', 'Pronto'],
      ['ALD003', 'Al día', 'Filtros', 'Al día'],
    ]);
    expect(ws?.getRow(2).getCell(9).value).toBe(96);
    expect(ws?.getRow(3).getCell(6).value).toEqual(new Date('2027-06-01T00:00:00Z'));
    const driver = await w.t.app.inject({
      method: 'GET',
      url: FLEET_MAINTENANCE_XLSX_PATH,
      headers: w.ana.headers,
    });
    expect(driver.statusCode).toBe(403);
  });
});
