import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAINTENANCE_PATHS as P,
  costsSchema,
  monthlyCostsSchema,
} from '@togo/domain/maintenance/maintenance.contract';
import { bookTramite } from '../booking/my-bookings.test-support.ts';
import { multipart } from '../garage/garage.test-support.ts';
import { fillUp, maintenanceWorld, oilChange } from './maintenance.test-support.ts';

const { w, vehicleOf, send } = maintenanceWorld();

let id: number;
let placa: string;
let servicePrice: number;

const fine = (numero: string, estado: string, total: number, fecha_infraccion: string) => ({
  numero,
  tipo: 'Comparendo - C14',
  estado,
  total,
  fecha_infraccion,
  placa,
  infractor: 'Ana Pérez',
  descripcion: 'Transitar en horario de pico y placa',
  categoria: 'C14',
});

beforeAll(async () => {
  id = await vehicleOf(w.ana, 40_000);
  const [v] = await w.t.database.query<{ placa: string }>('select placa from vehicles where id = $1', [id]);
  placa = v?.placa ?? '';
  const post = async (path: typeof P.records | typeof P.fuel, body: object) =>
    expect((await send('POST', path, id, w.ana, body)).statusCode).toBe(201);
  await post(
    P.records,
    oilChange({ fecha: '2026-10-15', kilometraje: 44_000, tipo: 'llantas', costo: 100_000 }),
  );
  await post(P.records, oilChange({ fecha: '2026-11-01', kilometraje: 45_000, costo: 180_000 }));
  await post(P.fuel, fillUp({ fecha: '2026-11-02', kilometraje: 45_100, costo: 160_000 }));
  await post(
    P.fuel,
    fillUp({ fecha: '2026-11-10', kilometraje: 45_500, costo: 150_000, tanque_lleno: false }),
  );

  // A trámite paid on site and attended: a service TOGO was paid for this plate.
  const bookingId = await bookTramite(w.t, w.ana, { placa });
  const [b] = await w.t.database.query<{ precio: number }>(
    "update bookings set estado = 'atendido' where id = $1 returning precio",
    [bookingId],
  );
  servicePrice = Number(b?.precio);
  // An unpaid booking of the same plate counts nothing.
  await bookTramite(w.t, w.ana, { placa, franja: '11:00 AM' });

  // Fines: F1 seen paid on 10 November, F2 already paid at the first look-up (its infraction day), F3 still owed.
  await w.t.database.query(
    `insert into provider_snapshots (vehicle_id, kind, provider, status, data) values ($1, 'fines', 'demo', 'ok', $2)
     on conflict (vehicle_id, kind) do update set status = 'ok', data = excluded.data`,
    [
      id,
      JSON.stringify({
        comparendos_vehiculo: [
          fine('F1', 'pagado', 250_000, '2026-05-01'),
          fine('F2', 'Pagada', 100_000, '2026-11-03'),
          fine('F3', 'vigente', 400_000, '2026-11-05'),
        ],
        comparendos_persona: [],
      }),
    ],
  );
  await w.t.database.query(
    "insert into vehicle_change_events (vehicle_id, kind, event_key, created) values ($1, 'multa_pagada', 'F1', '2026-11-10T15:00:00Z')",
    [id],
  );
});

