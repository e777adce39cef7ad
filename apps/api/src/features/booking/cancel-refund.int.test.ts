import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MY_BOOKINGS_PATHS, myBookingItemsResponseSchema } from '@togo/domain/booking/my-bookings.contract';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import { signedWompiEvent } from '../../integrations/payments/wompi-event.ts';
import type { ManualClock } from '../../lib/clock.ts';
import type { TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { TUESDAY } from './booking.test-support.ts';
import { bookRtm, setUpBookingTest } from './booking-setup.test-support.ts';

/**
 * Issue 36, blocking 3: a cancelled paid booking is refunded and says so (`reembolso` in the list), and every
 * cancellation or reschedule sends an email with the updated .ics (and a WhatsApp message when the driver turned
 * WhatsApp on).
 */
const SECRET = 'cancel-refund-secret-'.padEnd(40, 'x');
let t: TestContext;
let clock: ManualClock;
let ana: TestUser;
let email: string;
let sandbox: SandboxPaymentProvider;

beforeAll(async () => {
  ({ t, clock, sandbox, ana } = await setUpBookingTest(SECRET));
  const [row] = await t.database.query<{ email: string }>('select email from users where id = $1', [ana.id]);
  email = row?.email ?? '';
});
afterAll(async () => {
  await t?.close();
});

async function book(franja: string, metodo_pago: 'pagar_ahora' | 'pagar_en_sitio') {
  const p = await bookRtm(t, ana, franja, metodo_pago);
  if (metodo_pago === 'pagar_ahora') {
    const event = signedWompiEvent(
      { id: `tx-${p.reference}`, status: 'APPROVED', reference: p.reference, amount_in_cents: p.amount },
      Math.floor(clock.now().getTime() / 1000),
      sandbox.eventsSecret,
    );
    const paid = await t.app.inject({ method: 'POST', url: '/api/pagos/webhook/sandbox/', payload: event });
    expect(paid.json().outcome).toBe('confirmed');
  }
  return { id: p.id, price: p.price };
}

const cancel = (id: string) =>
  t.app.inject({ method: 'DELETE', url: MY_BOOKINGS_PATHS.one(id), headers: ana.headers });

async function mine(id: string) {
  const res = await t.app.inject({ method: 'GET', url: MY_BOOKINGS_PATHS.list, headers: ana.headers });
  return myBookingItemsResponseSchema.parse(res.json()).results.find((b) => b.id === id);
}

async function lastMail(subject: string) {
  return (await listOutbox(t.database.db, email, 50)).find((m) => m.subject?.startsWith(subject));
}

describe('cancelling a booking (issue 36)', () => {
  it('refunds a paid booking and tells it: reembolso in the list, the email and WhatsApp', async () => {
    await t.database.query('update users set telefono = $2 where id = $1', [ana.id, '3001234567']);
    await t.database.query(
      'insert into notification_preferences (user_id, whatsapp) values ($1, true) on conflict (user_id) do update set whatsapp = true',
      [ana.id],
    );
    const paid = await book('8:00 AM', 'pagar_ahora');
    expect((await mine(paid.id))?.reembolso).toBeNull();
    const refund = vi.spyOn(sandbox, 'refund');
    expect((await cancel(paid.id)).statusCode).toBe(204);
    expect(refund).toHaveBeenCalledWith(expect.objectContaining({ amountInCents: paid.price * 100 }));
    refund.mockRestore();
    expect(await mine(paid.id)).toMatchObject({
      estado: 'cancelada',
      reembolso: { estado: 'realizado', valor: paid.price },
    });
    const mail = await lastMail('Agendamiento cancelado');
    expect(mail?.body).toContain('cancelaste tu agendamiento del 24-11-2026 a las 8:00 a. m.');
    expect(mail?.body).toContain('Reembolsamos $');
    const ics = String(mail?.attachments[0]?.content);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(`UID:${paid.id}@togo.com.co`);
    const whatsapp = (await listOutbox(t.database.db, '573001234567', 10)).find(
      (m) => m.channel === 'whatsapp' && m.subject?.startsWith('togo_agendamiento_cancelado'),
    );
    expect(whatsapp?.body).toContain('Reembolsamos $');
  });

  it('a refund the gateway refuses reads "fallido" (the refund job retries it)', async () => {
    const paid = await book('9:00 AM', 'pagar_ahora');
    const refund = vi.spyOn(sandbox, 'refund').mockRejectedValueOnce(new Error('pasarela caída'));
    expect((await cancel(paid.id)).statusCode).toBe(204);
    refund.mockRestore();
    expect((await mine(paid.id))?.reembolso).toEqual({ estado: 'fallido', valor: paid.price });
    expect((await lastMail('Agendamiento cancelado'))?.body).toContain('Te reembolsaremos $');
  });

  it('a booking paid on site has no refund, and its email says nothing was charged', async () => {
    const onSite = await book('10:00 AM', 'pagar_en_sitio');
    expect((await cancel(onSite.id)).statusCode).toBe(204);
    expect((await mine(onSite.id))?.reembolso).toBeNull();
    expect((await lastMail('Agendamiento cancelado'))?.body).toContain('No se hizo ningún cobro');
  });
});

describe('rescheduling a booking (issue 36)', () => {
  it('sends an email whose .ics keeps the UID and raises SEQUENCE on every change', async () => {
    const b = await book('11:00 AM', 'pagar_en_sitio');
    const move = (franja: string) =>
      t.app.inject({
        method: 'POST',
        url: MY_BOOKINGS_PATHS.reschedule(b.id),
        headers: ana.headers,
        payload: { fecha_agenda: TUESDAY, franja },
      });
    expect((await move('2:00 PM')).statusCode).toBe(200);
    const mail = await lastMail('Agendamiento reprogramado');
    expect(mail?.body).toContain('reprogramado para el 24-11-2026 a las 2:00 p. m.');
    expect(String(mail?.attachments[0]?.content)).toContain('SEQUENCE:1');
    expect((await move('3:00 PM')).statusCode).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: MY_BOOKINGS_PATHS.calendar(b.id),
      headers: ana.headers,
    });
    expect(file.body).toContain('SEQUENCE:2');
    expect(file.body).toContain('METHOD:PUBLISH');
    expect(file.body).toContain(`UID:${b.id}@togo.com.co`);
  });
});
