import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingAnswerSchema } from '@togo/domain/booking/booking.contract';
import {
  MY_BOOKINGS_MSG,
  MY_BOOKINGS_PATHS,
  myBookingItemsResponseSchema,
} from '@togo/domain/booking/my-bookings.contract';
import { agendaEntrySchema } from '@togo/domain/operator/operator-console.contract';
import { supportDeliveriesPageSchema } from '@togo/domain/operator/operator-support.contract';
import { loadConfig } from '../../config.ts';
import { DriverMessages } from '../../integrations/messaging/driver-messages.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { signedWompiEvent } from '../../integrations/payments/wompi-event.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import { ManualClock } from '../../lib/clock.ts';
import { paymentsFromConfig } from '../../providers.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { STAFF_TEMPLATES } from './operator-booking-notices.ts';
import {
  createDriver,
  createStaff,
  rowVersion,
  tramitesBooking,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

/** Monday 23 Nov 2026, 07:00 in Bogotá. */
const NOW = '2026-11-23T12:00:00Z';
const WEDNESDAY = '2026-11-25';
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';
const SECRET = 'closure-notices-secret-'.padEnd(40, 'x');

let t: TestContext;
let clock: ManualClock;
let payments: SandboxPaymentProvider;
let ops: TestStaff;
let soporte: TestStaff;
let ana: TestDriver;
let beto: TestDriver;
let sede: string;

beforeAll(async () => {
  clock = new ManualClock(NOW);
  payments = paymentsFromConfig(loadConfig({ NODE_ENV: 'test' }), SECRET) as SandboxPaymentProvider;
  t = await createTestApp({ clock, providers: { payments } });
  ops = await createStaff(t, 'operaciones');
  soporte = await createStaff(t, 'soporte');
  ana = await createDriver(t, '3101112233');
  beto = await createDriver(t, '3104445566');
  const [row] = await t.database.query<{ nombre: string }>(
    `select nombre from booking_branches where id = 'TRA-BOG-01'`,
  );
  sede = row!.nombre;
});
afterAll(async () => {
  await t?.close();
});

async function book(driver: TestDriver, overrides: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.tramitesBook,
    headers: driver.headers,
    payload: tramitesBooking({ correo: driver.email, ...overrides }),
  });
  expect(res.statusCode).toBe(200);
  const b = bookingAnswerSchema.parse(res.json()).sessionInfo.parameters;
  if (overrides.metodo_pago === 'pagar_ahora') {
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
  return b;
}

async function mine(driver: TestDriver, id: string) {
  const res = await t.app.inject({ method: 'GET', url: MY_BOOKINGS_PATHS.list, headers: driver.headers });
  expect(res.statusCode).toBe(200);
  return myBookingItemsResponseSchema.parse(res.json()).results.find((b) => b.id === id);
}

