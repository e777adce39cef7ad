import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_PATHS,
  bookingAnswerSchema,
  myBookingsResponseSchema,
} from '@togo/domain/booking/booking.contract';
import { agendaEntrySchema } from '@togo/domain/operator/operator-console.contract';
import { loadConfig } from '../../config.ts';
import { signedWompiEvent } from '../../integrations/payments/wompi-event.ts';
import type { RefundInput } from '../../integrations/payments/payment-provider.ts';
import { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import { ManualClock } from '../../lib/clock.ts';
import { paymentsFromConfig } from '../../providers.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { OPERATOR_REFUND_RETRY_JOB } from './operator.jobs.ts';
import { REFUND_STALE_MS } from './operator-bookings.service.ts';
import {
  auditCount,
  createDriver,
  createStaff,
  rowVersion,
  tramitesBooking,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

/** Monday 23 Nov 2026, 07:00 in Bogotá; bookings are for Tuesday. */
const NOW = '2026-11-23T12:00:00Z';
const TUESDAY = '2026-11-24';
const MONDAY = '2026-11-23';
const SECRET = 'operator-test-secret-'.padEnd(40, 'x');

/** The sandbox, whose refunds fail while `failing` is set (a gateway outage). */
class FlakySandbox extends SandboxPaymentProvider {
  failing = false;
  refunds: RefundInput[] = [];
  override async refund(input: RefundInput): Promise<void> {
    this.refunds.push(input);
    if (this.failing) throw new Error('pasarela caída');
  }
}

let t: TestContext;
let clock: ManualClock;
let payments: FlakySandbox;
let ops: TestStaff;
let soporte: TestStaff;
let ana: TestDriver;

beforeAll(async () => {
  clock = new ManualClock(NOW);
  const sandbox = paymentsFromConfig(loadConfig({ NODE_ENV: 'test' }), SECRET) as SandboxPaymentProvider;
  payments = new FlakySandbox('http://localhost:3000', sandbox.eventsSecret);
  t = await createTestApp({ clock, providers: { payments } });
  ops = await createStaff(t, 'operaciones');
  soporte = await createStaff(t, 'soporte');
  ana = await createDriver(t, '3101112233');
});
afterAll(async () => {
  await t?.close();
});

async function book(driver: TestDriver, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.tramitesBook,
    headers: driver.headers,
    payload: tramitesBooking({ fecha_agenda: TUESDAY, ...overrides }),
  });
  return res;
}

async function bookOk(driver: TestDriver, overrides: Record<string, unknown> = {}) {
  const res = await book(driver, overrides);
  expect(res.statusCode).toBe(200);
  return bookingAnswerSchema.parse(res.json()).sessionInfo.parameters;
}

async function agenda(staff: TestStaff = soporte, sede = 'TRA-BOG-01', fecha = TUESDAY) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/operador/agenda/?sede=${sede}&fecha=${fecha}`,
    headers: staff.headers,
  });
  expect(res.statusCode).toBe(200);
  return agendaEntrySchema.array().parse(res.json());
}

/** A state change sent with the booking's current version (If-Match, decision 096). */
async function setState(id: string, estado: string, staff: TestStaff = ops, motivo?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/operador/agendamientos/${id}/estado/`,
    headers: { ...staff.headers, 'if-match': `"${await rowVersion(t, 'bookings', id)}"` },
    payload: { estado, ...(motivo ? { motivo } : {}) },
  });
}

async function freeAt(hour: string, sede = 'TRA-BOG-01', fecha = TUESDAY): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.slots,
    headers: ana.headers,
    payload: { sede, fecha_agenda_desde: fecha, fecha_agenda_hasta: fecha, from_flow: 'tramites' },
  });
  expect(res.statusCode).toBe(200);
  const day = (res.json() as { slots: { id: string; disponibles: number }[] }[])[0];
  return day?.slots.find((s) => s.id === hour)?.disponibles ?? 0;
}

async function driverBooking(id: string, driver: TestDriver = ana) {
  const res = await t.app.inject({ method: 'GET', url: BOOKING_PATHS.myBookings, headers: driver.headers });
  expect(res.statusCode).toBe(200);
  return myBookingsResponseSchema.parse(res.json()).results.find((b) => b.id === id);
}

async function pay(reference: string, amount: number) {
  const event = signedWompiEvent(
    { id: `tx-${reference}`, status: 'APPROVED', reference, amount_in_cents: amount },
    Math.floor(clock.now().getTime() / 1000),
    payments.eventsSecret,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pagos/webhook/sandbox/',
    payload: event as object,
  });
  expect(res.statusCode).toBe(200);
}

