import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingAnswerSchema } from '@togo/domain/booking/booking.contract';
import { MY_BOOKINGS_PATHS } from '@togo/domain/booking/my-bookings.contract';
import { OPERATOR_MSG, staffMemberSchema } from '@togo/domain/operator/operator-auth.contract';
import { agendaEntrySchema } from '@togo/domain/operator/operator-console.contract';
import {
  auditCount,
  createStaff,
  OPS_TUESDAY as TUESDAY,
  operatorTestBed,
  tramitesBooking,
  type TestStaff,
} from './operator.test-support.ts';

/**
 * Booking state changes and staff changes carry the version they read (issue 35, finding 10; decision 096): the
 * agenda and the staff list answer `version`; POST …/estado/ and PATCH /staff/{id}/ need If-Match. A driver's
 * change (here a reschedule) also moves the booking's version. On PostgreSQL (DATABASE_URL) the two concurrent
 * saves really race; on PGlite they are serialised and the same holds.
 */
const bed = operatorTestBed();

const withIfMatch = (who: TestStaff, ifMatch: string | null) => ({
  ...who.headers,
  ...(ifMatch === null ? {} : { 'if-match': ifMatch }),
});

const setState = (id: string, ifMatch: string | null, estado = 'atendido', who = bed.staff.operaciones) =>
  bed.t.app.inject({
    method: 'POST',
    url: `/api/operador/agendamientos/${id}/estado/`,
    headers: withIfMatch(who, ifMatch),
    payload: { estado, ...(estado === 'cancelado' ? { motivo: 'Prueba de versiones' } : {}) },
  });

/** OPS_NOW's day: check-in is open on the booking's day only (decision 114). */
const MONDAY = '2026-11-23';

async function book(franja: string, placa: string, fecha = TUESDAY): Promise<string> {
  const res = await bed.t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.tramitesBook,
    headers: bed.driver.headers,
    payload: tramitesBooking({ franja, placa, fecha_agenda: fecha }),
  });
  expect(res.statusCode).toBe(200);
  return bookingAnswerSchema.parse(res.json()).sessionInfo.parameters.id_agendamiento;
}

async function agendaRow(id: string, fecha = TUESDAY) {
  const res = await bed.send(
    'GET',
    `/api/operador/agenda/?sede=TRA-BOG-01&fecha=${fecha}`,
    bed.staff.soporte,
  );
  expect(res.statusCode).toBe(200);
  return agendaEntrySchema
    .array()
    .parse(res.json())
    .find((e) => e.id === id);
}

describe('booking state changes carry the booking’s version', () => {
  it('the agenda answers it; a fresh change answers 200 and version + 1; a stale one 409, not a transition error', async () => {
    const id = await book('8:00 AM', 'VER100', MONDAY);
    expect((await agendaRow(id, MONDAY))?.version).toBe(0);
    const saved = await setState(id, '"0"');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ estado: 'atendido', version: 1 });
    expect(await agendaRow(id, MONDAY)).toMatchObject({ estado: 'atendido', version: 1 });
    // A second tab still showing version 0 is told someone saved first (not "invalid transition").
    const audits = await auditCount(bed.t);
    const stale = await setState(id, '"0"', 'no_asistio', bed.staff.admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: OPERATOR_MSG.staleVersion });
    expect(await auditCount(bed.t)).toBe(audits);
  });

  it('missing → 428, malformed → 400: nothing written, nothing audited; unknown booking 404', async () => {
    const id = await book('9:00 AM', 'VER200');
    const audits = await auditCount(bed.t);
    const missing = await setState(id, null, 'cancelado');
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toEqual({ detail: OPERATOR_MSG.versionRequired });
    expect((await setState(id, 'cero', 'cancelado')).statusCode).toBe(400);
    expect(await agendaRow(id)).toMatchObject({ estado: 'confirmada', version: 0 });
    expect(await auditCount(bed.t)).toBe(audits);
    expect((await setState('00000000-0000-4000-8000-000000000000', '"0"')).statusCode).toBe(404);
  });

  it('a booking its driver rescheduled after the agenda was read: the change is a 409 and writes nothing', async () => {
    const id = await book('10:00 AM', 'VER300');
    const read = await agendaRow(id);
    const moved = await bed.t.app.inject({
      method: 'POST',
      url: MY_BOOKINGS_PATHS.reschedule(id),
      headers: bed.driver.headers,
      payload: { fecha_agenda: TUESDAY, franja: '3:00 PM' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await agendaRow(id))?.version).toBe((read?.version ?? 0) + 1);
    const stale = await setState(id, `"${read?.version}"`, 'cancelado');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: OPERATOR_MSG.staleVersion });
    expect(await agendaRow(id)).toMatchObject({ estado: 'confirmada', hora: '15:00' });
  });

  it('two staff changing the same booking from the same version at once: one 200, one 409', async () => {
    const id = await book('11:00 AM', 'VER400', MONDAY);
    const [a, b] = await Promise.all([
      setState(id, '"0"', 'atendido'),
      setState(id, '"0"', 'cancelado', bed.staff.admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await agendaRow(id, MONDAY)).toMatchObject({
      estado: a.statusCode === 200 ? 'atendido' : 'cancelada',
      version: 1,
    });
  });
});

describe('staff changes carry the member’s version', () => {
  let member: TestStaff;
  beforeAll(async () => {
    member = await createStaff(bed.t, 'soporte');
  });

  async function listed(id: number) {
    const res = await bed.send('GET', '/api/operador/staff/', bed.staff.admin);
    expect(res.statusCode).toBe(200);
    const found = staffMemberSchema
      .array()
      .parse(res.json())
      .find((m) => m.id === id);
    if (!found) throw new Error(`staff ${id} not listed`);
    return found;
  }

  const update = (ifMatch: string | null, payload: object, who = bed.staff.admin) =>
    bed.t.app.inject({
      method: 'PATCH',
      url: `/api/operador/staff/${member.id}/`,
      headers: withIfMatch(who, ifMatch),
      payload,
    });

  it('the list answers it; fresh → 200 and version + 1; stale → 409, missing → 428, malformed → 400', async () => {
    const read = await listed(member.id);
    expect(read.version).toBe(0);
    const saved = await update('"0"', { rol: 'contenido' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ rol: 'contenido', version: 1 });
    const audits = await auditCount(bed.t);
    const stale = await update('"0"', { activo: false });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: OPERATOR_MSG.staleVersion });
    const missing = await update(null, { activo: false });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toEqual({ detail: OPERATOR_MSG.versionRequired });
    expect((await update('W/"x"', { activo: false })).statusCode).toBe(400);
    expect(await listed(member.id)).toEqual({ ...read, rol: 'contenido', version: 1 });
    expect(await auditCount(bed.t)).toBe(audits);
    // The stale deactivation revoked nothing: the member's session still works.
    expect((await bed.send('GET', '/api/operador/yo/', member)).statusCode).toBe(200);
  });

  it('two admins changing the same member from the same version at once: one 200, one 409', async () => {
    const other = await createStaff(bed.t, 'admin');
    const read = await listed(member.id);
    const [a, b] = await Promise.all([
      update(`"${read.version}"`, { rol: 'operaciones' }),
      update(`"${read.version}"`, { rol: 'soporte' }, other),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await listed(member.id)).toMatchObject({
      rol: a.statusCode === 200 ? 'operaciones' : 'soporte',
      version: read.version + 1,
    });
  });
});
