import { describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingAnswerSchema } from '@togo/domain/booking/booking.contract';
import { closureAnswerSchema } from '@togo/domain/operator/operator-console.contract';
import { divipolaListSchema, operatorBranchSchema } from '@togo/domain/operator/operator-ops.contract';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import {
  auditCount,
  operatorTestBed,
  rowVersion,
  tramitesBooking,
  type TestStaff,
} from './operator.test-support.ts';

/** Issue 38: a branch's name, address, phone and municipality edited; closures over a range of days. */
const bed = operatorTestBed();
const BRANCH = 'TRA-BOG-01';

const branchRow = async (id = BRANCH) =>
  (
    await bed.t.database.query<Record<string, unknown>>(
      'select nombre, direccion, telefono, city_id, version from booking_branches where id = $1',
      [id],
    )
  )[0];

const lastAudit = async () =>
  (
    await bed.t.database.query<{ accion: string; objeto: string; antes: unknown; despues: unknown }>(
      'select accion, objeto, antes, despues from audit_log order by id desc limit 1',
    )
  )[0];

const patch = async (payload: unknown, staff: TestStaff = bed.staff.operaciones, version?: number) =>
  bed.send(
    'PATCH',
    `/api/operador/sedes/${BRANCH}/`,
    staff,
    payload,
    version ?? (await rowVersion(bed.t, 'booking_branches', BRANCH)),
  );

describe('PATCH /api/operador/sedes/{id}/: name, address, phone and municipality', () => {
  it('edits them, audited with before and after; the drivers see the branch in its new city', async () => {
    const before = await branchRow();
    const version = await rowVersion(bed.t, 'booking_branches', BRANCH);
    const res = await patch({
      nombre: 'Trámites Chapinero',
      direccion: 'Calle 60 # 9-20',
      telefono: '601 555 1234',
      ciudad: '05001',
    });
    expect(res.statusCode).toBe(200);
    const saved = operatorBranchSchema.parse(res.json());
    expect(saved).toMatchObject({
      nombre: 'Trámites Chapinero',
      direccion: 'Calle 60 # 9-20',
      telefono: '601 555 1234',
      ciudad: '05001',
      ciudad_nombre: 'Medellín',
      version: version + 1,
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ accion: 'sede.editar', objeto: `sede:${BRANCH}` });
    expect(audit?.antes).toMatchObject({ nombre: before?.nombre, ciudad: '11001' });
    expect(audit?.despues).toMatchObject({ nombre: 'Trámites Chapinero', ciudad: '05001' });
    expect((await bed.bogotaBranches()).map((b) => b.id)).not.toContain(BRANCH);

    const back = await patch({ ciudad: '11001', nombre: String(before?.nombre) });
    expect(back.statusCode).toBe(200);
    expect((await bed.bogotaBranches()).map((b) => b.id)).toContain(BRANCH);
  });

  it('a stale version is a 409 and changes nothing; other roles get 403', async () => {
    const version = await rowVersion(bed.t, 'booking_branches', BRANCH);
    expect((await patch({ nombre: 'Primera' })).statusCode).toBe(200);
    const row = await branchRow();
    const audits = await auditCount(bed.t);
    const stale = await patch({ nombre: 'Segunda' }, bed.staff.operaciones, version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: expect.stringContaining('Otra persona guardó cambios') });
    for (const rol of ['contenido', 'soporte'] as const) {
      expect((await patch({ nombre: 'Sin permiso' }, bed.staff[rol])).statusCode).toBe(403);
    }
    expect(await branchRow()).toEqual(row);
    expect(await auditCount(bed.t)).toBe(audits);
  });

  it('bad input is a 400 at its field, in Spanish, and changes nothing', async () => {
    const row = await branchRow();
    const audits = await auditCount(bed.t);
    const cases: [unknown, string, string][] = [
      [{ ciudad: '99999' }, 'ciudad', 'No es un municipio de Colombia (DIVIPOLA).'],
      [{ ciudad: 'Bogotá' }, 'ciudad', 'Elige el municipio de la lista.'],
      [{ nombre: '   ' }, 'nombre', 'Este campo es requerido.'],
      [{ telefono: '123' }, 'telefono', 'Mínimo 7 caracteres.'],
      [{ direccion: 'x'.repeat(301) }, 'direccion', 'Máximo 300 caracteres.'],
      [{ nombre: 5 }, 'nombre', 'Este campo es requerido.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ [field]: [message] });
    }
    expect(await branchRow()).toEqual(row);
    expect(await auditCount(bed.t)).toBe(audits);
  });
});

