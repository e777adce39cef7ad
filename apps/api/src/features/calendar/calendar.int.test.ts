import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser, setAlertDates, type TestUser } from '../alerts/alerts.test-fixtures.ts';
import { MONDAY_7AM, insertGarageVehicle, rtmBooking } from '../booking/booking.test-support.ts';

let t: TestContext;
let ana: TestUser;
let beto: TestUser;
let car: number;
let moto: number;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(MONDAY_7AM) });
  ana = await createUser(t);
  beto = await createUser(t, 'Beto');
  car = await insertGarageVehicle(t.database, ana.id, 'ABC123');
  moto = await insertGarageVehicle(t.database, ana.id, 'XYZ12D', 'MOTOCICLETA');
  const other = await insertGarageVehicle(t.database, beto.id, 'BBB222');
  await setAlertDates(t, car, 'ALERTA_SOAT', 'registry', '2026-01-10', '2027-01-10');
  await setAlertDates(t, car, 'ALERTA_RTM', 'registry', '2026-02-01', '2027-02-01');
  await setAlertDates(t, car, 'ALERTA_TODO_RIESGO', 'user', '2026-03-05', '2027-03-05');
  await setAlertDates(t, car, 'ALERTA_IMPUESTO', 'user', null, '2027-05-31');
  // The kit's stored date is the last recharge; it is due 12 months later.
  await setAlertDates(t, car, 'ALERTA_KIT', 'user', null, '2026-06-15');
  await setAlertDates(t, car, 'ALERTA_LICENCIA', 'registry', null, '2030-08-20');
  // The same licence on the second vehicle: one event (issue 36).
  await setAlertDates(t, moto, 'ALERTA_LICENCIA', 'registry', null, '2030-08-20');
  await setAlertDates(t, moto, 'ALERTA_SOAT', 'registry', '2026-04-01', '2027-04-01');
  // The user's date wins over the registry's.
  await setAlertDates(t, moto, 'ALERTA_SOAT', 'user', '2026-04-01', '2027-04-03');
  await setAlertDates(t, other, 'ALERTA_SOAT', 'registry', '2026-04-01', '2027-09-09');
});
afterAll(async () => {
  await t.close();
});

async function link(user: TestUser): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/togo/calendario/', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}

/** The feed at an address, fetched WITHOUT any token. */
async function fetchFeed(url: string) {
  return t.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname });
}

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((c) => ({
    comp: c,
    event: new ICAL.Event(c),
    start: c.getFirstProperty('dtstart'),
  }));
}

describe('calendar feed', () => {
  it('needs a token for the address; the address is stable', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/togo/calendario/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/togo/calendario/revocar/' })).statusCode).toBe(
      401,
    );
    const url = await link(ana);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/togo\/calendario\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await link(ana)).toBe(url);
    expect(await link(beto)).not.toBe(url);
    // Only the hash is stored.
    const token = url.split('/').pop()!.replace('.ics', '');
    const rows = await t.database.query<{ token_hash: string; token_enc: string }>(
      'select token_hash, token_enc from calendar_feeds',
    );
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('serves every expiry as an all-day event with a 7-day alarm, and the bookings', async () => {
    // A booking for Tuesday 9:00 (pay on site).
    const booked = await t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.rtmBook,
      headers: ana.headers,
      payload: rtmBooking(),
    });
    expect(booked.statusCode).toBeLessThan(300);

    const res = await fetchFeed(await link(ana));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toContain('\r\n');
    const events = parse(res.body);
    const allDay = events.filter((e) => e.start?.type === 'date');
    const days = allDay.map((e) => `${e.event.summary} ${String(e.start?.getFirstValue())}`).sort();
    expect(days).toEqual(
      [
        'Vence Impuesto vehicular · ABC123 2027-05-31',
        'Vence tu licencia de conducción 2030-08-20',
        'Vence Póliza todo riesgo · ABC123 2027-03-05',
        'Vence Recarga del kit de carretera · ABC123 2027-06-15',
        'Vence Revisión técnico-mecánica · ABC123 2027-02-01',
        'Vence SOAT · ABC123 2027-01-10',
        'Vence SOAT · XYZ12D 2027-04-03',
      ].sort(),
    );
    expect(res.body).toContain('DTSTART;VALUE=DATE:20270110');
    const licence = allDay.find((e) => e.event.summary === 'Vence tu licencia de conducción')?.event;
    expect(licence?.description).toBe('Tu licencia de conducción vence este día. Renuévala a tiempo.');
    expect(licence?.uid).toBe(`vencimiento-${car}-ALERTA_LICENCIA@togo.com.co`);
    for (const e of allDay) {
      const alarm = e.comp.getFirstSubcomponent('valarm');
      expect(alarm?.getFirstPropertyValue('trigger')?.toString()).toBe('-P7D');
      expect(e.event.uid).toMatch(/^vencimiento-\d+-ALERTA_[A-Z_]+@togo\.com\.co$/);
    }
    // Nobody else's vehicles.
    expect(res.body).not.toContain('BBB222');
    const bookings = events.filter((e) => e.start?.type === 'date-time');
    expect(bookings).toHaveLength(1);
    expect(bookings[0]?.event.startDate.toJSDate().toISOString()).toBe('2026-11-24T14:00:00.000Z');
    expect(bookings[0]?.event.summary).toContain('Revisión técnico-mecánica');
  });

  it('reflects a date change under the same UID', async () => {
    const url = await link(ana);
    const uidOf = (body: string) => parse(body).find((e) => e.event.summary === 'Vence SOAT · ABC123')?.event;
    const before = uidOf((await fetchFeed(url)).body);
    await setAlertDates(t, car, 'ALERTA_SOAT', 'user', '2027-01-05', '2028-01-05');
    const after = uidOf((await fetchFeed(url)).body);
    expect(after?.uid).toBe(before?.uid);
    expect(after?.startDate.toString()).toBe('2028-01-05');
  });

  it('revoking gives a new address and the old one answers 404', async () => {
    const old = await link(ana);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/togo/calendario/revocar/',
      headers: ana.headers,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().url as string;
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect(await link(ana)).toBe(fresh);
    // Beto's address is untouched.
    expect((await fetchFeed(await link(beto))).statusCode).toBe(200);
  });

  it('answers 404 to unknown, malformed and oversized tokens', async () => {
    for (const token of ['x', 'A'.repeat(43) + '.ics', '..%2F..%2Fetc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/togo/calendario/feed/${token}` });
      expect(res.statusCode).toBe(404);
    }
    // A NUL is refused before any route, as on every path (decision 018).
    const nul = await t.app.inject({ method: 'GET', url: `/api/togo/calendario/feed/${'%00'.repeat(20)}` });
    expect(nul.statusCode).toBe(400);
    // Fastify refuses an over-long path parameter before the handler (414 URI Too Long).
    const long = await t.app.inject({ method: 'GET', url: `/api/togo/calendario/feed/${'A'.repeat(5000)}` });
    expect(long.statusCode).toBe(414);
  });
});
