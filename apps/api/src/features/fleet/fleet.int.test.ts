import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  FLEET_MSG,
  FLEET_PATHS,
  FLEET_TEMPLATE_COLUMNS,
  fleetErrorPageSchema,
  fleetUploadStatusSchema,
  fleetVehicleListSchema,
} from '@togo/domain/fleet/fleet.contract';
import { FLEET_IMPORT_JOB } from './fleet.service.ts';
import { fleetUploadWorld } from './fleet-upload.test-world.ts';
import { buildFleetXlsx, goodRow, plateFor, type Cells } from './fleet.test-support.ts';

const { world, upload, get, status } = fleetUploadWorld();

/** The 1,000-row file: 950 good rows and 50 bad rows of varied kinds at known positions. */
function thousandRows(): { rows: Cells[]; expected: Map<number, string> } {
  const rows: Cells[] = [];
  const expected = new Map<number, string>(); // sheet row number → message
  let good = 0;
  const bad: ((i: number) => [Cells, string])[] = [
    () => [['AB1', 100, 'CC', '123', 'Antioquia', 'Medellín'], 'Placa: Formato de placa inválido'],
    (i) => [
      [plateFor(50_000 + i), '1.000', 'CC', '123', 'Antioquia', 'Medellín'],
      'Kilometraje: Solo se permiten números',
    ],
    (i) => [
      [plateFor(50_000 + i), 10, 'XX', '123', 'Antioquia', 'Medellín'],
      'Tipo documento propietario: Tipo de documento no válido',
    ],
    (i) => [
      [plateFor(50_000 + i), 10, 'CC', '123', 'Atlántida', 'Medellín'],
      'Departamento: Departamento no encontrado',
    ],
    (i) => [
      [plateFor(50_000 + i), 10, 'CC', '123', 'Cundinamarca', 'Medellín'],
      'Ciudad: La ciudad no pertenece al departamento indicado.',
    ],
    (i) => [
      [plateFor(50_000 + i), 10, 'CC', '', 'Antioquia', 'Medellín'],
      'Documento propietario: Este campo es obligatorio.',
    ],
    (i) => [
      [plateFor(50_000 + i), 10, 'CC', '123', 'Antioquia', 'Medellín', 'Sin Documento'],
      'Documento conductor: Este campo es obligatorio cuando indicas un conductor.',
    ],
    (i) => [
      [plateFor(50_000 + i), 10, 'CC', '123', 'Antioquia', 'Ciudad Perdida'],
      'Ciudad: Ciudad no encontrada',
    ],
    (i) => [
      [plateFor(50_000 + i), 12345678, 'CC', '123', 'Antioquia', 'Medellín'],
      'Kilometraje: Máximo 7 dígitos.',
    ],
    // A plate already earlier in the file (good row 0 has plate AAA000 at sheet row 2).
    () => [
      [plateFor(0).toLowerCase(), 10, 'CC', '123', '05', '05001'],
      'Placa: La placa está repetida en el archivo (fila 2).',
    ],
  ];
  for (let i = 0; i < 1000; i++) {
    const sheetRow = i + 2;
    if (i % 20 === 19) {
      const k = Math.floor(i / 20);
      const [cells, message] = (bad[k % bad.length] as (i: number) => [Cells, string])(k);
      rows.push(cells);
      expected.set(sheetRow, message);
    } else {
      rows.push(goodRow(good++));
    }
  }
  return { rows, expected };
}

