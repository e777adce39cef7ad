import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OperatorPicoPlacaReport,
  PicoPlacaReport,
  PicoPlacaReportCreated,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { notificationPreferences, notifications, picoPlacaReports, vehicles } from '../../db/schema.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  auditCount,
  createDriver,
  createStaff,
  type TestDriver,
  type TestStaff,
} from '../operator/operator.test-support.ts';

let t: TestContext;
let ana: TestDriver;
let beto: TestDriver;
let contenido: TestStaff;
let soporte: TestStaff;
let anaCar: number;
let anaNoCity: number;

async function vehicle(userId: number, placa: string, cityId: number | null) {
  const [row] = await t.database.db
    .insert(vehicles)
    .values({
      userId,
      placa,
      documentoPropietario: '1020304050',
      tipoDocumentoPropietario: 1,
      departmentId: cityId === null ? null : Math.floor(cityId / 1000),
      cityId,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error('no vehicle');
  return row.id;
}

const report = (payload: unknown, headers: Record<string, string> | undefined = ana.headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/togo/pico-placa/reportes/',
    payload: payload as object,
    headers,
  });

const reportCount = async () => (await t.database.db.select().from(picoPlacaReports)).length;

beforeAll(async () => {
  t = await createTestApp();
  // Tuesday 24 November 2026, 10:00 in Bogotá: outside the default quiet hours.
  t.clock.set('2026-11-24T15:00:00Z');
  ana = await createDriver(t);
  beto = await createDriver(t, '3009876543');
  contenido = await createStaff(t, 'contenido');
  soporte = await createStaff(t, 'soporte');
  anaCar = await vehicle(ana.id, 'ABC123', 11001);
  anaNoCity = await vehicle(ana.id, 'XYZ987', null);
  // Ana wants pico y placa notices (off by default, decision 041): the resolution reaches her email too.
  await t.database.db.insert(notificationPreferences).values({ userId: ana.id, picoPlaca: true });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/togo/pico-placa/reportes/ (decision 104)', () => {
  it('stores the report with the city, digit, vehicle type, note and what TOGO answered', async () => {
    const res = await report({ id_garaje: anaCar, fecha: '2026-11-24', nota: '  Hoy no aplica en Bogotá  ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<PicoPlacaReportCreated>();
    expect(body).toMatchObject({
      id_garaje: anaCar,
      fecha: '2026-11-24',
      ciudad: 'Bogotá',
      digito: 3,
      tipo_vehiculo: 'particular',
      nota: 'Hoy no aplica en Bogotá',
      estado: 'abierto',
      respuesta: null,
      resuelto_el: null,
      duplicado: false,
    });
    const [row] = await t.database.db.select().from(picoPlacaReports).where(eq(picoPlacaReports.id, body.id));
    const said = await t.app.inject({
      method: 'GET',
      url: `/api/togo/pico-placa/?id_garaje=${anaCar}&fecha=2026-11-24`,
      headers: ana.headers,
    });
    const answer = said.json<{ status: string; certeza: string; mensaje: string; digitos: number[] }>();
    expect(row?.daneCode).toBe('11001');
    expect(row?.answer).toMatchObject({
      status: answer.status,
      certeza: answer.certeza,
      mensaje: answer.mensaje,
      digitos: answer.digitos,
      version: 0,
    });
  });

  it('the same report again the same day is the same report (200, duplicado), not a second row', async () => {
    const before = await reportCount();
    const res = await report({ id_garaje: anaCar, fecha: '2026-11-24' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PicoPlacaReportCreated>()).toMatchObject({
      duplicado: true,
      nota: 'Hoy no aplica en Bogotá',
    });
    expect(await reportCount()).toBe(before);
  });

  it('two identical reports at once store one row (the unique index decides)', async () => {
    const before = await reportCount();
    const [a, b] = await Promise.all([
      report({ id_garaje: anaCar, fecha: '2026-11-25' }),
      report({ id_garaje: anaCar, fecha: '2026-11-25' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<PicoPlacaReport>().id).toBe(b.json<PicoPlacaReport>().id);
    expect(await reportCount()).toBe(before + 1);
  });

  it('refuses bad input with a Spanish 400 and stores nothing', async () => {
    const before = await reportCount();
    const cases: [unknown, string, string][] = [
      [{ id_garaje: anaCar, fecha: '2026-02-30' }, 'fecha', 'Fecha inválida'],
      [{ id_garaje: anaCar, fecha: '24/11/2026' }, 'fecha', 'Fecha inválida'],
      [{ id_garaje: anaCar, fecha: '2026-11-24', nota: 'x'.repeat(501) }, 'nota', 'máximo 500'],
      [{ id_garaje: anaCar, fecha: '2026-11-24', nota: 5 }, 'nota', 'texto'],
      [{ id_garaje: 'uno', fecha: '2026-11-24' }, 'id_garaje', 'vehículo'],
      [{ id_garaje: anaCar }, 'fecha', 'obligatorio'],
      [{ id_garaje: anaCar, fecha: '2026-09-01' }, 'fecha', 'últimos 31 días'],
      [{ id_garaje: anaCar, fecha: '2027-01-30' }, 'fecha', 'próximos 31'],
      [{ id_garaje: anaNoCity, fecha: '2026-11-24' }, 'id_garaje', 'ciudad registrada'],
    ];
    for (const [payload, field, text] of cases) {
      const res = await report(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json<Record<string, unknown>>()[field])).toContain(text);
    }
    const extra = await report({ id_garaje: anaCar, fecha: '2026-11-24', placa: 'ABC123' });
    expect(extra.statusCode).toBe(400);
    expect(await reportCount()).toBe(before);
  });

  it('a note of exactly 500 characters after trimming is accepted', async () => {
    const res = await report({ id_garaje: anaCar, fecha: '2026-11-20', nota: ` ${'a'.repeat(500)} ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PicoPlacaReport>().nota).toHaveLength(500);
  });

  it('401 without a session (before validation), 404 for another driver’s vehicle', async () => {
    const before = await reportCount();
    expect((await report({ id_garaje: 'x' }, {})).statusCode).toBe(401);
    expect((await report({ id_garaje: anaCar, fecha: '2026-11-24' }, beto.headers)).statusCode).toBe(404);
    expect(await reportCount()).toBe(before);
  });

  it('the driver lists their reports of a vehicle; another driver cannot', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/togo/pico-placa/reportes/?id_garaje=${anaCar}`,
      headers: ana.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<PicoPlacaReport[]>().map((r) => r.fecha)).toEqual([
      '2026-11-20',
      '2026-11-25',
      '2026-11-24',
    ]);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/togo/pico-placa/reportes/?id_garaje=${anaCar}`,
      headers: beto.headers,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('Console: the reports in "Por revisar" (decision 104)', () => {
  const list = (staff: TestStaff, estado = 'abierto') =>
    t.app.inject({
      method: 'GET',
      url: `/api/operador/pico-placa/reportes/?estado=${estado}`,
      headers: staff.headers,
    });
  const resolve = (staff: TestStaff | null, id: number | string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operador/pico-placa/reportes/${id}/resolver/`,
      payload,
      headers: staff?.headers ?? {},
    });

  it('lists open reports, oldest first, with what TOGO said and no driver identity', async () => {
    const res = await list(soporte);
    expect(res.statusCode).toBe(200);
    const rows = res.json<OperatorPicoPlacaReport[]>();
    expect(rows.map((r) => r.fecha)).toEqual(['2026-11-24', '2026-11-25', '2026-11-20']);
    expect(rows[0]).toMatchObject({
      dane: '11001',
      ciudad: 'Bogotá',
      digito: 3,
      tipo_vehiculo: 'particular',
      nota: 'Hoy no aplica en Bogotá',
      estado: 'abierto',
      dijo: { status: expect.any(String), certeza: expect.any(String), version: 0 },
    });
    expect(res.body).not.toContain(ana.email);
  });

  it('401 without a staff session; 403 for a role that may not edit pico y placa; nothing changes', async () => {
    const [first] = (await list(soporte)).json<OperatorPicoPlacaReport[]>();
    const audits = await auditCount(t);
    expect((await resolve(null, first!.id, {})).statusCode).toBe(401);
    expect((await resolve(soporte, first!.id, {})).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/operador/pico-placa/reportes/' })).statusCode,
    ).toBe(401);
    expect(await auditCount(t)).toBe(audits);
    expect((await list(soporte)).json<OperatorPicoPlacaReport[]>()).toHaveLength(3);
  });

  it('refuses a bad reply (400) and an unknown report (404)', async () => {
    const [first] = (await list(contenido)).json<OperatorPicoPlacaReport[]>();
    const long = await resolve(contenido, first!.id, { respuesta: 'y'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('máximo 500');
    expect((await resolve(contenido, 'abc', {})).statusCode).toBe(404);
    expect((await resolve(contenido, 999_999, {})).statusCode).toBe(404);
  });

  it('resolving: audited, leaves the list, the driver gets a notification and an email, and sees the state', async () => {
    const [first] = (await list(contenido)).json<OperatorPicoPlacaReport[]>();
    const audits = await auditCount(t);
    const res = await resolve(contenido, first!.id, { respuesta: ' Corregimos la regla de Bogotá. ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OperatorPicoPlacaReport>()).toMatchObject({
      estado: 'resuelto',
      respuesta: 'Corregimos la regla de Bogotá.',
      resuelto_por: contenido.email,
    });
    expect(await auditCount(t)).toBe(audits + 1);
    const [audit] = await t.database.query<{ accion: string; objeto: string }>(
      'select accion, objeto from audit_log order by id desc limit 1',
    );
    expect(audit).toEqual({
      accion: 'pico-placa.resolver_reporte',
      objeto: `pico-placa-reporte:${first!.id}`,
    });
    expect((await list(contenido)).json<OperatorPicoPlacaReport[]>().map((r) => r.id)).not.toContain(
      first!.id,
    );
    expect((await list(contenido, 'resuelto')).json<OperatorPicoPlacaReport[]>()[0]?.id).toBe(first!.id);

    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ code: 'PICO_PLACA_REPORTE', vehicleId: anaCar });
    expect(notes[0]?.message).toContain('Corregimos la regla de Bogotá.');
    expect(notes[0]?.deliveredAt).not.toBeNull();
    const mail = (await listOutbox(t.database.db, ana.email))[0];
    expect(mail?.subject).toBe('TOGO: Revisamos tu reporte de pico y placa');
    expect(mail?.body).toContain('Respuesta de TOGO: Corregimos la regla de Bogotá.');

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/togo/pico-placa/reportes/?id_garaje=${anaCar}`,
      headers: ana.headers,
    });
    const resolved = mine.json<PicoPlacaReport[]>().find((r) => r.id === first!.id);
    expect(resolved).toMatchObject({ estado: 'resuelto', respuesta: 'Corregimos la regla de Bogotá.' });
    expect(resolved?.resuelto_el).not.toBeNull();
  });

  it('resolving twice: 409, not audited twice, no second notification', async () => {
    const [first] = (await list(contenido, 'resuelto')).json<OperatorPicoPlacaReport[]>();
    const audits = await auditCount(t);
    const again = await resolve(contenido, first!.id, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Este reporte ya fue resuelto.' });
    expect(await auditCount(t)).toBe(audits);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(notes).toHaveLength(1);
  });

  it('two operators resolving the same report at once: one 200, one 409', async () => {
    const [open] = (await list(contenido)).json<OperatorPicoPlacaReport[]>();
    const [a, b] = await Promise.all([resolve(contenido, open!.id, {}), resolve(contenido, open!.id, {})]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

// Last: its driver's report would otherwise be in the console's list above.
describe('the per-driver limit (decision 104)', () => {
  it('the 11th report within the hour is a 429 with the wait in Spanish; nothing stored', async () => {
    const carla = await createDriver(t, '3001112233');
    const car = await vehicle(carla.id, 'JKL456', 11001);
    for (let i = 0; i < 10; i++) {
      const res = await report({ id_garaje: car, fecha: '2026-11-24' }, carla.headers);
      expect(res.statusCode, res.body).toBe(i === 0 ? 201 : 200);
    }
    const before = await reportCount();
    const refused = await report({ id_garaje: car, fecha: '2026-11-23' }, carla.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Enviaste muchos reportes seguidos\. Intenta de nuevo en /,
    );
    expect(await reportCount()).toBe(before);
  });
});
