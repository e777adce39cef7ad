import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MY_BOOKINGS_PATHS,
  myBookingItemsResponseSchema,
  payAgainResponseSchema,
} from '@togo/domain/booking/my-bookings.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { MONDAY_7AM, TUESDAY } from './booking.test-support.ts';
import { WEDNESDAY, bookTramite, slotState } from './my-bookings.test-support.ts';

let t: TestContext;
let clock: ManualClock;
let ana: TestUser;
let beto: TestUser;

beforeAll(async () => {
  clock = new ManualClock(MONDAY_7AM);
  t = await createTestApp({ clock, env: { BOOKING_FREE_CANCEL_HOURS: '24' } });
  ana = await createSignedInUser(t);
  beto = await createSignedInUser(t);
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function list(user: TestUser = ana) {
  const res = await call('GET', MY_BOOKINGS_PATHS.list, user);
  expect(res.statusCode).toBe(200);
  return myBookingItemsResponseSchema.parse(res.json()).results;
}

describe('GET /api/togo/agendamientos/ with the cancellation policy', () => {
  it('needs a token', async () => {
    expect((await call('GET', MY_BOOKINGS_PATHS.list)).statusCode).toBe(401);
  });

  it('says until when a booking can be cancelled free of charge', async () => {
    const id = await bookTramite(t, ana, { franja: '2:00 PM', fecha_agenda: WEDNESDAY });
    const item = (await list()).find((b) => b.id === id);
    // Wednesday 14:00 Bogotá = 19:00Z; 24 hours before.
    expect(item).toMatchObject({
      estado: 'confirmada',
      cancelable_hasta: '2026-11-24T19:00:00.000Z',
      puede_cancelar: true,
      puede_reprogramar: true,
    });
    expect((await list(beto)).find((b) => b.id === id)).toBeUndefined();
  });
});

describe('POST /api/togo/agendamientos/{id}/reprogramar/', () => {
  it('moves the booking to another hour of its branch and gives the old seat back', async () => {
    const id = await bookTramite(t, ana, { franja: '8:00 AM', fecha_agenda: WEDNESDAY });
    expect(await slotState(t, WEDNESDAY, 8)).toEqual({ bookings: 1, taken: 1 });
    const res = await call('POST', MY_BOOKINGS_PATHS.reschedule(id), ana, {
      fecha_agenda: WEDNESDAY,
      franja: '3:00 PM',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      fecha_agenda: WEDNESDAY,
      franja: '3:00 PM',
      estado: 'confirmada',
    });
    expect(await slotState(t, WEDNESDAY, 8)).toEqual({ bookings: 0, taken: 0 });
    expect(await slotState(t, WEDNESDAY, 15)).toEqual({ bookings: 1, taken: 1 });
  });

  it('refuses bad input, the same slot, an hour the branch does not offer, and another user', async () => {
    const id = await bookTramite(t, ana, { franja: '9:00 AM', fecha_agenda: WEDNESDAY });
    const url = MY_BOOKINGS_PATHS.reschedule(id);
    expect(
      (await call('POST', url, undefined, { fecha_agenda: WEDNESDAY, franja: '10:00 AM' })).statusCode,
    ).toBe(401);
    const malformed = await call('POST', url, ana, { fecha_agenda: '2026-13-45', franja: 'mañana' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      fecha_agenda: ['Fecha inválida, use AAAA-MM-DD.'],
      franja: ["Franja inválida, use 'H:00 AM' o 'H:00 PM'."],
    });
    const same = await call('POST', url, ana, { fecha_agenda: WEDNESDAY, franja: '9:00 AM' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ detail: 'Elige una fecha u hora distinta a la de tu cita actual.' });
    const closed = await call('POST', url, ana, { fecha_agenda: WEDNESDAY, franja: '11:00 PM' });
    expect(closed.statusCode).toBe(400);
    const foreign = await call('POST', url, beto, { fecha_agenda: WEDNESDAY, franja: '10:00 AM' });
    expect(foreign.statusCode).toBe(404);
    const junk = await call('POST', MY_BOOKINGS_PATHS.reschedule('nope'), ana, {
      fecha_agenda: WEDNESDAY,
      franja: '10:00 AM',
    });
    expect(junk.statusCode).toBe(404);
    // Nothing moved.
    expect(await slotState(t, WEDNESDAY, 9)).toEqual({ bookings: 1, taken: 1 });
  });

  it('answers 409 when the new slot is full', async () => {
    for (let i = 0; i < 3; i++) await bookTramite(t, beto, { franja: '4:00 PM', fecha_agenda: WEDNESDAY });
    const id = await bookTramite(t, ana, { franja: '1:00 PM', fecha_agenda: WEDNESDAY });
    const res = await call('POST', MY_BOOKINGS_PATHS.reschedule(id), ana, {
      fecha_agenda: WEDNESDAY,
      franja: '4:00 PM',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'El horario seleccionado ya no está disponible, selecciona otro.' });
    expect(await slotState(t, WEDNESDAY, 13)).toEqual({ bookings: 1, taken: 1 });
    expect(await slotState(t, WEDNESDAY, 16)).toEqual({ bookings: 3, taken: 3 });
  });
});

describe('the free-cancellation window', () => {
  it('refuses cancel and reschedule of a confirmed booking within the last 24 hours, in Spanish', async () => {
    const id = await bookTramite(t, ana, { franja: '11:00 AM', fecha_agenda: TUESDAY });
    clock.set('2026-11-23T17:00:00Z'); // Monday 12:00 in Bogotá: 23 hours before.
    try {
      const message = {
        detail: 'Solo puedes cancelar o reprogramar sin costo hasta 24 horas antes de tu cita.',
      };
      const cancel = await call('DELETE', MY_BOOKINGS_PATHS.one(id), ana);
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json()).toEqual(message);
      const move = await call('POST', MY_BOOKINGS_PATHS.reschedule(id), ana, {
        fecha_agenda: WEDNESDAY,
        franja: '11:00 AM',
      });
      expect(move.statusCode).toBe(409);
      expect(move.json()).toEqual(message);
      expect((await list()).find((b) => b.id === id)).toMatchObject({
        estado: 'confirmada',
        puede_cancelar: false,
      });
    } finally {
      clock.set(MONDAY_7AM);
    }
  });

  it('lets an unpaid hold be dropped even inside the window', async () => {
    const id = await bookTramite(t, ana, {
      franja: '12:00 PM',
      fecha_agenda: TUESDAY,
      metodo_pago: 'pagar_ahora',
    });
    clock.set('2026-11-23T12:05:00Z');
    try {
      expect((await call('DELETE', MY_BOOKINGS_PATHS.one(id), ana)).statusCode).toBe(204);
    } finally {
      clock.set(MONDAY_7AM);
    }
  });
});

describe('POST /api/togo/agendamientos/{id}/pagar/', () => {
  it('gives a pending booking a fresh link and restarts its hold; a confirmed one has nothing to pay', async () => {
    const id = await bookTramite(t, ana, {
      franja: '10:00 AM',
      fecha_agenda: WEDNESDAY,
      metodo_pago: 'pagar_ahora',
    });
    clock.set('2026-11-23T12:10:00Z');
    try {
      const res = await call('POST', MY_BOOKINGS_PATHS.pay(id), ana);
      expect(res.statusCode, res.body).toBe(200);
      const body = payAgainResponseSchema.parse(res.json());
      expect(body.expira_en).toBe('2026-11-23T12:25:00.000Z');
      expect(body.linkPago).toMatch(/\/api\/pagos\/sandbox\/TG/);
      expect((await list()).find((b) => b.id === id)?.expira_en).toBe('2026-11-23T12:25:00.000Z');
      expect((await call('POST', MY_BOOKINGS_PATHS.pay(id), beto)).statusCode).toBe(404);
    } finally {
      clock.set(MONDAY_7AM);
    }
    const confirmed = await bookTramite(t, ana, { franja: '11:00 AM', fecha_agenda: WEDNESDAY });
    const res = await call('POST', MY_BOOKINGS_PATHS.pay(confirmed), ana);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Este agendamiento no tiene un pago pendiente.' });
  });

  it('refuses a hold that already ended', async () => {
    const id = await bookTramite(t, ana, {
      franja: '12:00 PM',
      fecha_agenda: WEDNESDAY,
      metodo_pago: 'pagar_ahora',
    });
    clock.set('2026-11-23T13:00:00Z');
    try {
      expect((await call('POST', MY_BOOKINGS_PATHS.pay(id), ana)).statusCode).toBe(409);
    } finally {
      clock.set(MONDAY_7AM);
    }
  });
});

describe('GET /api/togo/agendamientos/{id}/calendario.ics', () => {
  it('answers the booking as an iCalendar event to its owner only', async () => {
    const id = await bookTramite(t, ana, { franja: '3:00 PM', fecha_agenda: TUESDAY });
    const res = await call('GET', MY_BOOKINGS_PATHS.calendar(id), ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toContain('BEGIN:VEVENT');
    expect(res.body).toContain('DTSTART:20261124T200000Z');
    expect((await call('GET', MY_BOOKINGS_PATHS.calendar(id), beto)).statusCode).toBe(404);
    expect((await call('GET', MY_BOOKINGS_PATHS.calendar(id))).statusCode).toBe(401);
  });
});