describe('fleet upload (SPPF §4, §5, §7)', () => {
  let fileBytes: Buffer;
  let firstUploadId: number;
  const file = thousandRows();

  it('needs a token (401) and the company role (403 for a world.client)', async () => {
    expect((await get(null, FLEET_PATHS.list)).statusCode).toBe(401);
    expect((await world.t.app.inject({ method: 'POST', url: FLEET_PATHS.upload })).statusCode).toBe(401);
    for (const url of [FLEET_PATHS.list, FLEET_PATHS.errors, FLEET_PATHS.guide, FLEET_PATHS.latestUpload]) {
      const res = await get(world.client, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: FLEET_MSG.companyOnly });
    }
    const res = await upload(world.client, await buildFleetXlsx([goodRow(0)]));
    expect(res.statusCode).toBe(403);
  });

  it('imports a 1,000-row file in the background: 950 vehicles and 50 errors with their messages', async () => {
    fileBytes = await buildFleetXlsx(file.rows);
    const res = await upload(world.company, fileBytes, 'mi flota.xlsx');
    expect(res.statusCode).toBe(202);
    const queued = fleetUploadStatusSchema.parse(res.json());
    expect(queued).toMatchObject({
      estado: 'en_cola',
      nombre_archivo: 'mi flota.xlsx',
      filas_procesadas: 0,
      filas_totales: 1000,
      repetido: false,
    });
    firstUploadId = queued.id;
    expect(world.t.jobs.byName(FLEET_IMPORT_JOB)).toHaveLength(1);

    await world.t.jobs.drain();
    const done = await status(world.company, queued.id);
    expect(done).toMatchObject({
      estado: 'terminado',
      filas_procesadas: 1000,
      filas_totales: 1000,
      vehiculos_agregados: 950,
      vehiculos_actualizados: 0,
      vehiculos_sin_cambios: 0,
      filas_con_errores: 50,
      columnas_ignoradas: [],
      porcentaje: 100,
      mensaje: null,
    });

    const list = fleetVehicleListSchema.parse(
      (await get(world.company, `${FLEET_PATHS.list}?page_size=500`)).json(),
    );
    expect(list.total).toBe(950);
    expect(list.numero_paginas_totales).toBe(2);
    const first = list.data[0];
    expect(first).toMatchObject({
      placa: 'AAA000',
      kilometraje_digitado: 1000,
      tipo_documento_propietario_data: { name: 'NIT' },
      city_data: { id: 5001, name: 'Medellín' },
      conductor_nombre: 'Conductor 0',
      vehicle_data: null,
    });
    // Spellings with and without accents and DANE codes all resolve.
    const byPlate = new Map(list.data.map((v) => [v.placa, v]));
    expect(byPlate.get(plateFor(4))?.city).toBe(11001);
    expect(byPlate.get(plateFor(5))?.city).toBe(11001);
    expect(byPlate.get(plateFor(6))?.city).toBe(76001);

    const errors = new Map<number, string>();
    for (let page = 1; page <= 5; page++) {
      const res = await get(world.company, `${FLEET_PATHS.errors}?page=${page}&page_size=10`);
      expect(res.statusCode).toBe(200);
      const body = fleetErrorPageSchema.parse(res.json());
      expect(body.numero_paginas_totales).toBe(5);
      expect(body.data).toHaveLength(10);
      for (const e of body.data) errors.set(e.fila, e.message);
    }
    expect(errors.size).toBe(50);
    for (const [row, message] of file.expected) expect(errors.get(row), `row ${row}`).toContain(message);

    const page1 = fleetErrorPageSchema.parse(
      (await get(world.company, `${FLEET_PATHS.errors}?page=1&page_size=10`)).json(),
    );
    expect(page1.data[0]).toMatchObject({
      placa: 'AB1',
      details: { kilometraje_digitado: '100', documento_propietario: '123' },
      created: world.t.clock.now().toISOString(),
      id_carga: queued.id,
    });
  });

  it('bounds error pages to 1..numero_paginas_totales', async () => {
    for (const page of ['0', '-1', 'x', '6', '1.5']) {
      const res = await get(world.company, `${FLEET_PATHS.errors}?page=${page}&page_size=10`);
      expect(res.statusCode, page).toBe(404);
      expect(res.json()).toEqual({ detail: FLEET_MSG.pageInvalid });
    }
    const empty = await get(world.other, `${FLEET_PATHS.errors}?page=1&page_size=10`);
    expect(empty.json()).toMatchObject({ data: [], numero_paginas_totales: 0 });
    expect((await get(world.other, `${FLEET_PATHS.errors}?page=2`)).statusCode).toBe(404);
  });

  it('changes nothing when the same file is uploaded again', async () => {
    const res = await upload(world.company, fileBytes, 'copia.xlsx');
    expect(res.statusCode).toBe(200);
    // Issue 37: the answer counts this attempt — nothing added or updated, every loaded row unchanged.
    expect(res.json()).toMatchObject({
      id: firstUploadId,
      repetido: true,
      estado: 'terminado',
      vehiculos_agregados: 0,
      vehiculos_actualizados: 0,
      vehiculos_sin_cambios: 950,
      filas_con_errores: 50,
    });
    expect(world.t.jobs.byName(FLEET_IMPORT_JOB)).toHaveLength(1);
    await world.t.jobs.drain();
    expect((await get(world.company, `${FLEET_PATHS.list}?page_size=1`)).json().total).toBe(950);
    expect((await get(world.company, FLEET_PATHS.errors)).json().total).toBe(50);
  });

  it('imports a file sent twice at the same moment once', async () => {
    const bytes = await buildFleetXlsx([goodRow(5000), goodRow(5001)]);
    const before = world.t.jobs.byName(FLEET_IMPORT_JOB).length;
    const [a, b] = await Promise.all([upload(world.company, bytes), upload(world.company, bytes)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 202]);
    expect(a.json().id).toBe(b.json().id);
    expect(world.t.jobs.byName(FLEET_IMPORT_JOB).length).toBe(before + 1);
    await world.t.jobs.drain();
    expect((await get(world.company, `${FLEET_PATHS.list}?page_size=1`)).json().total).toBe(952);
    // The list's pages are bounded too.
    expect((await get(world.company, `${FLEET_PATHS.list}?page=2&page_size=500`)).statusCode).toBe(200);
    expect((await get(world.company, `${FLEET_PATHS.list}?page=3&page_size=500`)).statusCode).toBe(404);
  });

  it('keeps each company to its own vehicles, uploads and errors', async () => {
    expect((await get(world.other, FLEET_PATHS.list)).json()).toMatchObject({ data: [], total: 0 });
    expect((await get(world.other, FLEET_PATHS.uploadStatus(firstUploadId))).statusCode).toBe(404);
    expect((await get(world.other, FLEET_PATHS.latestUpload)).statusCode).toBe(404);
    // The other company uploading the same file gets its own import.
    const res = await upload(world.other, fileBytes);
    expect(res.statusCode).toBe(202);
    await world.t.jobs.drain();
    expect(await status(world.other, res.json().id)).toMatchObject({
      vehiculos_agregados: 950,
      filas_con_errores: 50,
    });
    expect((await get(world.company, `${FLEET_PATHS.list}?page_size=1`)).json().total).toBe(952);
  });

  it('updates a plate already in the fleet, and rejects one registered with another owner document', async () => {
    const changed = goodRow(1);
    changed[1] = 99_999;
    const otherOwner = goodRow(2);
    otherOwner[3] = '111';
    const res = await upload(world.company, await buildFleetXlsx([changed, otherOwner, goodRow(3)]));
    expect(res.statusCode).toBe(202);
    await world.t.jobs.drain();
    // Issue 37: one changed, one unchanged, one refused, none new — each counted apart.
    expect(await status(world.company, res.json().id)).toMatchObject({
      estado: 'terminado',
      vehiculos_agregados: 0,
      vehiculos_actualizados: 1,
      vehiculos_sin_cambios: 1,
      filas_con_errores: 1,
    });
    const found = (await get(world.company, `${FLEET_PATHS.list}?placa=${plateFor(1)}`)).json();
    expect(found.data[0].kilometraje_digitado).toBe(99_999);
    const errors = (await get(world.company, FLEET_PATHS.errors)).json();
    expect(errors.data[0]).toMatchObject({
      placa: plateFor(2),
      message: 'Placa: La placa ya está registrada en tu flota con otro documento de propietario.',
      details: { kilometraje_digitado: String(otherOwner[1]), documento_propietario: '111' },
    });
  });

  it('updates only the driver of an unchanged vehicle, and a re-upload of the same rows changes nothing', async () => {
    const row = goodRow(8); // goodRow(8) has a driver
    row[6] = 'Conductora Nueva';
    row[8] = '5550001';
    const res = await upload(world.company, await buildFleetXlsx([row]));
    await world.t.jobs.drain();
    expect(await status(world.company, res.json().id)).toMatchObject({
      estado: 'terminado',
      vehiculos_agregados: 0,
      vehiculos_actualizados: 1,
      vehiculos_sin_cambios: 0,
      filas_con_errores: 0,
    });
    const found = (await get(world.company, `${FLEET_PATHS.list}?placa=${plateFor(8)}`)).json();
    expect(found.data[0].conductor_nombre).toBe('Conductora Nueva');
    const again = await upload(world.company, await buildFleetXlsx([row, goodRow(9)]));
    await world.t.jobs.drain();
    expect(await status(world.company, again.json().id)).toMatchObject({
      vehiculos_agregados: 0,
      vehiculos_actualizados: 0,
      vehiculos_sin_cambios: 2,
      filas_con_errores: 0,
    });
  });

  it('offers the errors as an .xlsx with an Errores column, which can be fixed and uploaded again', async () => {
    const res = await get(world.company, FLEET_PATHS.errorsDownload);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const erroresColumn = FLEET_TEMPLATE_COLUMNS.length + 1;
    expect(ws?.getRow(1).getCell(erroresColumn).value).toBe('Errores');
    expect(ws?.rowCount).toBe(52);
    // Fix the 'documento conductor' rows by clearing the driver name, and upload the file again.
    const fixedRows: Cells[] = [];
    ws?.eachRow((row, n) => {
      if (n === 1) return;
      const cells = (row.values as unknown[])
        .slice(1, erroresColumn)
        .map((v) => (v === undefined || v === null ? '' : String(v)));
      if (String(row.getCell(erroresColumn).value).startsWith('Documento conductor'))
        fixedRows.push([...cells.slice(0, 6)]);
    });
    expect(fixedRows.length).toBeGreaterThan(0);
    const again = await upload(world.company, await buildFleetXlsx(fixedRows));
    await world.t.jobs.drain();
    expect(await status(world.company, again.json().id)).toMatchObject({
      vehiculos_agregados: fixedRows.length,
      vehiculos_actualizados: 0,
      vehiculos_sin_cambios: 0,
      filas_con_errores: 0,
    });
    // The fixed rows' earlier errors are gone.
    expect((await get(world.company, FLEET_PATHS.errors)).json().total).toBe(51 - fixedRows.length);
  });

  it('offers the guide: template sheet and Spanish instructions, and the guide itself imports', async () => {
    const res = await get(world.company, FLEET_PATHS.guide);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('guia-flota-togo.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Vehículos', 'Instrucciones']);
    expect(wb.getWorksheet('Vehículos')?.getRow(1).getCell(1).value).toBe('Placa');
    expect(String(wb.getWorksheet('Instrucciones')?.getRow(1).getCell(1).value)).toContain('Guía');
    const up = await upload(world.other, res.rawPayload);
    expect(up.statusCode).toBe(202);
    await world.t.jobs.drain();
    expect(await status(world.other, up.json().id)).toMatchObject({
      estado: 'terminado',
      vehiculos_agregados: 2,
    });
  });
});
