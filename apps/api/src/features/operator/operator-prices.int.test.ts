import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, readOptions, tramitesResponseSchema } from '@togo/domain/booking/booking.contract';
import { auditEntrySchema } from '@togo/domain/operator/operator-console.contract';
import { OPERATOR_OPS_PATHS, priceListSchema } from '@togo/domain/operator/operator-ops.contract';
import { seedReferenceData } from '../../db/seed/seed.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  auditCount,
  createDriver,
  createStaff,
  rowVersion,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

let t: TestContext;
let admin: TestStaff;
let ops: TestStaff;
let contenido: TestStaff;
let soporte: TestStaff;
let ana: TestDriver;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T12:00:00Z') });
  admin = await createStaff(t, 'admin');
  ops = await createStaff(t, 'operaciones');
  contenido = await createStaff(t, 'contenido');
  soporte = await createStaff(t, 'soporte');
  ana = await createDriver(t);
});
afterAll(async () => {
  await t?.close();
});

const PRICE_TABLE = { rtm: 'rtm_prices', combos: 'peritaje_combos', tramites: 'tramites' } as const;

/** A price saved with its row's current version (If-Match, decision 096), as the screen that just read it. */
async function put(url: string, payload: unknown, who: TestStaff = ops) {
  const [, kind, key] = /\/precios\/(rtm|combos|tramites)\/([^/]+)\//.exec(url) ?? [];
  const table = PRICE_TABLE[kind as keyof typeof PRICE_TABLE];
  const version = await rowVersion(t, table, decodeURIComponent(key ?? ''));
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { ...who.headers, 'if-match': `"${version}"` },
    payload: payload as object,
  });
}

