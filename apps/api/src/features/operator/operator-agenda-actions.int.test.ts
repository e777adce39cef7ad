import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingAnswerSchema } from '@togo/domain/booking/booking.contract';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import { AGENDA_MSG, AGENDA_PATHS, bulkResultSchema } from '@togo/domain/operator/operator-agenda.contract';
import { agendaEntrySchema } from '@togo/domain/operator/operator-console.contract';
import { loadConfig } from '../../config.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { signedWompiEvent } from '../../integrations/payments/wompi-event.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import { ManualClock } from '../../lib/clock.ts';
import { paymentsFromConfig } from '../../providers.ts';
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

/**
 * The agenda's day rule, undo and bulk actions (issue 38, decision 114): check-in and no-show only from the
 * booking's day in Bogotá, "Deshacer" only that day, each audited with before and after; bulk check-in and bulk
 * cancellation answer per booking (ok / stale / refused), each booking in its own transaction.
 */
/** Monday 23 Nov 2026, 07:00 in Bogotá. */
const NOW = '2026-11-23T12:00:00Z';
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const SECRET = 'agenda-actions-secret-'.padEnd(40, 'x');

let t: TestContext;
let clock: ManualClock;
let payments: SandboxPaymentProvider;
let ops: TestStaff;
let soporte: TestStaff;
let contenido: TestStaff;
let ana: TestDriver;

beforeAll(async () => {
  clock = new ManualClock(NOW);
  payments = paymentsFromConfig(loadConfig({ NODE_ENV: 'test' }), SECRET) as SandboxPaymentProvider;
  t = await createTestApp({ clock, providers: { payments } });
  ops = await createStaff(t, 'operaciones');
  soporte = await createStaff(t, 'soporte');
  contenido = await createStaff(t, 'contenido');
  ana = await createDriver(t, '3101112233');
});
afterAll(async () => {
  await t?.close();
});

async function book(placa: string, fecha: string, franja: string, pagarAhora = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.tramitesBook,
    headers: ana.headers,
    payload: tramitesBooking({
      placa,
      franja,
      fecha_agenda: fecha,
      correo: ana.email,
      ...(pagarAhora ? { metodo_pago: 'pagar_ahora' } : {}),
    }),
  });
  expect(res.statusCode).toBe(200);
  const b = bookingAnswerSchema.parse(res.json()).sessionInfo.parameters;
  if (pagarAhora) {
    const event = signedWompiEvent(
      {
        id: `tx-${b.referencia}`,
        status: 'APPROVED',
        reference: b.referencia,
        amount_in_cents: b.price * 100,
      },
      Math.floor(clock.now().getTime() / 1000),
      payments.eventsSecret,
    );
    const paid = await t.app.inject({ method: 'POST', url: '/api/pagos/webhook/sandbox/', payload: event });
    expect(paid.statusCode).toBe(200);
  }
  return b.id_agendamiento;
}

const post = (url: string, who: TestStaff, payload: object, version?: number) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...(version === undefined ? {} : { 'if-match': `"${version}"` }) },
    payload,
  });

const setState = async (id: string, estado: string, who = ops) =>
  post(`/api/operador/agendamientos/${id}/estado/`, who, { estado }, await rowVersion(t, 'bookings', id));

const undo = async (id: string, who = ops, version?: number) =>
  post(AGENDA_PATHS.undo(id), who, {}, version ?? (await rowVersion(t, 'bookings', id)));

async function estado(id: string): Promise<string> {
  const [row] = await t.database.query<{ estado: string }>('select estado from bookings where id = $1', [id]);
  return row?.estado ?? '';
}

async function auditsOf(id: string) {
  return t.database.query<{ accion: string; antes: unknown; despues: unknown; staff_email: string }>(
    'select accion, antes, despues, staff_email from audit_log where objeto = $1 order by id',
    [`agendamiento:${id}`],
  );
}

