import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAINTENANCE_IMPORT_MAX_BYTES,
  MAINTENANCE_IMPORT_MSG as IMSG,
  MAINTENANCE_IMPORT_TEMPLATE_PATH,
  maintenanceImportResultSchema,
} from '@togo/domain/maintenance/maintenance-import.contract';
import { MAINTENANCE_PATHS as P } from '@togo/domain/maintenance/maintenance.contract';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addFleetVehicle, addMember } from '../fleet/fleet-companies.test-support.ts';
import { createCompanyUser } from '../fleet/fleet.test-support.ts';
import { importXlsx, uploadImport } from './maintenance-import.test-support.ts';
import { maintenanceWorld } from './maintenance.test-support.ts';

// Clock of the test app: 22 November 2026 in Bogotá.
const { w, send, mileage } = maintenanceWorld();

describe('POST /api/togo/flota/mantenimiento/importar/ (past services from a spreadsheet)', () => {
  let company: TestUser;
  let consulta: TestUser;
  let operador: TestUser;
  let other: TestUser;
  const ids: Record<string, number> = {};

  const count = async (vehicleId: number) => {
    const [row] = await w.t.database.query<{ n: number }>(
      `select count(*)::int as n from maintenance_records where vehicle_id = $1 and origen = 'importacion'`,
      [vehicleId],
    );
    return row?.n ?? -1;
  };
  const total = async () => {
    const [row] = await w.t.database.query<{ n: number }>(
      `select count(*)::int as n from maintenance_records where origen = 'importacion'`,
    );
    return row?.n ?? -1;
  };

  beforeAll(async () => {
    company = await createCompanyUser(w.t);
    consulta = await addMember(w.t, company.id, 'consulta');
    operador = await addMember(w.t, company.id, 'operador');
    other = await createCompanyUser(w.t);
    ids.IMP001 = await addFleetVehicle(w.t, company.id, 'IMP001', {}, []);
    ids.IMP002 = await addFleetVehicle(w.t, company.id, 'IMP002', {}, []);
    ids.OTR003 = await addFleetVehicle(w.t, other.id, 'OTR003', {}, []);
    // IMP002 already has a reading of 50.000 km on 1 June 2026.
    const res = await send('POST', P.fuel, ids.IMP002!, company, {
      fecha: '2026-06-01',
      kilometraje: 50_000,
      galones: 10,
      costo: 150_000,
      tanque_lleno: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    // A reminder of oil changes on IMP001, counted from 2025: an imported oil change moves it.
    const reminder = await send('POST', P.reminders, ids.IMP001!, company, {
      tipo: 'cambio_aceite',
      cada_km: 5_000,
      ultimo_km: 1_000,
      ultima_fecha: '2025-01-01',
    });
    expect(reminder.statusCode, reminder.body).toBe(201);
  });

  it('stores the valid rows with origen importacion, lists the others with Spanish reasons, and moves mileage and reminders', async () => {
    const file = await importXlsx([
      [
        'IMP001',
        new Date('2026-03-01T00:00:00Z'),
        10_000,
        'Cambio de aceite',
        'Aceite 20W50',
        180_000,
        'La 80',
        null,
      ],
      ['imp-001', '15-05-2026', '12.000', 'frenos', null, '$ 350.000', null, null],
      [null, null, null, null, null, null, null, null],
      ['ZZZ999', '2026-01-01', 100, 'otro', null, 1, null, null],
      ['IMP001', '31-02-2026', 100, 'otro', null, 1, null, null],
      ['IMP001', '2026-12-01', 100, 'otro', null, 1, null, null],
      ['IMP001', '2026-01-01', 100, 'Pintura', null, -5, null, null],
      ['IMP002', '2026-07-01', 40_000, 'llantas', null, 900_000, null, null],
      ['IMP002', '2026-08-01', 30_000, 'Batería', null, 400_000, null, 'Sí'],
      ['OTR003', '2026-01-01', 100, 'otro', null, 1, null, null],
    ]);
    const res = await uploadImport(w.t, company, file, 'historial.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const body = maintenanceImportResultSchema.parse(res.json());
    expect([body.nombre_archivo, body.filas, body.importadas, body.repetidas]).toEqual([
      'historial.xlsx',
      9,
      3,
      0,
    ]);
    expect(body.errores).toEqual([
      { fila: 5, placa: 'ZZZ999', mensaje: `Placa: ${IMSG.unknownPlate}` },
      { fila: 6, placa: 'IMP001', mensaje: `Fecha: ${IMSG.date}` },
      { fila: 7, placa: 'IMP001', mensaje: 'Fecha: La fecha no puede ser posterior a hoy.' },
      {
        fila: 8,
        placa: 'IMP001',
        mensaje: `Tipo: ${IMSG.type} Costo: No puede ser un valor negativo.`,
      },
      {
        fila: 9,
        placa: 'IMP002',
        mensaje:
          'Kilometraje: El kilometraje es menor que una lectura anterior (50.000 km el 01-06-2026). Revísalo o márcalo como corrección.',
      },
      // Another company's plate is not in this fleet.
      { fila: 11, placa: 'OTR003', mensaje: `Placa: ${IMSG.unknownPlate}` },
    ]);
    expect([await count(ids.IMP001!), await count(ids.IMP002!), await count(ids.OTR003!)]).toEqual([2, 1, 0]);
    const list = await send('GET', P.records, ids.IMP001!, consulta);
    expect(
      (list.json() as { tipo: string; kilometraje: number; costo: number; taller: string | null }[]).map(
        (r) => [r.tipo, r.kilometraje, r.costo, r.taller],
      ),
    ).toEqual([
      ['frenos', 12_000, 350_000, null],
      ['cambio_aceite', 10_000, 180_000, 'La 80'],
    ]);
    // The mileage rises to the highest reading; the correction dated last sets IMP002's to 30.000.
    expect([await mileage(ids.IMP001!), await mileage(ids.IMP002!)]).toEqual([12_000, 30_000]);
    const reminders = (await send('GET', P.reminders, ids.IMP001!, company)).json() as {
      proximo_km: number;
    }[];
    expect(reminders[0]?.proximo_km).toBe(15_000);
  });

  it('re-uploading the same rows stores nothing twice (they count as repeated)', async () => {
    const before = await total();
    const file = await importXlsx([
      [
        'IMP001',
        new Date('2026-03-01T00:00:00Z'),
        10_000,
        'cambio_aceite',
        'Otra descripción',
        180_000,
        null,
        null,
      ],
      ['IMP001', '2026-09-01', 13_000, 'Filtros', null, 60_000, null, null],
      ['IMP001', '2026-09-01', 13_000, 'Filtros', null, 60_000, null, null],
    ]);
    const body = maintenanceImportResultSchema.parse((await uploadImport(w.t, operador, file)).json());
    expect([body.importadas, body.repetidas, body.errores]).toEqual([1, 2, []]);
    expect(await total()).toBe(before + 1);
    const again = maintenanceImportResultSchema.parse((await uploadImport(w.t, company, file)).json());
    expect([again.importadas, again.repetidas]).toEqual([0, 3]);
    expect(await total()).toBe(before + 1);
  });

  it('refuses a malformed, empty, headerless or oversized file with a 400/413 and stores nothing', async () => {
    const before = await total();
    const txt = await uploadImport(w.t, company, Buffer.from('placa,fecha\nIMP001,2026-01-01\n'));
    expect(txt.statusCode).toBe(400);
    expect(txt.json()).toEqual({ file: [IMSG.invalidFile] });
    const headerless = await uploadImport(
      w.t,
      company,
      await importXlsx([['IMP001', '2026-01-01', 100, 'otro', null, 1]], { header: false }),
    );
    expect(headerless.json()).toEqual({ file: [IMSG.missingHeaders] });
    const empty = await uploadImport(w.t, company, await importXlsx([]));
    expect(empty.json()).toEqual({ file: [IMSG.emptyFile] });
    const big = await uploadImport(w.t, company, Buffer.alloc(MAINTENANCE_IMPORT_MAX_BYTES + 1, 0x50));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: IMSG.tooLarge });
    const rows = Array.from({ length: 5_001 }, (_, i) => ['IMP001', '2026-01-01', i, 'otro', null, 1]);
    const many = await uploadImport(w.t, company, await importXlsx(rows));
    expect(many.json()).toEqual({ file: [IMSG.tooManyRows] });
    const none = await w.t.app.inject({
      method: 'POST',
      url: '/api/togo/flota/mantenimiento/importar/',
      headers: company.headers,
    });
    expect(none.statusCode).toBe(400);
    expect(await total()).toBe(before);
  });

  it('consulta, a driver and no token cannot import; the template is for every member', async () => {
    const before = await total();
    const file = await importXlsx([['IMP001', '2026-10-01', 14_000, 'otro', null, 1, null, null]]);
    expect((await uploadImport(w.t, consulta, file)).statusCode).toBe(403);
    expect((await uploadImport(w.t, w.ana, file)).statusCode).toBe(403);
    expect((await uploadImport(w.t, null, file)).statusCode).toBe(401);
    expect(await total()).toBe(before);
    const template = await w.t.app.inject({
      method: 'GET',
      url: MAINTENANCE_IMPORT_TEMPLATE_PATH,
      headers: consulta.headers,
    });
    expect(template.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((wb.getWorksheet('Mantenimientos')?.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Placa',
      'Fecha',
      'Kilometraje',
      'Tipo',
      'Descripción',
      'Costo',
      'Taller',
      'Corrección',
    ]);
    expect(wb.getWorksheet('Instrucciones')).toBeDefined();
    // The empty template itself is refused as empty, not imported wrongly.
    const asIs = await uploadImport(w.t, company, template.rawPayload);
    expect(asIs.json()).toEqual({ file: [IMSG.emptyFile] });
    expect(
      (await w.t.app.inject({ method: 'GET', url: MAINTENANCE_IMPORT_TEMPLATE_PATH, headers: w.ana.headers }))
        .statusCode,
    ).toBe(403);
  });
});
