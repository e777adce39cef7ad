import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_BOOKINGS_PATHS } from '@togo/domain/booking/my-bookings.contract';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { MONDAY_7AM, tramitesBooking } from './booking.test-support.ts';
import { WEDNESDAY, bookTramite, slotState } from './my-bookings.test-support.ts';

/**
 * Reschedule and cancel racing other writers of the same slot. On PostgreSQL (DATABASE_URL) the requests really
 * run at once on a pool; PGlite is one connection and serialises them, so there the same invariants are checked
 * without a real race.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = onPostgres ? 4 : 1;
const CAPACITY = 3; // TRA-BOG-01

let t: TestContext;
let users: TestUser[];

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(MONDAY_7AM) });
  users = [];
  for (let i = 0; i < 8; i++) users.push(await createSignedInUser(t));
});
afterAll(async () => {
  await t?.close();
});

const user = (i: number) => users[i] as TestUser;
const franja = (hour: number) => `${hour > 12 ? hour - 12 : hour}:00 ${hour < 12 ? 'AM' : 'PM'}`;

function reschedule(by: TestUser, id: string, hour: number) {
  return t.app.inject({
    method: 'POST',
    url: MY_BOOKINGS_PATHS.reschedule(id),
    headers: by.headers,
    payload: { fecha_agenda: WEDNESDAY, franja: franja(hour) },
  });
}

/** Every seat counter of the branch's Wednesday equals the active bookings it holds, never above capacity. */
async function expectCountersConsistent() {
  for (let hour = 8; hour <= 16; hour++) {
    const s = await slotState(t, WEDNESDAY, hour);
    expect(s.taken, `${hour}:00`).toBe(s.bookings);
    expect(s.taken).toBeLessThanOrEqual(CAPACITY);
  }
}

describe(`reschedule and cancel under concurrency${onPostgres ? '' : ' (PGlite: serialised)'}`, () => {
  it('two reschedules into the last seat: exactly one wins', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const target = 8 + round; // 8:00 … 11:00
      const from = 13 + round; // 1:00 PM … 4:00 PM
      for (let i = 0; i < CAPACITY - 1; i++)
        await bookTramite(t, user(i), { franja: franja(target), fecha_agenda: WEDNESDAY });
      const a = await bookTramite(t, user(3), { franja: franja(from), fecha_agenda: WEDNESDAY });
      const b = await bookTramite(t, user(4), { franja: franja(from), fecha_agenda: WEDNESDAY });
      const results = await Promise.all([reschedule(user(3), a, target), reschedule(user(4), b, target)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      expect(await slotState(t, WEDNESDAY, target)).toEqual({ bookings: CAPACITY, taken: CAPACITY });
      expect(await slotState(t, WEDNESDAY, from)).toEqual({ bookings: 1, taken: 1 });
    }
    await expectCountersConsistent();
  });

  it('a cancel racing new bookings of the same full slot lets at most one in', async () => {
    const hour = 12;
    const ids = [];
    for (let i = 0; i < CAPACITY; i++)
      ids.push(await bookTramite(t, user(i), { franja: franja(hour), fecha_agenda: WEDNESDAY }));
    const cancel = t.app.inject({
      method: 'DELETE',
      url: MY_BOOKINGS_PATHS.one(ids[0] as string),
      headers: user(0).headers,
    });
    const bookings = [5, 6, 7].map((i) =>
      t.app.inject({
        method: 'POST',
        url: BOOKING_PATHS.tramitesBook,
        headers: user(i).headers,
        payload: tramitesBooking({ franja: franja(hour), fecha_agenda: WEDNESDAY, placa: `RAC00${i}` }),
      }),
    );
    const [cancelled, ...booked] = await Promise.all([cancel, ...bookings]);
    expect(cancelled?.statusCode).toBe(204);
    const won = booked.filter((r) => r.statusCode === 200).length;
    expect(won).toBeLessThanOrEqual(1);
    expect(booked.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await slotState(t, WEDNESDAY, hour)).toEqual({
      bookings: CAPACITY - 1 + won,
      taken: CAPACITY - 1 + won,
    });
    await expectCountersConsistent();
  });

  it('a cancel racing a reschedule of the same booking keeps every seat counter right', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await bookTramite(t, user(5), {
        franja: '4:00 PM',
        fecha_agenda: WEDNESDAY,
        metodo_pago: 'pagar_ahora',
      });
      const [moved, cancelled] = await Promise.all([
        reschedule(user(5), id, 15),
        t.app.inject({ method: 'DELETE', url: MY_BOOKINGS_PATHS.one(id), headers: user(5).headers }),
      ]);
      expect([200, 409]).toContain(moved.statusCode);
      expect([204, 409]).toContain(cancelled.statusCode);
      await expectCountersConsistent();
    }
  });
});
