import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_PATHS,
  bookingAnswerSchema,
  readOptions,
  tramitesResponseSchema,
} from '@togo/domain/booking/booking.contract';
import { OPERATOR_OPS_PATHS, priceListSchema } from '@togo/domain/operator/operator-ops.contract';
import {
  PRICE_SCHEDULE_MSG,
  PRICE_SCHEDULE_PATHS,
  priceScheduleListSchema,
  priceScheduleSchema,
} from '@togo/domain/operator/price-schedule.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  auditCount,
  createDriver,
  createStaff,
  rowVersion,
  tramitesBooking,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

// Monday 23 Nov 2026, 07:00 in Bogotá.
const clock = new ManualClock('2026-11-23T12:00:00Z');
let t: TestContext;
let ops: TestStaff;
let contenido: TestStaff;
let soporte: TestStaff;
let ana: TestDriver;

async function signIn() {
  ops = await createStaff(t, 'operaciones');
  contenido = await createStaff(t, 'contenido');
  soporte = await createStaff(t, 'soporte');
}

/** Staff sessions end after hours without use: a move of the clock by days signs the staff in again. */
async function at(instant: string) {
  clock.set(instant);
  await signIn();
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  await signIn();
  ana = await createDriver(t);
});
afterAll(async () => {
  await t?.close();
});

const schedule = (payload: unknown, who: TestStaff = ops) =>
  t.app.inject({
    method: 'POST',
    url: PRICE_SCHEDULE_PATHS.list,
    headers: who.headers,
    payload: payload as object,
  });