describe('GET /api/operador/divipola/…', () => {
  it('lists the departments, then a department’s municipalities; an unknown department is a 404', async () => {
    const deps = await bed.send('GET', '/api/operador/divipola/departamentos/', bed.staff.soporte);
    expect(deps.statusCode).toBe(200);
    const list = divipolaListSchema.parse(deps.json());
    expect(list).toContainEqual({ id: 5, nombre: 'Antioquia' });
    expect(list.length).toBeGreaterThanOrEqual(33);
    const towns = await bed.send(
      'GET',
      '/api/operador/divipola/departamentos/5/municipios/',
      bed.staff.operaciones,
    );
    expect(divipolaListSchema.parse(towns.json())).toContainEqual({ id: 5001, nombre: 'Medellín' });
    const none = await bed.send(
      'GET',
      '/api/operador/divipola/departamentos/2/municipios/',
      bed.staff.operaciones,
    );
    expect(none.statusCode).toBe(404);
    const bad = await bed.send(
      'GET',
      '/api/operador/divipola/departamentos/abc/municipios/',
      bed.staff.operaciones,
    );
    expect(bad.statusCode).toBe(400);
  });
});

const close = (payload: unknown, staff: TestStaff = bed.staff.operaciones) =>
  bed.send('POST', `/api/operador/sedes/${BRANCH}/cierres/`, staff, payload);

async function book(fecha: string, placa: string, correo: string) {
  const res = await bed.t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.tramitesBook,
    headers: bed.driver.headers,
    payload: tramitesBooking({ fecha_agenda: fecha, franja: '9:00 AM', placa, correo }),
  });
  expect(res.statusCode).toBe(200);
  return bookingAnswerSchema.parse(res.json()).sessionInfo.parameters.id_agendamiento;
}

const closedDays = async () =>
  (
    await bed.t.database.query<{ fecha: string }>(
      'select fecha::text as fecha from branch_closures where branch_id = $1 order by fecha',
      [BRANCH],
    )
  ).map((r) => r.fecha);

describe('POST /api/operador/sedes/{id}/cierres/ with a range', () => {
  it('closes every day from–to: each day’s bookings affected and their drivers told, as for one day', async () => {
    const monday = await book('2026-11-30', 'RNG001', 'rango.lunes@correo.com');
    const wednesday = await book('2026-12-02', 'RNG002', 'rango.miercoles@correo.com');
    const audits = await auditCount(bed.t);
    const res = await close({ fecha: '2026-11-30', hasta: '2026-12-02', motivo: 'Obras en la vía' });
    expect(res.statusCode).toBe(201);
    const answer = closureAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({
      fecha: '2026-11-30',
      hasta: '2026-12-02',
      cerrados: ['2026-11-30', '2026-12-01', '2026-12-02'],
      ya_cerrados: [],
    });
    expect(answer.por_reprogramar.map((b) => [b.id, b.fecha])).toEqual([
      [monday, '2026-11-30'],
      [wednesday, '2026-12-02'],
    ]);
    expect(await auditCount(bed.t)).toBe(audits + 1);
    const states = await bed.t.database.query<{ estado: string }>(
      'select estado from bookings where id = any($1::uuid[])',
      [[monday, wednesday]],
    );
    expect(states.map((s) => s.estado)).toEqual(['afectada_cierre', 'afectada_cierre']);
    const [mail] = await listOutbox(bed.t.database.db, 'rango.miercoles@correo.com', 1);
    expect(mail?.subject).toMatch(/^Tu cita en .+ debe reprogramarse$/);
    expect(mail?.body).toContain('02-12-2026');
    expect(mail?.body).toContain('Obras en la vía');
  });

  it('an overlapping range closes only the open days and says which were closed already; no duplicates', async () => {
    const res = await close({ fecha: '2026-12-02', hasta: '2026-12-04', motivo: 'Inventario' });
    expect(res.statusCode).toBe(201);
    expect(closureAnswerSchema.parse(res.json())).toMatchObject({
      cerrados: ['2026-12-03', '2026-12-04'],
      ya_cerrados: ['2026-12-02'],
    });
    expect(await closedDays()).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    const audits = await auditCount(bed.t);
    const again = await close({ fecha: '2026-12-01', hasta: '2026-12-03', motivo: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'La sede ya está cerrada todos esos días.' });
    expect(await auditCount(bed.t)).toBe(audits);
  });

  it('more than 31 days, or an end before the start, is a 400 at `hasta` and closes nothing', async () => {
    const days = await closedDays();
    const long = await close({ fecha: '2027-01-01', hasta: '2027-02-01', motivo: 'Remodelación' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ hasta: ['Un cierre puede cubrir como máximo 31 días.'] });
    const backwards = await close({ fecha: '2027-01-10', hasta: '2027-01-09', motivo: 'Remodelación' });
    expect(backwards.json()).toEqual({ hasta: ['La fecha final no puede ser anterior a la inicial.'] });
    const ok = await close({ fecha: '2027-01-01', hasta: '2027-01-31', motivo: 'Remodelación' });
    expect(ok.statusCode).toBe(201);
    expect(closureAnswerSchema.parse(ok.json()).cerrados).toHaveLength(31);
    expect(await closedDays()).toHaveLength(days.length + 31);
    expect(
      (await close({ fecha: '2027-03-01', hasta: '2027-03-02', motivo: 'x' }, bed.staff.soporte)).statusCode,
    ).toBe(403);
  });
});