async function prices(who: TestStaff = soporte) {
  const res = await t.app.inject({ method: 'GET', url: OPERATOR_OPS_PATHS.prices, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return priceListSchema.parse(res.json());
}

async function driverTramitePrice(id: string): Promise<number | undefined> {
  const res = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.tramites,
    headers: ana.headers,
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return readOptions(tramitesResponseSchema.parse(res.json())).find((o) => o.value === id)?.price;
}

describe('GET /api/operador/precios/', () => {
  it('lists RTM prices by vehicle class, peritaje combos and trámites from the seed; every role reads', async () => {
    const list = await prices();
    expect(list.rtm.find((p) => p.clase === 'AUTOMOVIL')).toEqual({
      clase: 'AUTOMOVIL',
      grupo: 'LIVIANOS',
      precio: 378400,
      editado: false,
      version: 0,
    });
    expect(list.combos.find((c) => c.id === 'LIV-GASOLINA-PLATA')).toMatchObject({
      grupo: 'Livianos',
      combustible: 'Gasolina',
      nombre: 'Peritaje Plata Livianos Gasolina',
      precio: 189000,
      editado: false,
    });
    expect(list.tramites[0]).toEqual({
      id: 'TRASPASO',
      nombre: 'Traspaso de propiedad',
      precio: 420000,
      editado: false,
      version: 0,
    });
    for (const who of [admin, ops, contenido]) expect((await prices(who)).rtm.length).toBe(list.rtm.length);
  });
});

describe('PUT /api/operador/precios/{tipo}/{clave}/', () => {
  it('drivers see a new trámite price at once; the change is audited and marked edited', async () => {
    expect(await driverTramitePrice('TRASPASO')).toBe(420000);
    const audits = await auditCount(t);
    const res = await put(OPERATOR_OPS_PATHS.tramitePrice('TRASPASO'), { precio: 450000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'TRASPASO',
      nombre: 'Traspaso de propiedad',
      precio: 450000,
      editado: true,
      version: 1,
    });
    expect(await driverTramitePrice('TRASPASO')).toBe(450000);
    expect(await auditCount(t)).toBe(audits + 1);
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/operador/auditoria/',
      headers: admin.headers,
    });
    const row = auditEntrySchema
      .array()
      .parse(log.json())
      .find((r) => r.accion === 'precio.editar' && r.objeto === 'tramite:TRASPASO');
    expect(row).toMatchObject({ staff: ops.email, antes: { precio: 420000 }, despues: { precio: 450000 } });
  });

  it('edits an RTM class price and a peritaje combo (admin too)', async () => {
    const rtm = await put(OPERATOR_OPS_PATHS.rtmPrice('MOTOCICLETA'), { precio: 230000 }, admin);
    expect(rtm.statusCode).toBe(200);
    expect(rtm.json()).toMatchObject({ clase: 'MOTOCICLETA', precio: 230000, editado: true });
    const combo = await put(OPERATOR_OPS_PATHS.comboPrice('LIV-GASOLINA-PLATA'), { precio: 199000 });
    expect(combo.statusCode).toBe(200);
    const list = await prices();
    expect(list.rtm.find((p) => p.clase === 'MOTOCICLETA')?.precio).toBe(230000);
    expect(list.combos.find((c) => c.id === 'LIV-GASOLINA-PLATA')).toMatchObject({
      precio: 199000,
      editado: true,
    });
    const [row] = await t.database.query<{ precio: number }>(
      `select precio from peritaje_combos where id = 'LIV-GASOLINA-PLATA'`,
    );
    expect(row?.precio).toBe(199000);
  });

  it('a restart’s seed never overwrites a console-edited price, and still refreshes the others', async () => {
    // An unedited row that drifted from the file is put back; the edited ones keep the console's value.
    await t.database.query(`update tramites set precio = 1234 where id = 'DUPLICADO_LICENCIA_TRANSITO'`);
    await seedReferenceData(t.database.db, { force: true });
    const list = await prices();
    expect(list.tramites.find((p) => p.id === 'TRASPASO')?.precio).toBe(450000);
    expect(list.tramites.find((p) => p.id === 'DUPLICADO_LICENCIA_TRANSITO')?.precio).toBe(265000);
    expect(list.rtm.find((p) => p.clase === 'MOTOCICLETA')?.precio).toBe(230000);
    expect(list.combos.find((c) => c.id === 'LIV-GASOLINA-PLATA')?.precio).toBe(199000);
  });

  it('bad input is a 400 naming the field and changes nothing; unknown keys 404', async () => {
    const audits = await auditCount(t);
    const url = OPERATOR_OPS_PATHS.tramitePrice('TRASPASO');
    for (const body of [
      { precio: 0 },
      { precio: -5 },
      { precio: 12.5 },
      { precio: '450000' },
      { precio: 60_000_000 },
      {},
      { precio: 450000, otro: 1 },
    ]) {
      const res = await put(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(Object.keys((await put(url, { precio: 0 })).json())).toEqual(['precio']);
    const broken = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...ops.headers, 'content-type': 'application/json' },
      payload: '{"precio": ',
    });
    expect(broken.statusCode).toBe(400);
    expect((await put(OPERATOR_OPS_PATHS.rtmPrice('NAVE'), { precio: 5000 })).statusCode).toBe(404);
    expect((await put(OPERATOR_OPS_PATHS.comboPrice('NO-EXISTE'), { precio: 5000 })).statusCode).toBe(404);
    expect((await put(OPERATOR_OPS_PATHS.tramitePrice('X'.repeat(61)), { precio: 5000 })).statusCode).toBe(
      404,
    );
    expect(await auditCount(t)).toBe(audits);
    expect(await driverTramitePrice('TRASPASO')).toBe(450000);
  });

  it('contenido and soporte get 403 and change nothing; no token 401', async () => {
    const url = OPERATOR_OPS_PATHS.rtmPrice('AUTOMOVIL');
    for (const who of [contenido, soporte]) {
      const res = await put(url, { precio: 1000 }, who);
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'PUT', url, payload: { precio: 1000 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: OPERATOR_OPS_PATHS.prices })).statusCode).toBe(401);
    expect((await prices()).rtm.find((p) => p.clase === 'AUTOMOVIL')?.precio).toBe(378400);
  });

  it('two staff saving the same price from the same version: one is saved, the other gets 409 (decision 096)', async () => {
    const audits = await auditCount(t);
    const url = OPERATOR_OPS_PATHS.tramitePrice('LEVANTAMIENTO_PRENDA');
    const read = await rowVersion(t, 'tramites', 'LEVANTAMIENTO_PRENDA');
    const send = (precio: number, who: TestStaff) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: { ...who.headers, 'if-match': `"${read}"` },
        payload: { precio },
      });
    const [a, b] = await Promise.all([send(111000, ops), send(222000, admin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const final = (await prices()).tramites.find((p) => p.id === 'LEVANTAMIENTO_PRENDA');
    expect(final).toMatchObject({ precio: a.statusCode === 200 ? 111000 : 222000, version: read + 1 });
    expect(await auditCount(t)).toBe(audits + 1);
  });
});
