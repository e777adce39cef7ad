import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_COMPLIANCE_PATHS,
  FLEET_COMPLIANCE_XLSX_COLUMNS,
  FLEET_FINES_XLSX_COLUMNS,
  fleetComplianceSchema,
  type FleetCompliance,
} from '@togo/domain/fleet/fleet-compliance.contract';
import { evaluatePicoPlacaDay } from '@togo/domain/pico-placa/pico-placa.engine';
import { picoPlacaVehicleType } from '@togo/domain/pico-placa/pico-placa.message';
import { loadPicoPlacaData } from '@togo/domain/pico-placa/pico-placa.test-data';
import { eq } from 'drizzle-orm';
import { providerSnapshots, users, vehicles } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { XLSX_HEADER_ROW as H } from './fleet-compliance.workbook.ts';
import { createCompanyUser } from './fleet.test-support.ts';

let t: TestContext;
let company: TestUser;

const BOGOTA = 11001;
const MEDELLIN = 5001;
const CALI = 76001;
const DANE: Record<number, string> = { [BOGOTA]: '11001', [MEDELLIN]: '05001', [CALI]: '76001' };

/** Plates and dates from the pico y placa engine's test cases (shared/data/pico-y-placa.json). */
const CASES: { placa: string; city: number; date: string; restricted: boolean }[] = [
  { placa: 'XYZ125', city: BOGOTA, date: '2026-01-20', restricted: true }, // even date → 1-5
  { placa: 'XYZ126', city: BOGOTA, date: '2026-01-20', restricted: false },
  { placa: 'ABC12D', city: BOGOTA, date: '2026-01-20', restricted: false }, // no pico y placa for motos
  { placa: 'ABC129', city: MEDELLIN, date: '2025-09-22', restricted: true }, // Mon: 6 y 9
  { placa: 'ABC65D', city: MEDELLIN, date: '2025-09-22', restricted: true }, // motos by first digit 6
  { placa: 'ABC16D', city: MEDELLIN, date: '2025-09-22', restricted: false }, // first digit 1
  { placa: 'ABC125', city: CALI, date: '2026-02-11', restricted: true }, // Wed: 5 y 6
  { placa: 'ABC128', city: CALI, date: '2026-02-11', restricted: false },
];

