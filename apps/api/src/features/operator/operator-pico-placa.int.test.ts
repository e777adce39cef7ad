import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorPicoPlacaEntrySchema } from '@togo/domain/operator/operator-console.contract';
import { vehicles } from '../../db/schema.ts';
import { seedReferenceData } from '../../db/seed/seed.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  auditCount,
  createDriver,
  createStaff,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

/** Monday 23 Nov 2026, 10:00 in Bogotá: Medellín's last seeded rotation ended on 31 Jul 2026. */
const NOW = '2026-11-23T15:00:00Z';
const TUESDAY = '2026-11-24';
const MEDELLIN = '05001';

let t: TestContext;
let contenido: TestStaff;
let operaciones: TestStaff;
let driver: TestDriver;
let vehicleId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(NOW) });
  contenido = await createStaff(t, 'contenido');
  operaciones = await createStaff(t, 'operaciones');
  driver = await createDriver(t);
  const [row] = await t.database.db
    .insert(vehicles)
    .values({
      userId: driver.id,
      placa: 'ABC123',
      documentoPropietario: '1020304050',
      tipoDocumentoPropietario: 1,
      departmentId: 5,
      cityId: 5001,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error('no vehicle');
  vehicleId = row.id;
});
afterAll(async () => {
  await t?.close();
});

async function driverStatus(fecha = TUESDAY): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/togo/pico-placa/?id_garaje=${vehicleId}&fecha=${fecha}`,
    headers: driver.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { status: string }).status;
}

async function listEntry(dane = MEDELLIN) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/operador/pico-placa/',
    headers: operaciones.headers,
  });
  expect(res.statusCode).toBe(200);
  const list = operatorPicoPlacaEntrySchema.array().parse(res.json());
  return list.find((e) => e.ciudad === dane);
}

async function currentCity(): Promise<Record<string, unknown>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/operador/pico-placa/${MEDELLIN}/`,
    headers: contenido.headers,
  });
  expect(res.statusCode).toBe(200);
  const { version: _version, ...city } = res.json() as Record<string, unknown>;
  return city;
}

/** Medellín with one rotation from 2026-11-01 to `validTo`: Tuesdays restrict 3 and 7. */
async function medellinWithNewRules(validTo: string) {
  const city = await currentCity();
  const days = ['MON', 'TUE', 'WED', 'THU', 'FRI'];
  return {
    ...city,
    rules: [
      {
        id: 'medellin-particulares-2026-s2',
        applies_to: ['particular'],
        valid_from: '2026-11-01',
        valid_to: validTo,
        days,
        time_windows: [{ start: '05:00', end: '20:00' }],
        skip_holidays: true,
        digit: 'last',
        scheme: {
          type: 'weekday_digits',
          map: { MON: [0, 2], TUE: [3, 7], WED: [4, 8], THU: [1, 5], FRI: [6, 9] },
        },
        area: 'Medellín',
        area_scope: 'citywide',
        confidence: 'high',
        sources: ['https://www.medellin.gov.co/'],
      },
    ],
  };
}

const put = (body: unknown, staff: TestStaff = contenido, dane = MEDELLIN) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/operador/pico-placa/${dane}/`,
    headers: staff.headers,
    payload: body as object,
  });

describe('pico y placa rules in the console', () => {
  it('lists every city with its state: Medellín is vencida today, Bogotá is not', async () => {
    expect(await listEntry()).toEqual({
      ciudad: MEDELLIN,
      nombre: expect.any(String),
      vigente_hasta: null,
      estado: 'vencida',
    });
    expect((await listEntry('11001'))?.estado).not.toBe('vencida');
  });

  it('round trip: unknown for the driver, rules replaced, the same date is restricted at once', async () => {
    expect(await driverStatus()).toBe('unknown');
    const audits = await auditCount(t);
    const res = await put(await medellinWithNewRules('2027-01-31'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ciudad: MEDELLIN,
      version: 1,
      estado: 'vigente',
      vigente_hasta: '2027-01-31',
    });
    expect(await driverStatus()).toBe('restricted');
    expect(await driverStatus('2026-11-25')).toBe('not_restricted');
    expect(await listEntry()).toMatchObject({ estado: 'vigente', vigente_hasta: '2027-01-31' });
    expect(await auditCount(t)).toBe(audits + 1);
  });

  it('rules ending within 30 days are por_vencer', async () => {
    expect((await put(await medellinWithNewRules('2026-12-15'))).statusCode).toBe(200);
    expect(await listEntry()).toMatchObject({ estado: 'por_vencer', vigente_hasta: '2026-12-15' });
  });

  it('an invalid body is a 400 naming the field, and nothing changes', async () => {
    const before = await currentCity();
    const audits = await auditCount(t);
    const city = await medellinWithNewRules('2027-01-31');
    const badDays = { ...city, rules: [{ ...(city.rules[0] as object), days: ['LUNES'] }] };
    const res = await put(badDays);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('days');
    const mismatch = await put({ ...city, dane_code: '11001' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toHaveProperty('dane_code');
    expect((await put([1, 2])).statusCode).toBe(400);
    expect(await currentCity()).toEqual(before);
    expect(await auditCount(t)).toBe(audits);
  });

  it('only admin and contenido may edit', async () => {
    const res = await put(await medellinWithNewRules('2027-01-31'), operaciones);
    expect(res.statusCode).toBe(403);
  });

  it('keeps every version and reverts to one (a new version with its data)', async () => {
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/operador/pico-placa/${MEDELLIN}/historial/`,
      headers: contenido.headers,
    });
    expect(history.statusCode).toBe(200);
    expect((history.json() as { version: number }[]).map((v) => v.version)).toEqual([2, 1, 0]);
    const revert = await t.app.inject({
      method: 'POST',
      url: `/api/operador/pico-placa/${MEDELLIN}/revertir/`,
      headers: contenido.headers,
      payload: { version: 0 },
    });
    expect(revert.statusCode).toBe(200);
    expect(revert.json()).toMatchObject({ version: 3, estado: 'vencida' });
    expect(await driverStatus()).toBe('unknown');
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/operador/pico-placa/${MEDELLIN}/revertir/`,
      headers: contenido.headers,
      payload: { version: 99 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a restart (seed run again) never overwrites a city edited in the console', async () => {
    expect((await put(await medellinWithNewRules('2027-01-31'))).statusCode).toBe(200);
    await seedReferenceData(t.database.db, { force: true });
    expect(await driverStatus()).toBe('restricted');
    expect((await listEntry())?.vigente_hasta).toBe('2027-01-31');
  });
});
