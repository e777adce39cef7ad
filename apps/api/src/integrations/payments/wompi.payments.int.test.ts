import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, readPaymentLink } from '@togo/domain/booking/booking.contract';
import { insertGarageVehicle, MONDAY_7AM, rtmBooking } from '../../features/booking/booking.test-support.ts';
import { createSignedInUser, type TestUser } from '../../features/garage/garage.test-support.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { sendJson, startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { signedWompiEvent } from './wompi-event.ts';

/** The Wompi adapter against a local fake of its API (GET /v1/transactions/{id}) on 127.0.0.1. */
const INTEGRITY = 'test_integrity_secret_0123456789';
const EVENTS = 'test_events_secret_0123456789abcdef';
const PUBLIC_KEY = 'pub_test_togo';

let fake: LocalServer;
let t: TestContext;
let ana: TestUser;
/** What the fake API reports per transaction id. */
const transactions = new Map<
  string,
  { status: string; reference: string; amount_in_cents: number } | 'fail'
>();

beforeAll(async () => {
  fake = await startLocalServer((req, _body, res) => {
    const id = decodeURIComponent(/^\/v1\/transactions\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '');
    if (req.headers.authorization !== `Bearer ${PUBLIC_KEY}`)
      return sendJson(res, 401, { error: 'unauthorized' });
    const tx = transactions.get(id);
    if (tx === 'fail') return sendJson(res, 502, { error: 'bad gateway' });
    if (!tx) return sendJson(res, 404, { error: { type: 'NOT_FOUND_ERROR' } });
    return sendJson(res, 200, { data: { id, currency: 'COP', ...tx } });
  });
  t = await createTestApp({
    clock: new ManualClock(MONDAY_7AM),
    env: {
      PAYMENTS_PROVIDER: 'wompi',
      WOMPI_PUBLIC_KEY: PUBLIC_KEY,
      WOMPI_INTEGRITY_SECRET: INTEGRITY,
      WOMPI_EVENTS_SECRET: EVENTS,
      WOMPI_API_URL: `${fake.url}/v1`,
      WOMPI_REDIRECT_URL: 'https://togo.example/app/servicios',
    },
  });
  ana = await createSignedInUser(t);
  await insertGarageVehicle(t.database, ana.id, 'ABC123');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function bookPayNow(franja: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.rtmBook,
    headers: ana.headers,
    payload: rtmBooking({ franja, metodo_pago: 'pagar_ahora' }),
  });
  expect(res.statusCode).toBe(200);
  return { parameters: res.json().sessionInfo.parameters, link: readPaymentLink(res.json()) ?? '' };
}

function deliver(event: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/pagos/webhook/wompi/', payload: event as object });
}

describe('Wompi payments', () => {
  it('builds a Web Checkout link with amount in cents, reference and the integrity signature', async () => {
    const { parameters, link } = await bookPayNow('9:00 AM');
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://checkout.wompi.co/p/');
    const q = url.searchParams;
    expect(q.get('public-key')).toBe(PUBLIC_KEY);
    expect(q.get('currency')).toBe('COP');
    expect(q.get('amount-in-cents')).toBe('37840000');
    expect(q.get('reference')).toBe(parameters.referencia);
    expect(q.get('expiration-time')).toBe('2026-11-23T12:15:00.000Z');
    expect(q.get('redirect-url')).toBe('https://togo.example/app/servicios');
    const expected = createHash('sha256')
      .update(`${parameters.referencia}37840000COP2026-11-23T12:15:00.000Z${INTEGRITY}`)
      .digest('hex');
    expect(q.get('signature:integrity')).toBe(expected);
  });

  it('applies a signed event once Wompi confirms the transaction, with its checksum in upper case', async () => {
    const { parameters } = await bookPayNow('10:00 AM');
    const id = '12345-1700000000-00001';
    transactions.set(id, { status: 'APPROVED', reference: parameters.referencia, amount_in_cents: 37840000 });
    const event = signedWompiEvent(
      { id, status: 'APPROVED', reference: parameters.referencia, amount_in_cents: 37840000 },
      1_763_900_000,
      EVENTS,
      'prod',
    );
    event.signature.checksum = event.signature.checksum.toUpperCase();
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, outcome: 'confirmed' });
    expect(fake.requests.at(-1)?.url).toBe(`/v1/transactions/${id}`);
    expect((await deliver(event)).json().outcome).toBe('duplicate');
    // The sandbox checkout page does not exist with the real gateway.
    const page = await t.app.inject({ method: 'GET', url: `/api/pagos/sandbox/${parameters.referencia}/` });
    expect(page.statusCode).toBe(404);
  });

  it('refuses a bad checksum, an event Wompi does not confirm, and answers 503 when Wompi is down', async () => {
    const { parameters } = await bookPayNow('11:00 AM');
    const tx = {
      id: 'tx-2',
      status: 'APPROVED' as const,
      reference: parameters.referencia,
      amount_in_cents: 37840000,
    };
    expect((await deliver(signedWompiEvent(tx, 1_763_900_000, 'wrong-secret'))).statusCode).toBe(401);
    // Signed correctly but Wompi has no such transaction.
    expect((await deliver(signedWompiEvent(tx, 1_763_900_000, EVENTS))).statusCode).toBe(401);
    // Wompi reports another amount than the event.
    transactions.set('tx-2', { status: 'APPROVED', reference: parameters.referencia, amount_in_cents: 100 });
    expect((await deliver(signedWompiEvent(tx, 1_763_900_000, EVENTS))).statusCode).toBe(401);
    transactions.set('tx-2', 'fail');
    const down = await deliver(signedWompiEvent(tx, 1_763_900_000, EVENTS));
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ detail: 'Pasarela de pagos no disponible, reintente más tarde.' });
    // A stale event: the signed event says APPROVED but Wompi now reports DECLINED → the hold is released.
    transactions.set('tx-2', {
      status: 'DECLINED',
      reference: parameters.referencia,
      amount_in_cents: 37840000,
    });
    const stale = await deliver(signedWompiEvent(tx, 1_763_900_001, EVENTS));
    expect(stale.json().outcome).toBe('declined');
  });

  it('the sandbox webhook path does not exist when Wompi is configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/pagos/webhook/sandbox/', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