/** Support's Avisos tab of a driver, newest first. */
async function avisos(driver: TestDriver) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/operador/usuarios/${driver.id}/avisos/?page=1&page_size=50`,
    headers: soporte.headers,
  });
  expect(res.statusCode).toBe(200);
  return supportDeliveriesPageSchema.parse(res.json()).data;
}

/** The driver's own "Historial de avisos". */
async function historial(driver: TestDriver) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/togo/notificacion/historial/?page=1&page_size=50',
    headers: driver.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { count: number; results: { titulo: string; canal: string; estado: string }[] })
    .results;
}

const closeDay = (fecha: string, motivo: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operador/sedes/TRA-BOG-01/cierres/',
    headers: ops.headers,
    payload: { fecha, motivo },
  });

const reschedule = (driver: TestDriver, id: string, fecha_agenda: string, franja: string) =>
  t.app.inject({
    method: 'POST',
    url: MY_BOOKINGS_PATHS.reschedule(id),
    headers: driver.headers,
    payload: { fecha_agenda, franja },
  });

describe('a closure reaches everyone (issue 38)', () => {
  it('marks the day’s bookings "afectada_cierre", tells each driver naming the branch, and logs every message', async () => {
    const paid = await book(ana, {
      fecha_agenda: WEDNESDAY,
      franja: '9:00 AM',
      placa: 'CIE101',
      metodo_pago: 'pagar_ahora',
    });
    const onSite = await book(beto, { fecha_agenda: WEDNESDAY, franja: '10:00 AM', placa: 'CIE202' });
    // The booking confirmation is in the driver's history too (issue 36: "Aún no te hemos enviado avisos").
    expect((await historial(beto)).map((h) => h.titulo)).toContainEqual(
      expect.stringMatching(/^Agendamiento confirmado: .*CIE202$/),
    );

    const closed = await closeDay(WEDNESDAY, 'Mantenimiento de la pista');
    expect(closed.statusCode).toBe(201);

    const mineAna = await mine(ana, paid.id_agendamiento);
    expect(mineAna).toMatchObject({
      estado: 'afectada_cierre',
      puede_reprogramar: true,
      puede_cancelar: true,
    });
    expect((await mine(beto, onSite.id_agendamiento))?.estado).toBe('afectada_cierre');

    const agenda = await t.app.inject({
      method: 'GET',
      url: `/api/operador/agenda/?sede=TRA-BOG-01&fecha=${WEDNESDAY}`,
      headers: soporte.headers,
    });
    const rows = agendaEntrySchema.array().parse(agenda.json());
    expect(rows.map((r) => [r.placa, r.estado])).toEqual([
      ['CIE101', 'afectada_cierre'],
      ['CIE202', 'afectada_cierre'],
    ]);

    const subject = `Tu cita en ${sede} debe reprogramarse`;
    const [mail] = await listOutbox(t.database.db, ana.email, 1);
    expect(mail?.subject).toBe(subject);
    expect(mail?.body).toContain(`La sede ${sede} estará cerrada el 25-11-2026: Mantenimiento de la pista.`);
    expect(mail?.body).not.toContain('2026-11-25');
    expect(mail?.body).toContain('te reembolsaremos lo que pagaste');
    const [betoMail] = await listOutbox(t.database.db, beto.email, 1);
    expect(betoMail?.body).toContain('Reprográmala sin costo o cancélala en ');
    expect(betoMail?.body).not.toContain('reembols');

    expect((await avisos(ana))[0]).toMatchObject({
      canal: 'email',
      tipo: 'agendamientos',
      titulo: subject,
      estado: 'sent',
      motivo: null,
    });
    expect((await historial(ana))[0]).toMatchObject({ titulo: subject, canal: 'email', estado: 'sent' });
  });

  it('a driver moves an affected booking to an open day (confirmed again), never into the closed day', async () => {
    const b = await book(ana, { fecha_agenda: FRIDAY, franja: '8:00 AM', placa: 'REP303' });
    expect((await closeDay(FRIDAY, 'Inventario')).statusCode).toBe(201);
    const into = await reschedule(ana, b.id_agendamiento, FRIDAY, '11:00 AM');
    expect(into.statusCode).toBe(400);
    expect(into.json()).toEqual({ detail: MY_BOOKINGS_MSG.dayClosed });
    expect((await mine(ana, b.id_agendamiento))?.estado).toBe('afectada_cierre');
    const moved = await reschedule(ana, b.id_agendamiento, THURSDAY, '11:00 AM');
    expect(moved.statusCode).toBe(200);
    expect(await mine(ana, b.id_agendamiento)).toMatchObject({
      estado: 'confirmada',
      fecha_agenda: THURSDAY,
    });
    const [mail] = await listOutbox(t.database.db, ana.email, 1);
    expect(mail?.subject).toMatch(/^Agendamiento reprogramado: /);
    expect((await avisos(ana))[0]?.titulo).toBe(mail?.subject);
  });

  it('a driver cancels an affected booking; reopening the day confirms the others again', async () => {
    const gone = await book(beto, { fecha_agenda: '2026-11-30', franja: '8:00 AM', placa: 'CAN404' });
    const kept = await book(beto, { fecha_agenda: '2026-11-30', franja: '9:00 AM', placa: 'CAN505' });
    expect((await closeDay('2026-11-30', 'Corte de agua')).statusCode).toBe(201);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: MY_BOOKINGS_PATHS.one(gone.id_agendamiento),
      headers: beto.headers,
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await mine(beto, gone.id_agendamiento))?.estado).toBe('cancelada');
    const reopened = await t.app.inject({
      method: 'DELETE',
      url: '/api/operador/sedes/TRA-BOG-01/cierres/2026-11-30/',
      headers: ops.headers,
    });
    expect(reopened.statusCode).toBe(204);
    expect((await mine(beto, kept.id_agendamiento))?.estado).toBe('confirmada');
    expect((await mine(beto, gone.id_agendamiento))?.estado).toBe('cancelada');
  });
});

describe('a staff cancellation tells the driver (issue 38)', () => {
  it('sends an email (and the WhatsApp the driver chose) saying TOGO cancelled it and what is refunded', async () => {
    await t.database.query(
      `insert into notification_preferences (user_id, whatsapp) values ($1, true)
       on conflict (user_id) do update set whatsapp = true`,
      [ana.id],
    );
    const b = await book(ana, {
      fecha_agenda: THURSDAY,
      franja: '3:00 PM',
      placa: 'STA606',
      metodo_pago: 'pagar_ahora',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/operador/agendamientos/${b.id_agendamiento}/estado/`,
      headers: { ...ops.headers, 'if-match': `"${await rowVersion(t, 'bookings', b.id_agendamiento)}"` },
      payload: { estado: 'cancelado', motivo: 'Falla eléctrica en la sede' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await listOutbox(t.database.db, ana.email, 1);
    expect(mail?.subject).toBe('TOGO canceló tu agendamiento: Trámites - STA606');
    expect(mail?.body).toContain(
      `TOGO canceló tu agendamiento de Trámites del 26-11-2026 a las 3:00 p. m. en ${sede}.`,
    );
    expect(mail?.body).toContain('Motivo: Falla eléctrica en la sede');
    expect(mail?.body).toMatch(/Reembolsamos \$\s?[\d.]+ al medio de pago que usaste/);
    const [whatsapp] = await listOutbox(t.database.db, '573101112233', 1);
    expect(whatsapp?.subject).toBe(`${STAFF_TEMPLATES.cancelled} (es)`);
    const logged = (await avisos(ana)).slice(0, 2).map((a) => [a.canal, a.titulo, a.estado]);
    expect(logged).toEqual(
      expect.arrayContaining([
        ['email', mail?.subject, 'sent'],
        ['whatsapp', mail?.subject, 'sent'],
      ]),
    );
  });

  it('a message that fails is listed as failed with its reason; the change stands', async () => {
    const messages = new DriverMessages({
      db: t.database.db,
      messenger: { send: () => Promise.reject(new Error('SMTP 550: buzón lleno')) },
      clock,
      log: { error: () => undefined },
    });
    const sent = await messages.email(
      { userId: beto.id, kind: 'agendamientos', titulo: 'Prueba de fallo' },
      { to: beto.email, subject: 'Prueba de fallo', body: 'x' },
    );
    expect(sent).toBe(false);
    expect((await avisos(beto))[0]).toMatchObject({
      titulo: 'Prueba de fallo',
      estado: 'failed',
      motivo: 'SMTP 550: buzón lleno',
    });
  });
});