describe('check-in and no-show only from the booking’s day (Bogotá)', () => {
  it('a booking for tomorrow: 409 in Spanish for both, nothing written, nothing audited', async () => {
    const id = await book('DIA101', TUESDAY, '9:00 AM');
    const audits = await auditCount(t);
    for (const action of ['atendido', 'no_asistio']) {
      const res = await setState(id, action);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: AGENDA_MSG.notYet });
    }
    expect(await estado(id)).toBe('confirmada');
    expect(await rowVersion(t, 'bookings', id)).toBe(0);
    expect(await auditCount(t)).toBe(audits);
    // Cancelling is not tied to the day.
    expect(
      (
        await post(
          `/api/operador/agendamientos/${id}/estado/`,
          ops,
          { estado: 'cancelado', motivo: 'Prueba' },
          0,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('today’s booking is checked in, audited with before and after', async () => {
    const id = await book('DIA202', MONDAY, '10:00 AM');
    expect((await setState(id, 'atendido')).statusCode).toBe(200);
    expect(await auditsOf(id)).toEqual([
      {
        accion: 'agendamiento.atendido',
        antes: { estado: 'confirmada' },
        despues: { estado: 'atendido', motivo: null },
        staff_email: ops.email,
      },
    ]);
  });
});

describe('Deshacer', () => {
  it('returns a check-in and a no-show to confirmada the same day, audited; the seat stays taken', async () => {
    const id = await book('UND101', MONDAY, '11:00 AM');
    expect((await setState(id, 'atendido')).statusCode).toBe(200);
    const undone = await undo(id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ id, estado: 'confirmada', version: 2 });
    expect((await setState(id, 'no_asistio')).statusCode).toBe(200);
    expect((await undo(id)).statusCode).toBe(200);
    expect(await estado(id)).toBe('confirmada');
    expect((await auditsOf(id)).map((a) => [a.accion, a.antes, a.despues])).toEqual([
      ['agendamiento.atendido', { estado: 'confirmada' }, { estado: 'atendido', motivo: null }],
      ['agendamiento.deshacer', { estado: 'atendido' }, { estado: 'confirmada' }],
      ['agendamiento.no_asistio', { estado: 'confirmada' }, { estado: 'no_asistio', motivo: null }],
      ['agendamiento.deshacer', { estado: 'no_asistio' }, { estado: 'confirmada' }],
    ]);
  });

  it('refuses: nothing to undo (409), a stale version (409), soporte (403), no If-Match (428)', async () => {
    const id = await book('UND202', MONDAY, '12:00 PM');
    const audits = await auditCount(t);
    const nothing = await undo(id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ detail: AGENDA_MSG.undoNothing });
    expect((await setState(id, 'atendido')).statusCode).toBe(200);
    const stale = await undo(id, ops, 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: OPERATOR_MSG.staleVersion });
    expect((await undo(id, soporte)).statusCode).toBe(403);
    expect((await post(AGENDA_PATHS.undo(id), ops, {})).statusCode).toBe(428);
    expect(await estado(id)).toBe('atendido');
    expect(await auditCount(t)).toBe(audits + 1);
  });
});

