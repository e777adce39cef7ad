import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MY_BOOKINGS_PATHS,
  myBookingItemSchema,
  myBookingItemsResponseSchema,
  payAgainResponseSchema,
} from '@togo/domain/booking/my-bookings.contract';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import { signedWompiEvent } from '../../integrations/payments/wompi-event.ts';
import type { ManualClock } from '../../lib/clock.ts';
import type { TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { MONDAY_7AM } from './booking.test-support.ts';
import { bookRtm, setUpBookingTest } from './booking-setup.test-support.ts';

/**
 * Issue 36, blocking 2: a declined payment leaves the booking payable while its hold lasts, with a new link
 * (POST …/pagar/) or on site (POST …/pagar-en-sitio/). Two simultaneous pagar/ calls answer one link (really
 * at once on PostgreSQL when DATABASE_URL is set).
 */
const SECRET = 'pay-again-secret-'.padEnd(40, 'x');
let t: TestContext;
let clock: ManualClock;
let ana: TestUser;
let sandbox: SandboxPaymentProvider;

beforeAll(async () => {
  ({ t, clock, sandbox, ana } = await setUpBookingTest(SECRET));
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const holdSeat = (franja: string) => bookRtm(t, ana, franja);

function gatewayEvent(reference: string, status: 'APPROVED' | 'DECLINED', amount: number) {
  seq += 1;
  const event = signedWompiEvent(
    { id: `tx-${reference}-${seq}`, status, reference, amount_in_cents: amount },
    Math.floor(clock.now().getTime() / 1000),
    sandbox.eventsSecret,
  );
  return t.app.inject({ method: 'POST', url: '/api/pagos/webhook/sandbox/', payload: event as object });
}

const post = (url: string) => t.app.inject({ method: 'POST', url, headers: ana.headers });

async function mine(id: string) {
  const res = await t.app.inject({ method: 'GET', url: MY_BOOKINGS_PATHS.list, headers: ana.headers });
  return myBookingItemsResponseSchema.parse(res.json()).results.find((b) => b.id === id);
}

async function paymentRow(id: string) {
  const [row] = await t.database.query<{ reference: string; status: string; link: string | null }>(
    'select reference, status, link from payments where booking_id = $1',
    [id],
  );
  return row;
}

async function seatsTaken(id: string) {
  const [row] = await t.database.query<{ taken: number }>(
    'select s.taken from booking_slots s join bookings b on b.slot_id = s.id where b.id = $1',
    [id],
  );
  return row?.taken;
}

describe('a declined payment (issue 36)', () => {
  it('keeps the booking and its seat; pagar/ answers a new link with a new reference, which confirms it', async () => {
    clock.set(MONDAY_7AM);
    const hold = await holdSeat('8:00 AM');
    expect((await gatewayEvent(hold.reference, 'DECLINED', hold.amount)).json().outcome).toBe('declined');
    expect(await mine(hold.id)).toMatchObject({
      estado: 'pendiente_pago',
      pago_rechazado: true,
      linkPago: null,
      puede_cancelar: true,
    });
    expect(await seatsTaken(hold.id)).toBe(1);
    clock.advance(5 * 60_000);
    const res = await post(MY_BOOKINGS_PATHS.pay(hold.id));
    expect(res.statusCode, res.body).toBe(200);
    const again = payAgainResponseSchema.parse(res.json());
    const payment = await paymentRow(hold.id);
    expect(payment?.reference).not.toBe(hold.reference);
    expect(payment?.status).toBe('PENDING');
    expect(again.linkPago).toBe(payment?.link);
    expect(again.linkPago).toContain(payment?.reference);
    expect(again.expira_en).toBe('2026-11-23T12:20:00.000Z');
    expect(await mine(hold.id)).toMatchObject({ pago_rechazado: false, linkPago: again.linkPago });
    // The old reference is done with; the new one confirms the booking.
    expect((await gatewayEvent(hold.reference, 'APPROVED', hold.amount)).json().outcome).toBe(
      'unknown_reference',
    );
    const ok = await gatewayEvent(payment?.reference ?? '', 'APPROVED', hold.amount);
    expect(ok.json().outcome).toBe('confirmed');
    expect((await mine(hold.id))?.estado).toBe('confirmada');
  });

  it('can be paid on site instead: confirmed at once, with its email; then nothing is payable online', async () => {
    clock.set(MONDAY_7AM);
    const hold = await holdSeat('9:00 AM');
    expect((await gatewayEvent(hold.reference, 'DECLINED', hold.amount)).json().outcome).toBe('declined');
    const res = await post(MY_BOOKINGS_PATHS.payOnSite(hold.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(myBookingItemSchema.parse(res.json())).toMatchObject({
      estado: 'confirmada',
      metodo_pago: 'pagar_en_sitio',
      linkPago: null,
      expira_en: null,
    });
    const [row] = await t.database.query<{ email: string }>('select email from users where id = $1', [
      ana.id,
    ]);
    const mails = await listOutbox(t.database.db, row?.email ?? '', 20);
    expect(mails.some((m) => m.body.includes('pago en sitio'))).toBe(true);
    expect((await post(MY_BOOKINGS_PATHS.pay(hold.id))).statusCode).toBe(409);
    expect((await post(MY_BOOKINGS_PATHS.payOnSite(hold.id))).statusCode).toBe(409);
  });

  it('ends as "rechazada" with the hold: nothing is payable any more', async () => {
    clock.set(MONDAY_7AM);
    const hold = await holdSeat('10:00 AM');
    await gatewayEvent(hold.reference, 'DECLINED', hold.amount);
    clock.advance(16 * 60_000);
    expect((await mine(hold.id))?.estado).toBe('rechazada');
    const refused = await post(MY_BOOKINGS_PATHS.pay(hold.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Este agendamiento no tiene un pago pendiente.' });
    expect((await post(MY_BOOKINGS_PATHS.payOnSite(hold.id))).statusCode).toBe(409);
  });

  it('two simultaneous pagar/ calls answer one link, made once', async () => {
    clock.set(MONDAY_7AM);
    const hold = await holdSeat('11:00 AM');
    await gatewayEvent(hold.reference, 'DECLINED', hold.amount);
    clock.advance(60_000);
    const spy = vi.spyOn(sandbox, 'createPaymentLink');
    try {
      const answers = await Promise.all([
        post(MY_BOOKINGS_PATHS.pay(hold.id)),
        post(MY_BOOKINGS_PATHS.pay(hold.id)),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const links = answers.map((a) => payAgainResponseSchema.parse(a.json()).linkPago);
      expect(links[0]).toBe(links[1]);
      expect(spy).toHaveBeenCalledTimes(1);
      expect((await paymentRow(hold.id))?.link).toBe(links[0]);
    } finally {
      spy.mockRestore();
    }
  });
});
