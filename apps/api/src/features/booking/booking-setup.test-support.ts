import { expect } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { loadConfig } from '../../config.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import { ManualClock } from '../../lib/clock.ts';
import { paymentsFromConfig } from '../../providers.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { MONDAY_7AM, insertGarageVehicle, rtmBooking } from './booking.test-support.ts';

export interface BookingTestSetup {
  t: TestContext;
  clock: ManualClock;
  /** The sandbox payment gateway, signing its events with the secret given. */
  sandbox: SandboxPaymentProvider;
  /** A signed-in driver with the vehicle ABC123 in her garage. */
  ana: TestUser;
}

/**
 * The app of the booking integration tests: a manual clock on Monday 7 a.m., the sandbox payments whose events are
 * signed with `secret`, and Ana with her vehicle. Close it with `t.close()`.
 */
export async function setUpBookingTest(secret: string): Promise<BookingTestSetup> {
  const clock = new ManualClock(MONDAY_7AM);
  const sandbox = paymentsFromConfig(loadConfig({ NODE_ENV: 'test' }), secret) as SandboxPaymentProvider;
  const t = await createTestApp({ clock, providers: { payments: sandbox } });
  const ana = await createSignedInUser(t);
  await insertGarageVehicle(t.database, ana.id, 'ABC123');
  return { t, clock, sandbox, ana };
}

/** Books the RTM slot `franja` for the user's ABC123: the booking's id, payment reference, price and its cents. */
export async function bookRtm(
  t: TestContext,
  user: TestUser,
  franja: string,
  metodo_pago: 'pagar_ahora' | 'pagar_en_sitio' = 'pagar_ahora',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.rtmBook,
    headers: user.headers,
    payload: rtmBooking({ franja, metodo_pago }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const p = res.json().sessionInfo.parameters as {
    id_agendamiento: string;
    referencia: string;
    price: number;
  };
  return { id: p.id_agendamiento, reference: p.referencia, price: p.price, amount: p.price * 100 };
}
