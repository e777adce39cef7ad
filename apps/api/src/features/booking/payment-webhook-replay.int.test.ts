import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, myBookingsResponseSchema } from '@togo/domain/booking/booking.contract';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import { signedWompiEvent } from '../../integrations/payments/wompi-event.ts';
import type { ManualClock } from '../../lib/clock.ts';
import type { TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { MONDAY_7AM } from './booking.test-support.ts';
import { bookRtm, setUpBookingTest } from './booking-setup.test-support.ts';

/**
 * Issue 35, finding 8: a signed payment event is applied once. A replay (same event id) changes nothing, a
 * sandbox event signed more than 5 minutes ago is refused, and concurrent deliveries of one event confirm the
 * booking once (on PostgreSQL when DATABASE_URL is set).
 */
const SECRET = 'payment-replay-secret-'.padEnd(40, 'x');
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

const holdSeat = (franja: string) => bookRtm(t, ana, franja);

const approved = (reference: string, amount: number, signedAt = clock.now()) =>
  signedWompiEvent(
    { id: `tx-${reference}`, status: 'APPROVED', reference, amount_in_cents: amount },
    Math.floor(signedAt.getTime() / 1000),
    sandbox.eventsSecret,
  );

const deliver = (event: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/pagos/webhook/sandbox/', payload: event as object });

async function estado(id: string) {
  const res = await t.app.inject({ method: 'GET', url: BOOKING_PATHS.myBookings, headers: ana.headers });
  return myBookingsResponseSchema.parse(res.json()).results.find((b) => b.id === id)?.estado;
}

async function confirmationMails() {
  const [row] = await t.database.query<{ email: string }>('select email from users where id = $1', [ana.id]);
  const mails = await listOutbox(t.database.db, row!.email, 50);
  return mails.filter((m) => m.subject?.startsWith('Agendamiento confirmado')).length;
}

describe('payment webhook replays', () => {
  it('refuses a sandbox event signed more than 5 minutes ago (or ahead); at 5 minutes it applies', async () => {
    const hold = await holdSeat('9:00 AM');
    const now = clock.now().getTime();
    for (const signedAt of [now - 5 * 60_000 - 1000, now + 5 * 60_000 + 1000]) {
      const stale = await deliver(approved(hold.reference, hold.amount, new Date(signedAt)));
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toEqual({ detail: 'Evento de pago vencido: tiene más de 5 minutos.' });
      expect(await estado(hold.id)).toBe('pendiente_pago');
    }
    const edge = await deliver(approved(hold.reference, hold.amount, new Date(now - 5 * 60_000)));
    expect(edge.json()).toEqual({ ok: true, outcome: 'confirmed' });
  });

  it('a replayed event (same id) is answered 200 and changes nothing', async () => {
    const hold = await holdSeat('10:00 AM');
    const event = approved(hold.reference, hold.amount);
    expect((await deliver(event)).json()).toEqual({ ok: true, outcome: 'confirmed' });
    const mails = await confirmationMails();
    clock.advance(60_000);
    expect((await deliver(event)).json()).toEqual({ ok: true, outcome: 'duplicate' });
    expect(await confirmationMails()).toBe(mails);
    clock.set(MONDAY_7AM);
  });

  it('ten concurrent deliveries of one event confirm the booking once and send one email', async () => {
    const hold = await holdSeat('11:00 AM');
    const mails = await confirmationMails();
    const event = approved(hold.reference, hold.amount);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = answers.map((a) => a.json().outcome as string).sort();
    expect(outcomes).toEqual(['confirmed', ...Array(9).fill('duplicate')]);
    expect(await estado(hold.id)).toBe('confirmada');
    expect(await confirmationMails()).toBe(mails + 1);
  });
});
