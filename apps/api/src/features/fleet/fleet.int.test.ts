import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_MSG,
  FLEET_PATHS,
  fleetErrorPageSchema,
  fleetUploadStatusSchema,
  fleetVehicleListSchema,
  type FleetUploadStatus,
} from '@togo/domain/fleet/fleet.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { multipart, type TestUser } from '../garage/garage.test-support.ts';
import { FLEET_IMPORT_JOB } from './fleet.service.ts';
import {
  buildFleetXlsx,
  craftZip,
  createCompanyUser,
  deflatedEntry,
  goodRow,
  plateFor,
  uploadFleetFile,
  workbookShell,
  type Cells,
} from './fleet.test-support.ts';

let t: TestContext;
let company: TestUser;
let other: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompanyUser(t);
  other = await createCompanyUser(t);
  client = await createCompanyUser(t, GROUP_CLIENT);
});
afterAll(async () => {
  await t.close();
});

const upload = (user: TestUser, bytes: Buffer, filename?: string) =>
  uploadFleetFile(t, user, bytes, filename);

function get(user: TestUser | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
}

async function status(user: TestUser, id: number): Promise<FleetUploadStatus> {
  const res = await get(user, FLEET_PATHS.uploadStatus(id));
  expect(res.statusCode).toBe(200);
  return fleetUploadStatusSchema.parse(res.json());
}

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

  it('needs a token (401) and the company role (403 for a client)', async () => {
    expect((await get(null, FLEET_PATHS.list)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: FLEET_PATHS.upload })).statusCode).toBe(401);
    for (const url of [FLEET_PATHS.list, FLEET_PATHS.errors, FLEET_PATHS.guide, FLEET_PATHS.latestUpload]) {
      const res = await get(client, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: FLEET_MSG.companyOnly });
    }
    const res = await upload(client, await buildFleetXlsx([goodRow(0)]));
    expect(res.statusCode).toBe(403);
  });

  it('imports a 1,000-row file in the background: 950 vehicles and 50 errors with their messages', async () => {
    fileBytes = await buildFleetXlsx(file.rows);
    const res = await upload(company, fileBytes, 'mi flota.xlsx');
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
    expect(t.jobs.byName(FLEET_IMPORT_JOB)).toHaveLength(1);

    await t.jobs.drain();
    const done = await status(company, queued.id);
    expect(done).toMatchObject({
      estado: 'terminado',
      filas_procesadas: 1000,
      filas_totales: 1000,
      vehiculos_agregados: 950,
      filas_con_errores: 50,
      porcentaje: 100,
      mensaje: null,
    });

    const list = fleetVehicleListSchema.parse(
      (await get(company, `${FLEET_PATHS.list}?page_size=500`)).json(),
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
      const res = await get(company, `${FLEET_PATHS.errors}?page=${page}&page_size=10`);
      expect(res.statusCode).toBe(200);
      const body = fleetErrorPageSchema.parse(res.json());
      expect(body.numero_paginas_totales).toBe(5);
      expect(body.data).toHaveLength(10);
      for (const e of body.data) errors.set(e.fila, e.message);
    }
    expect(errors.size).toBe(50);
    for (const [row, message] of file.expected) expect(errors.get(row), `row ${row}`).toContain(message);

    const page1 = fleetErrorPageSchema.parse(
      (await get(company, `${FLEET_PATHS.errors}?page=1&page_size=10`)).json(),
    );
    expect(page1.data[0]).toMatchObject({
      placa: 'AB1',
      details: { kilometraje_digitado: '100', documento_propietario: '123' },
      created: t.clock.now().toISOString(),
      id_carga: queued.id,
    });
  });

  it('bounds error pages to 1..numero_paginas_totales', async () => {
    for (const page of ['0', '-1', 'x', '6', '1.5']) {
      const res = await get(company, `${FLEET_PATHS.errors}?page=${page}&page_size=10`);
      expect(res.statusCode, page).toBe(404);
      expect(res.json()).toEqual({ detail: FLEET_MSG.pageInvalid });
    }
    const empty = await get(other, `${FLEET_PATHS.errors}?page=1&page_size=10`);
    expect(empty.json()).toMatchObject({ data: [], numero_paginas_totales: 0 });
    expect((await get(other, `${FLEET_PATHS.errors}?page=2`)).statusCode).toBe(404);
  });

  it('changes nothing when the same file is uploaded again', async () => {
    const res = await upload(company, fileBytes, 'copia.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: firstUploadId, repetido: true, estado: 'terminado' });
    expect(t.jobs.byName(FLEET_IMPORT_JOB)).toHaveLength(1);
    await t.jobs.drain();
    expect((await get(company, `${FLEET_PATHS.list}?page_size=1`)).json().total).toBe(950);
    expect((await get(company, FLEET_PATHS.errors)).json().total).toBe(50);
  });

  it('imports a file sent twice at the same moment once', async () => {
    const bytes = await buildFleetXlsx([goodRow(5000), goodRow(5001)]);
    const before = t.jobs.byName(FLEET_IMPORT_JOB).length;
    const [a, b] = await Promise.all([upload(company, bytes), upload(company, bytes)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 202]);
    expect(a.json().id).toBe(b.json().id);
    expect(t.jobs.byName(FLEET_IMPORT_JOB).length).toBe(before + 1);
    await t.jobs.drain();
    expect((await get(company, `${FLEET_PATHS.list}?page_size=1`)).json().total).toBe(952);
    // The list's pages are bounded too.
    expect((await get(company, `${FLEET_PATHS.list}?page=2&page_size=500`)).statusCode).toBe(200);
    expect((await get(company, `${FLEET_PATHS.list}?page=3&page_size=500`)).statusCode).toBe(404);
  });

  it('keeps each company to its own vehicles, uploads and errors', async () => {
    expect((await get(other, FLEET_PATHS.list)).json()).toMatchObject({ data: [], total: 0 });
    expect((await get(other, FLEET_PATHS.uploadStatus(firstUploadId))).statusCode).toBe(404);
    expect((await get(other, FLEET_PATHS.latestUpload)).statusCode).toBe(404);
    // The other company uploading the same file gets its own import.
    const res = await upload(other, fileBytes);
    expect(res.statusCode).toBe(202);
    await t.jobs.drain();
    expect(await status(other, res.json().id)).toMatchObject({
      vehiculos_agregados: 950,
      filas_con_errores: 50,
    });
    expect((await get(company, `${FLEET_PATHS.list}?page_size=1`)).json().total).toBe(952);
  });

  it('updates a plate already in the fleet, and rejects one registered with another owner document', async () => {
    const changed = goodRow(1);
    changed[1] = 99_999;
    const otherOwner = goodRow(2);
    otherOwner[3] = '111';
    const res = await upload(company, await buildFleetXlsx([changed, otherOwner, goodRow(3)]));
    expect(res.statusCode).toBe(202);
    await t.jobs.drain();
    expect(await status(company, res.json().id)).toMatchObject({
      estado: 'terminado',
      vehiculos_agregados: 1,
      filas_con_errores: 1,
    });
    const found = (await get(company, `${FLEET_PATHS.list}?placa=${plateFor(1)}`)).json();
    expect(found.data[0].kilometraje_digitado).toBe(99_999);
    const errors = (await get(company, FLEET_PATHS.errors)).json();
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
    const res = await upload(company, await buildFleetXlsx([row]));
    await t.jobs.drain();
    expect(await status(company, res.json().id)).toMatchObject({
      estado: 'terminado',
      vehiculos_agregados: 0,
      filas_con_errores: 0,
    });
    const found = (await get(company, `${FLEET_PATHS.list}?placa=${plateFor(8)}`)).json();
    expect(found.data[0].conductor_nombre).toBe('Conductora Nueva');
    const again = await upload(company, await buildFleetXlsx([row, goodRow(9)]));
    await t.jobs.drain();
    expect(await status(company, again.json().id)).toMatchObject({
      vehiculos_agregados: 0,
      filas_con_errores: 0,
    });
  });

  it('offers the errors as an .xlsx with an Errores column, which can be fixed and uploaded again', async () => {
    const res = await get(company, FLEET_PATHS.errorsDownload);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).getCell(12).value).toBe('Errores');
    expect(ws?.rowCount).toBe(52);
    // Fix the 'documento conductor' rows by clearing the driver name, and upload the file again.
    const fixedRows: Cells[] = [];
    ws?.eachRow((row, n) => {
      if (n === 1) return;
      const cells = (row.values as unknown[])
        .slice(1, 12)
        .map((v) => (v === undefined || v === null ? '' : String(v)));
      if (String(row.getCell(12).value).startsWith('Documento conductor'))
        fixedRows.push([...cells.slice(0, 6)]);
    });
    expect(fixedRows.length).toBeGreaterThan(0);
    const again = await upload(company, await buildFleetXlsx(fixedRows));
    await t.jobs.drain();
    expect(await status(company, again.json().id)).toMatchObject({
      vehiculos_agregados: fixedRows.length,
      filas_con_errores: 0,
    });
    // The fixed rows' earlier errors are gone.
    expect((await get(company, FLEET_PATHS.errors)).json().total).toBe(51 - fixedRows.length);
  });

  it('offers the guide: template sheet and Spanish instructions, and the guide itself imports', async () => {
    const res = await get(company, FLEET_PATHS.guide);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('guia-flota-togo.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Vehículos', 'Instrucciones']);
    expect(wb.getWorksheet('Vehículos')?.getRow(1).getCell(1).value).toBe('Placa');
    expect(String(wb.getWorksheet('Instrucciones')?.getRow(1).getCell(1).value)).toContain('Guía');
    const up = await upload(other, res.rawPayload);
    expect(up.statusCode).toBe(202);
    await t.jobs.drain();
    expect(await status(other, up.json().id)).toMatchObject({ estado: 'terminado', vehiculos_agregados: 2 });
  });
});

