import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { loadConfig } from '../../config.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import { ManualClock } from '../../lib/clock.ts';
import { paymentsFromConfig } from '../../providers.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { MONDAY_7AM, TUESDAY, insertGarageVehicle, rtmBooking } from './booking.test-support.ts';

/** Decision 061: every check of a booking comes before the gateway is asked for a payment link. */
let t: TestContext;
let ana: TestUser;
let sandbox: SandboxPaymentProvider;

beforeAll(async () => {
  sandbox = paymentsFromConfig(
    loadConfig({ NODE_ENV: 'test' }),
    'book-test-secret-'.padEnd(40, 'x'),
  ) as SandboxPaymentProvider;
  t = await createTestApp({ clock: new ManualClock(MONDAY_7AM), providers: { payments: sandbox } });
  ana = await createSignedInUser(t);
  await insertGarageVehicle(t.database, ana.id, 'ABC123');
});
afterAll(async () => {
  await t?.close();
});

function book(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.rtmBook,
    payload: payload as object,
    headers: { ...ana.headers, ...headers },
  });
}

describe('"Pagar Ahora": no payment link before the checks pass', () => {
  it('asks for one link per booking: none for a replay, a reused key, a full slot or a closed day', async () => {
    const links = vi.spyOn(sandbox, 'createPaymentLink');
    const key = { 'idempotency-key': 'un-solo-link' };
    const body = rtmBooking({ franja: '2:00 PM', metodo_pago: 'pagar_ahora' });
    expect((await book(body, key)).statusCode).toBe(200);
    expect(links).toHaveBeenCalledTimes(1);

    const replay = await book(body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const reused = await book(rtmBooking({ franja: '3:00 PM', metodo_pago: 'pagar_ahora' }), key);
    expect(reused.statusCode).toBe(422);

    // A slot whose every seat is taken by confirmed bookings: a 409 before any link.
    await t.database.query(
      `insert into booking_slots (branch_id, fecha, hora, capacity, taken) values ('RTM-BOG-01', $1, 16, 1, 1)`,
      [TUESDAY],
    );
    const full = await book(rtmBooking({ franja: '4:00 PM', metodo_pago: 'pagar_ahora' }));
    expect(full.statusCode).toBe(409);

    const past = await book(rtmBooking({ fecha_agenda: '2026-11-20', metodo_pago: 'pagar_ahora' }));
    expect(past.statusCode).toBe(400);
    expect(links).toHaveBeenCalledTimes(1);
  });
});
