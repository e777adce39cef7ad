import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { MONDAY_7AM, TUESDAY, tramitesBooking } from './booking.test-support.ts';

/**
 * The over-booking guard under concurrent requests. On PostgreSQL (DATABASE_URL) 50 requests race for one slot
 * of capacity 3 through a pool of 5 connections. PGlite is a single connection, so requests are serialised
 * there: the test still runs, with 10 requests, and checks the same invariants.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const REQUESTS = onPostgres ? 50 : 10;
const CAPACITY = 3; // TRA-BOG-01 in seed-data/booking.json

let t: TestContext;
let users: TestUser[];

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(MONDAY_7AM) });
  users = [];
  for (let i = 0; i < REQUESTS; i++) users.push(await createSignedInUser(t));
});
afterAll(async () => {
  await t?.close();
});

async function activeInSlot(): Promise<{ bookings: number; taken: number }> {
  const [row] = await t.database.query<{ bookings: number; taken: number }>(
    `select (select count(*)::int from bookings where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = 9
               and estado in ('pendiente_pago', 'confirmada')) as bookings,
            coalesce((select taken from booking_slots where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = 9), 0) as taken`,
    [TUESDAY],
  );
  return row ?? { bookings: 0, taken: 0 };
}

describe(`${REQUESTS} simultaneous bookings for one slot of capacity ${CAPACITY}${onPostgres ? '' : ' (PGlite: serialised, 10 requests)'}`, () => {
  it('exactly the capacity succeeds, the rest get 409, the table never holds more', async () => {
    let done = false;
    let maxSeen = 0;
    // Watches the table while the requests race (on PostgreSQL through its own pool connection).
    const watcher = (async () => {
      while (!done) {
        const now = await activeInSlot();
        maxSeen = Math.max(maxSeen, now.bookings, now.taken);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const results = await Promise.all(
      users.map((user, i) =>
        t.app.inject({
          method: 'POST',
          url: BOOKING_PATHS.tramitesBook,
          headers: user.headers,
          payload: tramitesBooking({ franja: '9:00 AM', placa: `CON${String(i).padStart(3, '0')}` }),
        }),
      ),
    );
    done = true;
    await watcher;
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(CAPACITY);
    expect(codes.filter((c) => c === 409)).toHaveLength(REQUESTS - CAPACITY);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toEqual({ detail: 'El horario seleccionado ya no está disponible, selecciona otro.' });
    }
    const final = await activeInSlot();
    expect(final).toEqual({ bookings: CAPACITY, taken: CAPACITY });
    expect(maxSeen).toBeLessThanOrEqual(CAPACITY);
    const [payments] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from payments p join bookings b on b.id = p.booking_id
       where b.branch_id = 'TRA-BOG-01' and b.fecha = $1 and b.hora = 9`,
      [TUESDAY],
    );
    expect(payments?.n).toBe(CAPACITY); // no orphan payment rows from refused requests
  });

  it('the CHECK constraint refuses an over-booking even from a direct UPDATE', async () => {
    await expect(
      t.database.query(
        `update booking_slots set taken = capacity + 1 where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = 9`,
        [TUESDAY],
      ),
    ).rejects.toThrow(/booking_slots_taken_ck/);
  });
});