async function pending(who: TestStaff = soporte) {
  const res = await t.app.inject({ method: 'GET', url: PRICE_SCHEDULE_PATHS.list, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return priceScheduleListSchema.parse(res.json()).results;
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

async function bookingPrice(id: string): Promise<number | undefined> {
  const [row] = await t.database.query<{ precio: number }>(
    'select precio from bookings where id::text = $1',
    [id],
  );
  return row?.precio;
}

async function pendingRows(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    'select count(*)::int as n from price_schedules where applied is null and cancelled is null',
  );
  return row?.n ?? 0;
}

describe('prices scheduled from a date (decision 118)', () => {
  it('refuses bad input, a past or today date, an unknown row and roles without precios.editar; nothing changes', async () => {
    const audits = await auditCount(t);
    const bad = [
      { tipo: 'tramites', clave: 'TRASPASO', precio: 'caro', vigente_desde: '2026-12-01' },
      { tipo: 'otro', clave: 'TRASPASO', precio: 200000, vigente_desde: '2026-12-01' },
      { tipo: 'tramites', clave: 'TRASPASO', precio: 200000, vigente_desde: '2026-02-30' },
      { tipo: 'tramites', clave: 'TRASPASO', precio: 999, vigente_desde: '2026-12-01' },
      { tipo: 'tramites', clave: 'TRASPASO', precio: 200000, vigente_desde: '2026-12-01', extra: 1 },
      { tipo: 'tramites', clave: 'TRA\u0000', precio: 200000, vigente_desde: '2026-12-01' },
    ];
    for (const payload of bad) expect((await schedule(payload)).statusCode).toBe(400);
    const today = await schedule({
      tipo: 'tramites',
      clave: 'TRASPASO',
      precio: 200000,
      vigente_desde: '2026-11-23',
    });
    expect(today.statusCode).toBe(400);
    expect(today.json()).toEqual({ vigente_desde: [PRICE_SCHEDULE_MSG.future] });
    const unknown = await schedule({
      tipo: 'tramites',
      clave: 'NO-EXISTE',
      precio: 200000,
      vigente_desde: '2026-12-01',
    });
    expect(unknown.statusCode).toBe(400);
    const ok = { tipo: 'tramites', clave: 'TRASPASO', precio: 200000, vigente_desde: '2026-12-01' };
    expect((await schedule(ok, contenido)).statusCode).toBe(403);
    expect((await schedule(ok, soporte)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: PRICE_SCHEDULE_PATHS.list, payload: ok })).statusCode,
    ).toBe(401);
    expect(await pendingRows()).toBe(0);
    expect(await auditCount(t)).toBe(audits);
  });

  it('a price scheduled for Wednesday: quotes and bookings made before keep today’s price; from Wednesday 00:00 Bogotá the new one, applied once and audited', async () => {
    const before = await driverTramitePrice('TRASPASO');
    expect(before).toBeGreaterThan(0);
    const version = await rowVersion(t, 'tramites', 'TRASPASO');
    const res = await schedule({
      tipo: 'tramites',
      clave: 'TRASPASO',
      precio: 250000,
      vigente_desde: '2026-11-25',
    });
    expect(res.statusCode).toBe(201);
    const created = priceScheduleSchema.parse(res.json());
    const scheduler = ops.email;
    expect(created).toMatchObject({
      nombre: expect.any(String),
      precio: 250000,
      precio_actual: before,
      estado: 'pendiente',
    });
    expect(await pending()).toEqual([created]);

    // Tuesday 23:59 in Bogotá: still the old price, also for a booking on Thursday (the day it is made counts).
    await at('2026-11-25T04:59:00Z');
    expect(await driverTramitePrice('TRASPASO')).toBe(before);
    const booked = await t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.tramitesBook,
      headers: ana.headers,
      payload: tramitesBooking({ fecha_agenda: '2026-11-26', franja: '10:00 AM' }),
    });
    expect(booked.statusCode).toBe(200);
    const earlyId = bookingAnswerSchema.parse(booked.json()).sessionInfo.parameters.id_agendamiento;
    expect(await bookingPrice(earlyId)).toBe(before);

    // Wednesday 00:00 in Bogotá.
    await at('2026-11-25T05:00:00Z');
    const audits = await auditCount(t);
    expect(await driverTramitePrice('TRASPASO')).toBe(250000);
    expect(await rowVersion(t, 'tramites', 'TRASPASO')).toBe(version + 1);
    expect(await auditCount(t)).toBe(audits + 1);
    const [audit] = await t.database.query<{ accion: string; staff_email: string; objeto: string }>(
      'select accion, staff_email, objeto from audit_log order by id desc limit 1',
    );
    expect(audit).toEqual({
      accion: 'precio.aplicar_programado',
      staff_email: scheduler,
      objeto: 'tramite:TRASPASO',
    });
    // Applied once: more reads change nothing.
    expect(await driverTramitePrice('TRASPASO')).toBe(250000);
    expect(await auditCount(t)).toBe(audits + 1);
    expect(await pending()).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: OPERATOR_OPS_PATHS.prices,
      headers: soporte.headers,
    });
    expect(priceListSchema.parse(list.json()).tramites.find((p) => p.id === 'TRASPASO')?.precio).toBe(250000);
    // The earlier booking keeps the price it was made at.
    expect(await bookingPrice(earlyId)).toBe(before);
  });

  it('a pending change can be cancelled (audited) and then never applies; cancelling again is a 409', async () => {
    await at('2026-11-25T12:00:00Z');
    const created = priceScheduleSchema.parse(
      (
        await schedule({ tipo: 'rtm', clave: 'AUTOMOVIL', precio: 400000, vigente_desde: '2026-11-27' })
      ).json(),
    );
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: PRICE_SCHEDULE_PATHS.one(created.id),
          headers: contenido.headers,
        })
      ).statusCode,
    ).toBe(403);
    const audits = await auditCount(t);
    const cancel = () =>
      t.app.inject({ method: 'DELETE', url: PRICE_SCHEDULE_PATHS.one(created.id), headers: ops.headers });
    expect((await cancel()).statusCode).toBe(204);
    expect(await auditCount(t)).toBe(audits + 1);
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: PRICE_SCHEDULE_MSG.notPending });
    expect(
      (await t.app.inject({ method: 'DELETE', url: PRICE_SCHEDULE_PATHS.one(999999), headers: ops.headers }))
        .statusCode,
    ).toBe(404);
    await at('2026-11-28T12:00:00Z');
    const list = await t.app.inject({
      method: 'GET',
      url: OPERATOR_OPS_PATHS.prices,
      headers: soporte.headers,
    });
    expect(priceListSchema.parse(list.json()).rtm.find((p) => p.clase === 'AUTOMOVIL')?.precio).toBe(378400);
  });

  it('a console edit from a version read before the scheduled change applied is stale (409), nothing written', async () => {
    await at('2026-11-28T12:00:00Z');
    const version = await rowVersion(t, 'rtm_prices', 'MOTOCICLETA');
    await schedule({ tipo: 'rtm', clave: 'MOTOCICLETA', precio: 250000, vigente_desde: '2026-11-29' });
    await at('2026-11-29T12:00:00Z');
    const res = await t.app.inject({
      method: 'PUT',
      url: OPERATOR_OPS_PATHS.rtmPrice('MOTOCICLETA'),
      headers: { ...ops.headers, 'if-match': `"${version}"` },
      payload: { precio: 260000 },
    });
    expect(res.statusCode).toBe(409);
    const list = await t.app.inject({
      method: 'GET',
      url: OPERATOR_OPS_PATHS.prices,
      headers: soporte.headers,
    });
    expect(priceListSchema.parse(list.json()).rtm.find((p) => p.clase === 'MOTOCICLETA')?.precio).toBe(
      250000,
    );
  });
});