async function addVehicle(placa: string, cityId: number): Promise<number> {
  const [row] = await t.database.db
    .insert(vehicles)
    .values({
      userId: company.id,
      placa,
      documentoPropietario: '900123456',
      tipoDocumentoPropietario: 5,
      departmentId: Math.floor(cityId / 1000),
      cityId,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error('no vehicle');
  return row.id;
}

async function snapshot(vehicleId: number, kind: 'registry' | 'fines', data: unknown) {
  await t.database.db
    .insert(providerSnapshots)
    .values({ vehicleId, kind, provider: 'demo', status: 'ok', data });
}

const fine = (total: number, estado: string) => ({
  numero: String(total),
  estado,
  total,
  fecha_infraccion: '2025-12-01',
  infractor: total === 70_000 ? '=HYPERLINK("http://x")' : 'JUAN PÉREZ',
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-01-20T15:00:00Z');
  company = await createCompanyUser(t);
  await t.database.db
    .update(users)
    .set({ razonSocial: 'Transportes Álamo S.A.S.', nit: '890903938-8' })
    .where(eq(users.id, company.id));
  const ids = new Map<string, number>();
  for (const c of CASES) ids.set(c.placa, await addVehicle(c.placa, c.city));
  // XYZ125: valid SOAT, no RTM yet (new vehicle), four owed fines (two vigente, one in cobro coactivo, one under a
  // payment agreement) and a paid one.
  await snapshot(ids.get('XYZ125') ?? 0, 'registry', {
    soat: { fecha_vencimiento: '2026-12-31' },
    rtm: null,
  });
  await snapshot(ids.get('XYZ125') ?? 0, 'fines', {
    comparendos_vehiculo: [
      fine(100_000, 'vigente'),
      fine(50_000, 'vigente'),
      fine(70_000, 'pagado'),
      fine(30_000, 'en cobro coactivo'),
      fine(20_000, 'acuerdo de pago'),
    ],
    comparendos_persona: [],
  });
  // XYZ126: SOAT expired on 10 Jan 2026.
  await snapshot(ids.get('XYZ126') ?? 0, 'registry', {
    soat: { fecha_vencimiento: '2026-01-10' },
    rtm: { fecha_vencimiento: '2026-06-01' },
  });
  // ABC12D: RTM due on 5 Feb 2026 (within 30 days of 20 Jan).
  await snapshot(ids.get('ABC12D') ?? 0, 'registry', {
    soat: { fecha_vencimiento: '2026-08-01' },
    rtm: { fecha_vencimiento: '2026-02-05' },
  });
  // ABC129: no SOAT in the registry, RTM expired.
  await snapshot(ids.get('ABC129') ?? 0, 'registry', {
    soat: null,
    rtm: { fecha_vencimiento: '2025-01-01' },
  });
});
afterAll(async () => {
  await t.close();
});

async function grid(query: string): Promise<FleetCompliance> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${FLEET_COMPLIANCE_PATHS.grid}?${query}`,
    headers: company.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return fleetComplianceSchema.parse(res.json());
}

const engine = loadPicoPlacaData().data;
function engineRestricted(placa: string, city: number, date: string): boolean {
  const result = evaluatePicoPlacaDay(
    {
      plate: placa,
      vehicleType: picoPlacaVehicleType(placa),
      municipalityCode: DANE[city] ?? '',
      registrationMunicipalityCode: DANE[city] ?? '',
      date,
    },
    engine,
  );
  return result.status === 'restricted';
}

describe('GET /api/togo/flota/cumplimiento/', () => {
  it('pico y placa in Bogotá, Medellín and Cali matches the engine and its test cases', async () => {
    for (const date of ['2026-01-20', '2025-09-22', '2026-02-11']) {
      const { data } = await grid(`fecha=${date}`);
      expect(data).toHaveLength(CASES.length);
      for (const c of CASES) {
        const row = data.find((r) => r.placa === c.placa);
        const pico = row?.motivos.some((m) => m.startsWith('Pico y placa')) ?? false;
        expect(pico, `${c.placa} ${date}`).toBe(engineRestricted(c.placa, c.city, date));
        if (date === c.date) expect(pico, `${c.placa} ${date} (test case)`).toBe(c.restricted);
      }
    }
  });

  it('gives the reasons with the hours, the document dates and the pending fines', async () => {
    const { data, resumen, fecha } = await grid('fecha=2026-01-20');
    expect(fecha).toBe('2026-01-20');
    const row = (placa: string) => data.find((r) => r.placa === placa);
    expect(row('XYZ125')).toEqual({
      placa: 'XYZ125',
      ciudad: expect.stringContaining('Bogot'),
      puede_circular: false,
      pico_placa: { status: 'restricted', certeza: 'vigente' },
      motivos: [expect.stringMatching(/^Pico y placa en Bogot.* de 06:00 a 21:00$/)],
      soat_vence: '2026-12-31',
      rtm_vence: null,
      multas_pendientes: 4,
      multas_total: 200_000,
      multas_por_estado: [
        { estado: 'Vigente', cantidad: 2, total: 150_000 },
        { estado: 'En cobro coactivo', cantidad: 1, total: 30_000 },
        { estado: 'Acuerdo de pago', cantidad: 1, total: 20_000 },
      ],
    });
    expect(row('XYZ126')).toMatchObject({ puede_circular: false, motivos: ['SOAT vencido el 10-01-2026'] });
    expect(row('ABC12D')).toMatchObject({ puede_circular: true, motivos: [], rtm_vence: '2026-02-05' });
    expect(row('ABC129')?.motivos).toEqual(
      expect.arrayContaining(['Sin SOAT vigente', 'Revisión técnico-mecánica vencida el 01-01-2025']),
    );
    expect(resumen).toEqual({
      vehiculos: CASES.length,
      no_pueden_circular: data.filter((r) => r.puede_circular === false).length,
      sin_informacion: 0,
      vencidos: 2,
      vencen_30: 1,
    });
  });

  it('the summary agrees with the rows on every test date', async () => {
    for (const date of ['2026-01-20', '2025-09-22', '2026-02-11', '2026-01-24', '2026-12-01', '2026-01-02']) {
      const { data, resumen } = await grid(`fecha=${date}`);
      expect(resumen.no_pueden_circular, date).toBe(data.filter((r) => r.puede_circular === false).length);
      expect(resumen.sin_informacion, date).toBe(data.filter((r) => r.puede_circular === null).length);
      for (const r of data) {
        expect(r.pico_placa.status === 'unknown', `${r.placa} ${date}`).toBe(
          r.pico_placa.certeza === 'sin_informacion',
        );
      }
    }
  });

  it('never says "puede circular" where no rule is in force: null unless another reason says no (issue 33)', async () => {
    // 1 Dec 2026: Medellín's and Cali's last rules ended in July and June; Bogotá's open-ended rule was never
    // re-verified (por confirmar).
    const { data, resumen } = await grid('fecha=2026-12-01');
    const row = (placa: string) => data.find((r) => r.placa === placa);
    for (const placa of ['ABC65D', 'ABC16D', 'ABC125', 'ABC128']) {
      expect(row(placa), placa).toMatchObject({
        puede_circular: null,
        pico_placa: { status: 'unknown', certeza: 'sin_informacion' },
        motivos: [],
      });
    }
    // Medellín too, but no SOAT and an expired RTM: that already says no.
    expect(row('ABC129')).toMatchObject({
      puede_circular: false,
      pico_placa: { status: 'unknown', certeza: 'sin_informacion' },
    });
    expect(row('XYZ125')?.pico_placa.certeza).toBe('por_confirmar');
    expect(
      data.filter((r) => r.puede_circular === true).every((r) => r.pico_placa.status !== 'unknown'),
    ).toBe(true);
    expect(resumen).toMatchObject({ vehiculos: CASES.length, sin_informacion: 4 });
  });

  it('paginates by plate when asked; today (Bogotá) by default', async () => {
    const first = await grid('page=1&page_size=3');
    expect(first.fecha).toBe('2026-01-20');
    expect(first.data.map((r) => r.placa)).toEqual(['ABC125', 'ABC128', 'ABC129']);
    expect(first).toMatchObject({ total: 8, page: 1, numero_paginas_totales: 3 });
    const last = await grid('page=3&page_size=3');
    expect(last.data.map((r) => r.placa)).toEqual(['XYZ125', 'XYZ126']);
    expect(last.resumen).toEqual(first.resumen);
  });

  it("pages one state (issue 37: 'Hoy'): those that cannot drive, then the unknown ones, counted", async () => {
    const all = await grid('fecha=2026-12-01');
    const blocked = all.data.filter((r) => r.puede_circular === false).map((r) => r.placa);
    const unknown = all.data.filter((r) => r.puede_circular === null).map((r) => r.placa);
    expect([blocked.length, unknown.length]).toEqual([3, 4]);
    const both = [...blocked, ...unknown];
    const first = await grid('fecha=2026-12-01&estado=atencion&page=1&page_size=2');
    expect(first.data.map((r) => r.placa)).toEqual(both.slice(0, 2));
    expect(first).toMatchObject({ total: 7, page: 1, numero_paginas_totales: 4 });
    expect(first.resumen).toEqual(all.resumen);
    const last = await grid('fecha=2026-12-01&estado=atencion&page=4&page_size=2');
    expect(last.data.map((r) => r.placa)).toEqual(both.slice(6));
    expect((await grid('fecha=2026-12-01&estado=sin_informacion')).data.map((r) => r.placa)).toEqual(unknown);
    expect((await grid('fecha=2026-12-01&estado=no_pueden')).data.map((r) => r.placa)).toEqual(blocked);
  });

  it('answers 400 to a bad date or page size and 404 past the last page', async () => {
    for (const q of [
      'fecha=2026-02-30',
      'fecha=hoy',
      'fecha=2026-1-2',
      'page_size=0',
      'page_size=501',
      'page=-1',
      'estado=todos',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${FLEET_COMPLIANCE_PATHS.grid}?${q}`,
        headers: company.headers,
      });
      expect(res.statusCode, q).toBe(400);
    }
    const past = await t.app.inject({
      method: 'GET',
      url: `${FLEET_COMPLIANCE_PATHS.grid}?page=9&page_size=3`,
      headers: company.headers,
    });
    expect(past.statusCode).toBe(404);
  });
});