describe('fleet upload: files refused before parsing', () => {
  it('asks for a file when there is none', async () => {
    const empty = await t.app.inject({ method: 'POST', url: FLEET_PATHS.upload, headers: company.headers });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: FLEET_MSG.noFile });
    const body = multipart(Buffer.from('x'), { field: 'otro' });
    const wrongField = await t.app.inject({
      method: 'POST',
      url: FLEET_PATHS.upload,
      headers: { ...company.headers, ...body.headers },
      payload: body.payload,
    });
    expect(wrongField.json()).toEqual({ detail: FLEET_MSG.noFile });
  });

  it('answers a malformed multipart body with a 4xx, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: FLEET_PATHS.upload,
      headers: { ...company.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses files over 10 MB with 413', async () => {
    const res = await upload(company, Buffer.alloc(10 * 1024 * 1024 + 1, 0x50));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: FLEET_MSG.tooLarge });
  });

  it('refuses a .txt renamed .xlsx and a ZIP that is not a workbook', async () => {
    const txt = await upload(company, Buffer.from('placa,kilometraje\nABC123,100\n'), 'flota.xlsx');
    expect(txt.statusCode).toBe(400);
    expect(txt.json()).toEqual({ detail: 'Por favor, selecciona un archivo .xlsx válido.' });
    const zip = await upload(company, craftZip([deflatedEntry('hola.txt', Buffer.from('hola'))]));
    expect(zip.json()).toEqual({ detail: FLEET_MSG.invalidFile });
  });

  it('refuses zip bombs quickly, without inflating them', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    // Highly compressed entries (ratio ≈ 1000:1).
    const ratio = await upload(
      company,
      craftZip([...workbookShell(), deflatedEntry('xl/worksheets/sheet1.xml', zeros)]),
    );
    expect(ratio.statusCode).toBe(400);
    expect(ratio.json()).toEqual({ detail: FLEET_MSG.unsafeFile });
    // An entry that lies about its size: declares 1 KB, inflates to 8 MB.
    const liar = deflatedEntry('xl/worksheets/sheet1.xml', zeros, 1024);
    liar.data = Buffer.concat([liar.data]);
    const lying = await upload(company, craftZip([...workbookShell(), liar]));
    expect(lying.statusCode).toBe(400);
    expect(lying.json()).toEqual({ detail: FLEET_MSG.unsafeFile });
    // Declared total far beyond the limit (many entries sharing the same compressed bytes).
    const many = Array.from({ length: 40 }, (_, i) => ({
      ...deflatedEntry(`xl/media/m${i}.bin`, Buffer.alloc(10)),
      uncompressedSize: 10 * 1024 * 1024,
    }));
    const huge = await upload(company, craftZip([...workbookShell(), ...many]));
    expect(huge.json()).toEqual({ detail: FLEET_MSG.unsafeFile });
    // Bytes hidden between the entries and the central directory (read by streaming parsers).
    const hidden = await upload(
      company,
      craftZip([...workbookShell()], { junkBeforeDirectory: Buffer.alloc(4096, 1) }),
    );
    expect(hidden.json()).toEqual({ detail: FLEET_MSG.unsafeFile });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(t.jobs.byName(FLEET_IMPORT_JOB).length).toBeLessThan(10);
  });

  it('refuses more than 50,000 rows with a clear message', async () => {
    const rows: Cells[] = Array.from({ length: 50_001 }, (_, i) => [
      plateFor(i),
      1,
      'CC',
      '1',
      '05',
      '05001',
    ]);
    const res = await upload(company, await buildFleetXlsx(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: FLEET_MSG.tooManyRows });
  }, 60_000);

  it('fails an upload without the template header with a Spanish message', async () => {
    const res = await upload(
      company,
      await buildFleetXlsx([['ABC999', 1, 'CC', '1', '05', '05001']], { header: false }),
    );
    expect(res.statusCode).toBe(202);
    await t.jobs.drain();
    expect(await status(company, res.json().id)).toMatchObject({
      estado: 'fallido',
      mensaje: FLEET_MSG.missingHeaders,
    });
  });
});