describe('bulk check-in', () => {
  it('answers per booking: ok, stale (changed since), refused (another day, unknown); only the ok ones are written', async () => {
    const a = await book('LOT101', MONDAY, '1:00 PM');
    const b = await book('LOT202', MONDAY, '1:00 PM');
    const c = await book('LOT303', MONDAY, '2:00 PM');
    const tomorrow = await book('LOT404', TUESDAY, '2:00 PM');
    // b was marked and undone by someone else after the agenda was read: its version moved on.
    expect((await setState(b, 'no_asistio')).statusCode).toBe(200);
    expect((await undo(b)).statusCode).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const audits = await auditCount(t);
    const res = await post(AGENDA_PATHS.bulkCheckIn, ops, {
      items: [
        { id: a, version: 0 },
        { id: b, version: 0 },
        { id: c, version: 0 },
        { id: tomorrow, version: 0 },
        { id: unknown, version: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(bulkResultSchema.parse(res.json()).resultados).toEqual([
      { id: a, resultado: 'ok', detalle: null, estado: 'atendido', version: 1 },
      { id: b, resultado: 'stale', detalle: OPERATOR_MSG.staleVersion, estado: null, version: null },
      { id: c, resultado: 'ok', detalle: null, estado: 'atendido', version: 1 },
      { id: tomorrow, resultado: 'refused', detalle: AGENDA_MSG.notYet, estado: null, version: null },
      {
        id: unknown,
        resultado: 'refused',
        detalle: 'Agendamiento no encontrado.',
        estado: null,
        version: null,
      },
    ]);
    expect([await estado(a), await estado(b), await estado(c), await estado(tomorrow)]).toEqual([
      'atendido',
      'confirmada',
      'atendido',
      'confirmada',
    ]);
    expect(await auditCount(t)).toBe(audits + 2);
    expect((await auditsOf(a)).at(-1)).toMatchObject({
      accion: 'agendamiento.atendido',
      antes: { estado: 'confirmada' },
      despues: { estado: 'atendido' },
    });
  });

  it('soporte and contenido may not (403, nothing written); a bad list is a 400', async () => {
    const id = await book('LOT505', MONDAY, '4:00 PM');
    const audits = await auditCount(t);
    for (const who of [soporte, contenido]) {
      const res = await post(AGENDA_PATHS.bulkCheckIn, who, { items: [{ id, version: 0 }] });
      expect(res.statusCode).toBe(403);
      const cancel = await post(AGENDA_PATHS.bulkCancel, who, { items: [{ id, version: 0 }], motivo: 'x' });
      expect(cancel.statusCode).toBe(403);
    }
    expect((await post(AGENDA_PATHS.bulkCheckIn, ops, { items: [] })).statusCode).toBe(400);
    const twice = {
      items: [
        { id, version: 0 },
        { id, version: 0 },
      ],
    };
    expect((await post(AGENDA_PATHS.bulkCheckIn, ops, twice)).statusCode).toBe(400);
    expect((await post(AGENDA_PATHS.bulkCancel, ops, { items: [{ id, version: 0 }] })).statusCode).toBe(400);
    expect(await estado(id)).toBe('confirmada');
    expect(await auditCount(t)).toBe(audits);
  });
});

describe('bulk cancellation of a closed day ("Cancelar y avisar a todos")', () => {
  it('cancels each affected booking, refunds the paid one and tells each driver; a stale one is left as it is', async () => {
    const paid = await book('CAN101', TUESDAY, '8:00 AM', true);
    const onSite = await book('CAN202', TUESDAY, '9:00 AM');
    const late = await book('CAN303', TUESDAY, '10:00 AM');
    const closed = await post('/api/operador/sedes/TRA-BOG-01/cierres/', ops, {
      fecha: TUESDAY,
      motivo: 'Corte de energía',
    });
    expect(closed.statusCode).toBe(201);
    const agenda = await t.app.inject({
      method: 'GET',
      url: `/api/operador/agenda/?sede=TRA-BOG-01&fecha=${TUESDAY}`,
      headers: soporte.headers,
    });
    const rows = agendaEntrySchema.array().parse(agenda.json());
    const version = (id: string) => rows.find((r) => r.id === id)?.version ?? -1;
    expect(rows.find((r) => r.id === paid)?.estado).toBe('afectada_cierre');
    const res = await post(AGENDA_PATHS.bulkCancel, ops, {
      motivo: 'La sede estará cerrada: corte de energía',
      items: [
        { id: paid, version: version(paid) },
        { id: onSite, version: version(onSite) },
        { id: late, version: version(late) + 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(bulkResultSchema.parse(res.json()).resultados.map((r) => [r.id, r.resultado, r.estado])).toEqual([
      [paid, 'ok', 'cancelada'],
      [onSite, 'ok', 'cancelada'],
      [late, 'stale', null],
    ]);
    const [refund] = await t.database.query<{ estado_reembolso: string | null }>(
      'select estado_reembolso from bookings where id = $1',
      [paid],
    );
    expect(refund?.estado_reembolso).toBe('realizado');
    expect(await estado(late)).not.toBe('cancelada');
    const mails = (await listOutbox(t.database.db, ana.email, 10)).filter((m) =>
      m.subject?.startsWith('TOGO canceló tu agendamiento'),
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'TOGO canceló tu agendamiento: Trámites - CAN101',
      'TOGO canceló tu agendamiento: Trámites - CAN202',
    ]);
    expect(mails.every((m) => m.body.includes('Motivo: La sede estará cerrada: corte de energía'))).toBe(
      true,
    );
    expect((await auditsOf(onSite)).at(-1)).toMatchObject({
      accion: 'agendamiento.cancelado',
      antes: { estado: 'afectada_cierre' },
      despues: { estado: 'cancelada', motivo: 'La sede estará cerrada: corte de energía' },
    });
  });
});

describe('undo on another day', () => {
  it('a check-in of yesterday cannot be undone today (409); check-in stays open after the day', async () => {
    const checked = await book('AYE101', MONDAY, '8:00 AM');
    const missed = await book('AYE202', MONDAY, '8:00 AM');
    expect((await setState(checked, 'atendido')).statusCode).toBe(200);
    // Tuesday 08:00 in Bogotá (a new session: the console's idle limit passed overnight).
    clock.set('2026-11-24T13:00:00Z');
    const morning = await createStaff(t, 'operaciones');
    const res = await undo(checked, morning);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: AGENDA_MSG.undoSameDay });
    expect(await estado(checked)).toBe('atendido');
    expect((await setState(missed, 'no_asistio', morning)).statusCode).toBe(200);
  });
});