describe('GET /api/togo/flota/cumplimiento.xlsx', () => {
  it('is a valid .xlsx with a header row and one row per vehicle', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${FLEET_COMPLIANCE_PATHS.xlsx}?fecha=2026-01-20`,
      headers: company.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Cumplimiento');
    expect(ws?.rowCount).toBe(H + CASES.length);
    // Issue 37: the first row names the company with its NIT, the header follows.
    expect(ws?.getRow(1).getCell(1).value).toBe('Empresa: Transportes Álamo S.A.S. (NIT 890903938-8)');
    expect((ws?.getRow(H).values as unknown[]).slice(1)).toEqual([...FLEET_COMPLIANCE_XLSX_COLUMNS]);
    const { data } = await grid('fecha=2026-01-20');
    data.forEach((r, i) => {
      const values = (ws?.getRow(i + H + 1).values as unknown[]).slice(1);
      expect(values[0]).toBe(r.placa);
      expect(values[2]).toBe(r.puede_circular ? 'Sí' : 'No');
      expect(values[4] ?? '').toBe(r.motivos.join('; '));
      expect(values[7]).toBe(r.multas_pendientes);
      expect(values[8]).toBe(r.multas_total);
      expect(values[9] ?? '').toBe(r.multas_por_estado.map((m) => `${m.estado}: ${m.cantidad}`).join('; '));
      // Issue 37: real date cells with a date format, not text.
      for (const [col, day] of [
        [6, r.soat_vence],
        [7, r.rtm_vence],
      ] as const) {
        const cell = ws?.getRow(i + H + 1).getCell(col);
        if (day === null) expect(cell?.value ?? '').toBe('');
        else {
          expect(cell?.value).toEqual(new Date(`${day}T00:00:00Z`));
          expect(cell?.numFmt).toBe('dd-mm-yyyy');
        }
      }
    });
    expect(data.some((r) => r.soat_vence !== null)).toBe(true);
    const xyz = data.findIndex((r) => r.placa === 'XYZ125');
    expect((ws?.getRow(xyz + H + 1).values as unknown[])[10]).toBe(
      'Vigente: 2; En cobro coactivo: 1; Acuerdo de pago: 1',
    );
    expect((ws?.getRow(xyz + H + 1).values as unknown[])[4]).toBe('Tiene pico y placa');
  });

  it('shows "Sin información" as its own state, never as "Sí" (issue 33)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${FLEET_COMPLIANCE_PATHS.xlsx}?fecha=2026-12-01`,
      headers: company.headers,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Cumplimiento');
    const byPlate = new Map<unknown, unknown[]>();
    ws?.eachRow((r) => byPlate.set((r.values as unknown[])[1], (r.values as unknown[]).slice(1)));
    for (const placa of ['ABC65D', 'ABC16D', 'ABC125', 'ABC128']) {
      expect(byPlate.get(placa)?.slice(2, 4), placa).toEqual(['Sin información', 'Sin información']);
    }
    expect(byPlate.get('ABC129')?.slice(2, 4)).toEqual(['No', 'Sin información']);
  });
});