describe('GET vehicle/{id}/costos/', () => {
  it('sums the period by category: services, fuel, TOGO services paid and fines paid; cost per km', async () => {
    const res = await send(
      'GET',
      P.costs,
      id,
      w.ana,
      undefined,
      undefined,
      '?desde=2026-11-01&hasta=2026-11-30',
    );
    expect(res.statusCode, res.body).toBe(200);
    const costs = costsSchema.parse(res.json());
    const total = 180_000 + 310_000 + servicePrice + 350_000;
    expect(costs).toEqual({
      total,
      por_categoria: {
        mantenimiento: 180_000,
        combustible: 310_000,
        servicios: servicePrice,
        multas: 350_000,
      },
      // 44,000 km before the period, 45,500 at its last reading.
      costo_por_km: Math.round(total / 1_500),
    });
    expect(servicePrice).toBeGreaterThan(0);
  });

  it('defaults to this month so far (clock: 22 November), and answers zeros for an empty period', async () => {
    const res = (await send('GET', P.costs, id, w.ana)).json();
    // The booking (24 November) is after today.
    expect(res.por_categoria).toEqual({
      mantenimiento: 180_000,
      combustible: 310_000,
      servicios: 0,
      multas: 350_000,
    });
    const empty = (
      await send('GET', P.costs, id, w.ana, undefined, undefined, '?desde=2020-01-01&hasta=2020-12-31')
    ).json();
    expect(empty).toEqual({
      total: 0,
      por_categoria: { mantenimiento: 0, combustible: 0, servicios: 0, multas: 0 },
      costo_por_km: null,
    });
  });

  it.each([
    '?desde=2026-11-30&hasta=2026-11-01',
    '?desde=01-11-2026',
    '?hasta=2026-13-01',
    '?desde=2000-01-01&hasta=2026-01-01',
  ])('refuses %s with a 400', async (query) => {
    const res = await send('GET', P.costs, id, w.ana, undefined, undefined, query);
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('GET vehicle/{id}/costos/mensual/ and costos.xlsx', () => {
  it('answers twelve months ending this month, by category', async () => {
    const res = await send('GET', P.monthly, id, w.ana);
    expect(res.statusCode, res.body).toBe(200);
    const { meses } = monthlyCostsSchema.parse(res.json());
    expect(meses.map((m) => m.mes)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(meses[10]).toMatchObject({ mes: '2026-10', mantenimiento: 100_000, total: 100_000 });
    expect(meses[11]).toMatchObject({ mantenimiento: 180_000, combustible: 310_000, multas: 350_000 });
    expect((await send('GET', P.monthly, id, w.ana, undefined, undefined, '?hasta=2026-13')).statusCode).toBe(
      400,
    );
  });

  it('exports the period as an .xlsx with real date cells', async () => {
    const res = await send(
      'GET',
      P.costsXlsx,
      id,
      w.ana,
      undefined,
      undefined,
      '?desde=2026-10-01&hasta=2026-11-30',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const services = wb.getWorksheet('Mantenimiento');
    expect(services?.rowCount).toBe(3);
    const date = services?.getRow(2).getCell(1);
    expect(date?.value).toBeInstanceOf(Date);
    expect((date?.value as Date).toISOString().slice(0, 10)).toBe('2026-11-01');
    expect(date?.numFmt).toBe('dd-mm-yyyy');
    expect(wb.getWorksheet('Combustible')?.rowCount).toBe(3);
    const summary = wb.getWorksheet('Resumen');
    const values = summary?.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1)] : []));
    expect(values).toContainEqual(['Multas pagadas', 350_000]);
  });
});

describe('POST vehicle/{id}/mantenimientos/{rid}/factura/', () => {
  let recordId: number;
  beforeAll(async () => {
    recordId = ((await send('GET', P.records, id, w.ana)).json() as { id: number }[])[0]?.id ?? 0;
  });
  const upload = (bytes: Buffer, user = w.ana, rid = recordId) => {
    const body = multipart(bytes, { filename: 'factura.png', contentType: 'image/png' });
    return w.t.app.inject({
      method: 'POST',
      url: `/api/togo/vehicle/${id}/mantenimientos/${rid}/factura/`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('stores a photo re-encoded, and the list links it through a signed URL', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().file_url as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png\?exp=\d+&sig=/);
    const listed = (
      (await send('GET', P.records, id, w.ana)).json() as { id: number; factura_url: string }[]
    ).find((r) => r.id === recordId);
    expect(listed?.factura_url).toBe(url);
    const file = await w.t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('takes a PDF, replaces the earlier file, and refuses other types (415), empty (400) and others (404)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await upload(pdf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file_url).toMatch(/\.pdf\?/);
    const [files] = await w.t.database.query<{ n: number }>(
      "select count(*)::int as n from stored_files where purpose = 'maintenance-invoice'",
    );
    expect(files?.n).toBe(1);
    expect((await upload(Buffer.from('<html><script>alert(1)</script></html>'))).statusCode).toBe(415);
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(pdf, w.beto)).statusCode).toBe(404);
    expect((await upload(pdf, w.ana, 999_999)).statusCode).toBe(404);
  });

  it('refuses a file over 5 MB with 413, and deleting the record removes its invoice', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 10, 0x20)]);
    expect((await upload(big)).statusCode).toBe(413);
    expect((await send('DELETE', P.record, id, w.ana, undefined, recordId)).statusCode).toBe(204);
    const [files] = await w.t.database.query<{ n: number }>(
      "select count(*)::int as n from stored_files where purpose = 'maintenance-invoice'",
    );
    expect(files?.n).toBe(0);
  });
});
