import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_PATHS,
  bookingAnswerSchema,
  myBookingsResponseSchema,
  readPaymentLink,
} from '@togo/domain/booking/booking.contract';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { signedWompiEvent } from '../../integrations/payments/wompi-event.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import type { ManualClock } from '../../lib/clock.ts';
import type { TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { BOOKING_HOLD_RELEASE_JOB } from './book.service.ts';
import {
  MONDAY_7AM,
  TUESDAY,
  insertGarageVehicle,
  peritajeBooking,
  rtmBooking,
  tramitesBooking,
} from './booking.test-support.ts';
import { setUpBookingTest } from './booking-setup.test-support.ts';

const SECRET = 'booking-test-secret-'.padEnd(40, 'x');
let t: TestContext;
let clock: ManualClock;
let ana: TestUser;
let beto: TestUser;
let sandbox: SandboxPaymentProvider;

beforeAll(async () => {
  ({ t, clock, sandbox, ana } = await setUpBookingTest(SECRET));
  beto = await createSignedInUser(t);
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, user: TestUser = ana, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...user.headers, ...headers },
  });
}

async function myBookings(user: TestUser = ana) {
  const res = await t.app.inject({ method: 'GET', url: BOOKING_PATHS.myBookings, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return myBookingsResponseSchema.parse(res.json()).results;
}

async function free(sede: string, franja: string, fecha = TUESDAY, from_flow = 'rtm'): Promise<number> {
  const res = await post(BOOKING_PATHS.slots, {
    sede,
    fecha_agenda_desde: fecha,
    fecha_agenda_hasta: fecha,
    from_flow,
  });
  const slot = (res.json()[0].slots as { id: string; disponibles: number }[]).find((s) => s.id === franja);
  return slot?.disponibles ?? 0;
}

function webhook(event: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/pagos/webhook/sandbox/', payload: event as object });
}

function event(
  reference: string,
  status: 'APPROVED' | 'DECLINED' | 'PENDING',
  amount: number,
  secret = sandbox.eventsSecret,
) {
  return signedWompiEvent(
    { id: `tx-${reference}`, status, reference, amount_in_cents: amount },
    Math.floor(clock.now().getTime() / 1000),
    secret,
  );
}

describe('booking with "Pagar en sitio"', () => {
  it('confirms at once, answers no payment link and emails an .ics with a stable UID', async () => {
    const res = await post(BOOKING_PATHS.rtmBook, rtmBooking({ franja: '9:00 am' }));
    expect(res.statusCode).toBe(200);
    const answer = bookingAnswerSchema.parse(res.json());
    expect(answer.sessionInfo.parameters).toMatchObject({
      linkPago: null,
      estado: 'confirmada',
      fecha_agenda: TUESDAY,
      franja: '9:00 AM',
      price: 378400,
      expira_en: null,
    });
    expect(answer.session_info).toEqual(answer.sessionInfo);
    const id = answer.sessionInfo.parameters.id_agendamiento;

    const [mail] = await listOutbox(t.database.db, (await ownerEmail(ana)) ?? '', 1);
    expect(mail?.subject).toMatch(/^Agendamiento confirmado: Revisión técnico-mecánica TOGO - ABC123/);
    expect(mail?.body).toContain('Hora: 9:00 a. m.');
    const ics = mail?.attachments[0];
    expect(ics).toMatchObject({ filename: 'agendamiento.ics', encoding: 'utf-8' });
    expect(ics?.content).toContain(`UID:${id}@togo.com.co`);
    expect(ics?.content).toContain('DTSTART:20261124T140000Z'); // 9:00 in Bogotá
    expect(ics?.content).toContain('DTEND:20261124T150000Z');
    expect(ics?.content.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const list = await myBookings();
    expect(list[0]).toMatchObject({
      id,
      servicio: 'rtm',
      estado: 'confirmada',
      metodo_pago: 'pagar_en_sitio',
    });
    expect(list[0]?.sede).toMatchObject({ id: 'RTM-BOG-01', ciudad: 'Bogotá' });
    expect(await myBookings(beto)).toEqual([]);
  });

  it('books several trámites in one appointment for their total', async () => {
    const res = await post(BOOKING_PATHS.tramitesBook, tramitesBooking());
    expect(res.statusCode).toBe(200);
    expect(res.json().session_info.parameters).toMatchObject({ estado: 'confirmada', price: 710000 });
    const [mine] = (await myBookings()).filter((b) => b.servicio === 'tramites');
    expect(mine?.detalle).toEqual(['Traspaso de propiedad', 'Duplicado de placas']);
  });

  it('refuses past, closed and unknown hours with a Spanish 400 and books nothing', async () => {
    const before = (await myBookings()).length;
    for (const [fecha, franja] of [
      ['2026-11-23', '7:00 AM'], // already started
      ['2026-11-29', '9:00 AM'], // Sunday
      ['2026-12-08', '9:00 AM'], // holiday
      ['2026-11-28', '3:00 PM'], // Saturday afternoon: closed
      [TUESDAY, '7:00 PM'], // after closing
    ]) {
      const res = await post(BOOKING_PATHS.rtmBook, rtmBooking({ fecha_agenda: fecha, franja }));
      expect(res.statusCode, `${fecha} ${franja}`).toBe(400);
      expect(res.json()).toEqual({
        detail: 'El horario seleccionado no está disponible para esta sede y fecha.',
      });
    }
    const notMine = await post(BOOKING_PATHS.rtmBook, rtmBooking({ placa: 'ZZZ999' }));
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toEqual({ detail: 'No encontramos ese vehículo en tu garaje.' });
    expect((await myBookings()).length).toBe(before);
  });

  it('re-validates the peritaje §5 rules on the server', async () => {
    const res = await post(
      BOOKING_PATHS.peritajeBook,
      peritajeBooking({ correo_resultado: '', direccion_servicio: '  ', nombre_resultado: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().sessionInfo.parameters).toEqual({
      correo_resultado: ['El correo es obligatorio.'],
      direccion_servicio: ['La dirección es obligatoria.'],
      nombre_resultado: ['El nombre es obligatorio.'],
    });
  });
});

async function ownerEmail(user: TestUser): Promise<string | undefined> {
  const [row] = await t.database.query<{ email: string }>('select email from users where id = $1', [user.id]);
  return row?.email;
}

describe('"Pagar Ahora": holds, sandbox checkout and webhooks', () => {
  it('holds the seat 15 minutes with a sandbox link and a release job; the page approves it', async () => {
    const before = await free('PER-BOG-DOM', '8:00 AM', TUESDAY, 'peritaje');
    const res = await post(BOOKING_PATHS.peritajeBook, peritajeBooking());
    expect(res.statusCode).toBe(200);
    const p = res.json().sessionInfo.parameters;
    expect(p).toMatchObject({ estado: 'pendiente_pago', price: 309000 });
    expect(p.expira_en).toBe('2026-11-23T12:15:00.000Z');
    const link = readPaymentLink(res.json());
    expect(link).toBe(`http://localhost:3000/api/pagos/sandbox/${p.referencia}/`);
    expect(await free('PER-BOG-DOM', '8:00 AM', TUESDAY, 'peritaje')).toBe(before - 1);
    expect(t.jobs.schedules).toContainEqual({
      name: 'booking-hold-sweep',
      cron: '* * * * *',
      data: {},
      tz: 'America/Bogota',
    });
    const job = t.jobs.byName(BOOKING_HOLD_RELEASE_JOB).at(-1);
    expect(job?.data).toEqual({ bookingId: p.id_agendamiento });
    expect(job?.options.startAfter).toEqual(new Date('2026-11-23T12:15:00.000Z'));

    const pagePath = new URL(link ?? '').pathname;
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Aprobar pago');
    expect(page.body).toContain('Rechazar pago');
    expect(page.body).toContain('$ 309.000');

    const decided = await t.app.inject({
      method: 'POST',
      url: `${pagePath}decision/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=APPROVED',
    });
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe(pagePath);
    const after = await t.app.inject({ method: 'GET', url: pagePath });
    expect(after.body).toContain('Pago aprobado');
    expect(after.body).not.toContain('Aprobar pago');

    const mine = (await myBookings()).find((b) => b.id === p.id_agendamiento);
    expect(mine).toMatchObject({ estado: 'confirmada', linkPago: null, expira_en: null });
    // Paid: the confirmation email with the .ics goes out now, not at booking time.
    const [mail] = await listOutbox(t.database.db, (await ownerEmail(ana)) ?? '', 1);
    expect(mail?.subject).toBe('Agendamiento confirmado: Peritaje TOGO - JKL456');
    expect(mail?.attachments[0]?.content).toContain(`UID:${p.id_agendamiento}@togo.com.co`);
    // Confirmed: the release job finds nothing to release once the hold time passes.
    clock.advance(16 * 60_000);
    await t.jobs.drain();
    expect((await myBookings()).find((b) => b.id === p.id_agendamiento)?.estado).toBe('confirmada');
    clock.set(MONDAY_7AM);
  });

  it('releases an unpaid hold after 15 minutes: seat free at once, booking expirada after the job', async () => {
    const franja = '10:00 AM';
    const before = await free('RTM-BOG-01', franja);
    const res = await post(BOOKING_PATHS.rtmBook, rtmBooking({ franja, metodo_pago: 'pagar_ahora' }));
    const p = res.json().sessionInfo.parameters;
    expect(await free('RTM-BOG-01', franja)).toBe(before - 1);
    clock.advance(15 * 60_000);
    // The hold no longer counts even before the job runs …
    expect(await free('RTM-BOG-01', franja)).toBe(before);
    expect((await myBookings()).find((b) => b.id === p.id_agendamiento)?.estado).toBe('expirada');
    await t.jobs.drain();
    const [row] = await t.database.query<{ estado: string; status: string; taken: number }>(
      `select b.estado, p.status, s.taken from bookings b join payments p on p.booking_id = b.id
       join booking_slots s on s.id = b.slot_id where b.id = $1`,
      [p.id_agendamiento],
    );
    expect(row).toMatchObject({ estado: 'expirada', status: 'EXPIRED', taken: 0 });
    // … and a late approval takes the seat again while it is free.
    const late = await webhook(event(p.referencia, 'APPROVED', p.price * 100));
    expect(late.json()).toEqual({ ok: true, outcome: 'confirmed' });
    expect((await myBookings()).find((b) => b.id === p.id_agendamiento)?.estado).toBe('confirmada');
    clock.set(MONDAY_7AM);
  });

  it('verifies signatures, de-duplicates events and never moves a booking backwards', async () => {
    const res = await post(
      BOOKING_PATHS.rtmBook,
      rtmBooking({ franja: '11:00 AM', metodo_pago: 'pagar_ahora' }),
    );
    const p = res.json().sessionInfo.parameters;
    const amount = p.price * 100;

    const forged = await webhook(event(p.referencia, 'APPROVED', amount, 'not-the-secret'));
    expect(forged.statusCode).toBe(401);
    const tampered = event(p.referencia, 'APPROVED', amount);
    tampered.data.transaction.amount_in_cents = 100;
    expect((await webhook(tampered)).statusCode).toBe(401);
    expect((await webhook({ event: 'transaction.updated' })).statusCode).toBe(400);
    expect((await myBookings()).find((b) => b.id === p.id_agendamiento)?.estado).toBe('pendiente_pago');

    expect((await webhook(event(p.referencia, 'PENDING', amount))).json().outcome).toBe('ignored');
    const approved = event(p.referencia, 'APPROVED', amount);
    expect((await webhook(approved)).json().outcome).toBe('confirmed');
    expect((await webhook(approved)).json().outcome).toBe('duplicate');
    clock.advance(1000);
    expect((await webhook(event(p.referencia, 'PENDING', amount))).json().outcome).toBe('duplicate');
    expect((await webhook(event(p.referencia, 'DECLINED', amount))).json().outcome).toBe('ignored');
    expect((await myBookings()).find((b) => b.id === p.id_agendamiento)?.estado).toBe('confirmada');
    const unknown = await webhook(event('TG0000000000', 'APPROVED', amount));
    expect(unknown.json().outcome).toBe('unknown_reference');
    clock.set(MONDAY_7AM);
  });

  it('a declined payment keeps the seat while the hold lasts (payable again, issue 36), then frees it', async () => {
    const franja = '1:00 PM';
    const before = await free('RTM-BOG-01', franja);
    const res = await post(BOOKING_PATHS.rtmBook, rtmBooking({ franja, metodo_pago: 'pagar_ahora' }));
    const p = res.json().sessionInfo.parameters;
    expect(await free('RTM-BOG-01', franja)).toBe(before - 1);
    expect((await webhook(event(p.referencia, 'DECLINED', p.price * 100))).json().outcome).toBe('declined');
    expect(await free('RTM-BOG-01', franja)).toBe(before - 1);
    expect((await myBookings()).find((b) => b.id === p.id_agendamiento)).toMatchObject({
      estado: 'pendiente_pago',
      pago_rechazado: true,
    });
    clock.advance(16 * 60_000);
    expect(await free('RTM-BOG-01', franja)).toBe(before);
    expect((await myBookings()).find((b) => b.id === p.id_agendamiento)?.estado).toBe('rechazada');
    await t.jobs.drain();
    const [row] = await t.database.query<{ estado: string }>('select estado from bookings where id = $1', [
      p.id_agendamiento,
    ]);
    expect(row?.estado).toBe('rechazada');
    clock.set(MONDAY_7AM);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and request, books once', async () => {
    const key = { 'idempotency-key': 'pago-123' };
    const body = rtmBooking({ franja: '2:00 PM', metodo_pago: 'pagar_ahora' });
    const first = await post(BOOKING_PATHS.rtmBook, body, ana, key);
    const second = await post(BOOKING_PATHS.rtmBook, body, ana, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const ids = (await myBookings()).filter((b) => b.franja === '2:00 PM').map((b) => b.id);
    expect(ids).toEqual([first.json().sessionInfo.parameters.id_agendamiento]);
    // Keys are per user: the same key of another user is another request.
    await insertGarageVehicle(t.database, beto.id, 'BET123');
    const other = await post(
      BOOKING_PATHS.rtmBook,
      rtmBooking({ placa: 'BET123', franja: '2:00 PM' }),
      beto,
      key,
    );
    expect(other.json().sessionInfo.parameters.id_agendamiento).not.toBe(ids[0]);
  });

  it('answers 422 when the key is reused for another request, 400 for a malformed key', async () => {
    const key = { 'idempotency-key': 'pago-456' };
    await post(BOOKING_PATHS.rtmBook, rtmBooking({ franja: '4:00 PM' }), ana, key);
    const reused = await post(BOOKING_PATHS.rtmBook, rtmBooking({ franja: '5:00 PM' }), ana, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ detail: 'La clave Idempotency-Key ya se usó con otra solicitud.' });
    const bad = await post(BOOKING_PATHS.rtmBook, rtmBooking(), ana, { 'idempotency-key': 'x'.repeat(300) });
    expect(bad.statusCode).toBe(400);
  });

  it('two simultaneous requests with one key create one booking', async () => {
    const key = { 'idempotency-key': 'doble-clic' };
    const body = tramitesBooking({ franja: '2:00 PM' });
    const [a, b] = await Promise.all([
      post(BOOKING_PATHS.tramitesBook, body, ana, key),
      post(BOOKING_PATHS.tramitesBook, body, ana, key),
    ]);
    expect(a.json()).toEqual(b.json());
    const [row] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from bookings where user_id = $1 and servicio = 'tramites' and hora = 14`,
      [ana.id],
    );
    expect(row?.n).toBe(1);
  });
});

describe('GET/DELETE /api/togo/agendamientos/', () => {
  it('cancels the user’s own booking and frees the seat; another user’s is a 404', async () => {
    const franja = '12:00 PM';
    const res = await post(BOOKING_PATHS.rtmBook, rtmBooking({ franja }));
    const id = res.json().sessionInfo.parameters.id_agendamiento as string;
    const before = await free('RTM-BOG-01', franja);
    const url = BOOKING_PATHS.myBooking(id);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const foreign = await t.app.inject({ method: 'DELETE', url, headers: beto.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Agendamiento no encontrado.' });
    const junk = await t.app.inject({
      method: 'DELETE',
      url: BOOKING_PATHS.myBooking('123'),
      headers: ana.headers,
    });
    expect(junk.statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'DELETE', url, headers: ana.headers });
    expect(ok.statusCode).toBe(204);
    expect(await free('RTM-BOG-01', franja)).toBe(before + 1);
    expect((await myBookings()).find((b) => b.id === id)?.estado).toBe('cancelada');
    const again = await t.app.inject({ method: 'DELETE', url, headers: ana.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Este agendamiento ya no se puede cancelar.' });
  });

  it('does not cancel an appointment whose time has passed', async () => {
    const res = await post(BOOKING_PATHS.rtmBook, rtmBooking({ franja: '8:00 AM' }));
    const id = res.json().sessionInfo.parameters.id_agendamiento as string;
    clock.set('2026-11-24T14:00:00Z'); // Tuesday 9:00 in Bogotá
    const late = await t.app.inject({
      method: 'DELETE',
      url: BOOKING_PATHS.myBooking(id),
      headers: ana.headers,
    });
    expect(late.statusCode).toBe(409);
    clock.set(MONDAY_7AM);
  });
});