describe('GET /api/togo/flota/multas.xlsx', () => {
  it('has a header row and one row per fine of the fleet, formula-like text neutralised', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: FLEET_COMPLIANCE_PATHS.finesXlsx,
      headers: company.headers,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Multas');
    expect(ws?.getRow(1).getCell(1).value).toBe('Empresa: Transportes Álamo S.A.S. (NIT 890903938-8)');
    expect((ws?.getRow(H).values as unknown[]).slice(1)).toEqual([...FLEET_FINES_XLSX_COLUMNS]);
    const lines = [1, 2, 3, 4, 5].map((n) => H + n);
    const rows = lines.map((n) => (ws?.getRow(n).values as unknown[]).slice(1));
    expect(ws?.rowCount).toBe(H + 5);
    // Every fine, each state labelled.
    expect(rows.map((r) => [r[0], r[3], r[5]])).toEqual(
      expect.arrayContaining([
        ['XYZ125', 'Vigente', 100_000],
        ['XYZ125', 'Vigente', 50_000],
        ['XYZ125', 'Pagado', 70_000],
        ['XYZ125', 'En cobro coactivo', 30_000],
        ['XYZ125', 'Acuerdo de pago', 20_000],
      ]),
    );
    expect(rows.some((r) => r[6] === '\'=HYPERLINK("http://x")')).toBe(true);
    // Issue 37: the infraction day is a date cell with a date format.
    for (const n of lines) {
      const cell = ws?.getRow(n).getCell(5);
      expect(cell?.value).toBeInstanceOf(Date);
      expect(cell?.numFmt).toBe('dd-mm-yyyy');
    }
  });
});