describe('GET /api/operador/agenda/', () => {
  it('lists a branch-day ordered by hour with the client', async () => {
    const late = await bookOk(ana, { franja: '11:00 AM', placa: 'AGE111' });
    const early = await bookOk(ana, { franja: '8:00 AM', placa: 'AGE222' });
    const list = await agenda();
    const ids = list.map((e) => e.id);
    expect(ids.indexOf(early.id_agendamiento)).toBeLessThan(ids.indexOf(late.id_agendamiento));
    expect(list.find((e) => e.id === early.id_agendamiento)).toEqual({
      id: early.id_agendamiento,
      placa: 'AGE222',
      hora: '08:00',
      servicio: 'tramites',
      estado: 'confirmada',
      pagado: false,
      estado_reembolso: null,
      cliente: { nombre: 'Ana Pérez', telefono: '573001234567' },
      tramites: ['Traspaso de propiedad'],
      version: 0,
    });
    expect(await agenda(soporte, 'TRA-BOG-01', '2026-11-25')).toEqual([]);
  });

  it('refuses a bad date or a missing branch with a 400', async () => {
    for (const q of [
      'sede=TRA-BOG-01&fecha=2026-13-01',
      'fecha=2026-11-24',
      'sede=TRA-BOG-01&fecha=mañana',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/operador/agenda/?${q}`,
        headers: soporte.headers,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('POST /api/operador/agendamientos/{id}/estado/', () => {
  it('checks in a booking (audited); the driver sees it; a second change is a 409', async () => {
    // Today's booking: check-in opens on the booking's day (decision 114).
    const b = await bookOk(ana, { franja: '9:00 AM', placa: 'ATE123', fecha_agenda: MONDAY });
    const audits = await auditCount(t);
    const res = await setState(b.id_agendamiento, 'atendido');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'atendido', estado_reembolso: null });
    expect(await auditCount(t)).toBe(audits + 1);
    expect((await driverBooking(b.id_agendamiento))?.estado).toBe('atendido');
    expect((await setState(b.id_agendamiento, 'no_asistio')).statusCode).toBe(409);
    expect((await setState(b.id_agendamiento, 'cancelado')).statusCode).toBe(409);
    expect(await auditCount(t)).toBe(audits + 1);
  });

  it('answers 404 for an unknown booking, 400 for an unknown state, 403 for soporte', async () => {
    expect((await setState('00000000-0000-4000-8000-000000000000', 'atendido')).statusCode).toBe(404);
    expect((await setState('no-es-uuid', 'atendido')).statusCode).toBe(404);
    const b = await bookOk(ana, { franja: '9:00 AM', placa: 'EST123' });
    expect((await setState(b.id_agendamiento, 'perdido')).statusCode).toBe(400);
    expect((await setState(b.id_agendamiento, 'atendido', soporte)).statusCode).toBe(403);
    expect((await driverBooking(b.id_agendamiento))?.estado).toBe('confirmada');
  });

  it('cancelling frees the slot at once: a driver books it', async () => {
    const hour = '2:00 PM';
    const first = [];
    while ((await freeAt(hour)) > 0)
      first.push(await bookOk(ana, { franja: hour, placa: `LLE${first.length}00` }));
    expect((await book(ana, { franja: hour, placa: 'LLE999' })).statusCode).not.toBe(200);
    const res = await setState(first[0]!.id_agendamiento, 'cancelado', ops, 'La sede reprogramó');
    expect(res.statusCode).toBe(200);
    expect(await freeAt(hour)).toBe(1);
    expect((await book(ana, { franja: hour, placa: 'LLE999' })).statusCode).toBe(200);
    expect((await driverBooking(first[0]!.id_agendamiento))?.estado).toBe('cancelada');
  });

  it('cancelling a paid booking refunds it (sandbox) and both sides see estado_reembolso', async () => {
    const b = await bookOk(ana, { franja: '3:00 PM', placa: 'PAG123', metodo_pago: 'pagar_ahora' });
    await pay(b.referencia, b.price * 100);
    expect((await agenda()).find((e) => e.id === b.id_agendamiento)?.pagado).toBe(true);
    const res = await setState(b.id_agendamiento, 'cancelado');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'cancelada', estado_reembolso: 'realizado' });
    expect(payments.refunds.at(-1)).toEqual({
      reference: b.referencia,
      transactionId: `tx-${b.referencia}`,
      amountInCents: b.price * 100,
    });
    expect(await driverBooking(b.id_agendamiento)).toMatchObject({
      estado: 'cancelada',
      estado_reembolso: 'realizado',
    });
  });

  it('a failed refund is recorded as fallido and the job retries it', async () => {
    const b = await bookOk(ana, { franja: '4:00 PM', placa: 'REE123', metodo_pago: 'pagar_ahora' });
    await pay(b.referencia, b.price * 100);
    payments.failing = true;
    const res = await setState(b.id_agendamiento, 'cancelado');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'cancelada', estado_reembolso: 'fallido' });
    expect((await agenda()).find((e) => e.id === b.id_agendamiento)?.estado_reembolso).toBe('fallido');

    // Still failing: stays fallido; then the gateway is back.
    clock.advance(REFUND_STALE_MS + 1000);
    await t.jobs.send(OPERATOR_REFUND_RETRY_JOB, {});
    await t.jobs.drain();
    expect((await driverBooking(b.id_agendamiento))?.estado_reembolso).toBe('fallido');
    payments.failing = false;
    clock.advance(REFUND_STALE_MS + 1000);
    await t.jobs.send(OPERATOR_REFUND_RETRY_JOB, {});
    await t.jobs.drain();
    expect((await driverBooking(b.id_agendamiento))?.estado_reembolso).toBe('realizado');
    const [row] = await t.database.query<{ n: number }>(
      'select reembolso_intentos::int as n from bookings where id = $1',
      [b.id_agendamiento],
    );
    expect(row?.n).toBe(3);
  });
});
