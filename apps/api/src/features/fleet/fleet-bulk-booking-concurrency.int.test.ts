import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { FLEET_BULK_BOOKING_PATH } from '@togo/domain/fleet/fleet-bulk-booking.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { MONDAY_7AM, TUESDAY, insertGarageVehicle, rtmBooking } from '../booking/booking.test-support.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { rtmSlot } from './fleet-companies.test-support.ts';
import { createCompanyUser } from './fleet.test-support.ts';

/**
 * Two bulk bookings and three drivers race for the seats of one RTM hour (capacity 4). On PostgreSQL
 * (DATABASE_URL) the requests run at once on a pool; PGlite serialises them, so there the same invariants are
 * checked without a real race. Capacity is never exceeded, the seat counter always equals the active bookings,
 * and a bulk booking is all or nothing.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = onPostgres ? 5 : 1;
const SEDE = 'RTM-BOG-01';
const CAPACITY = 4;

let t: TestContext;
const companies: TestUser[] = [];
const drivers: TestUser[] = [];

const label = (hour: number) => `${hour > 12 ? hour - 12 : hour}:00 ${hour < 12 ? 'AM' : 'PM'}`;
const plate = (prefix: string, i: number) => `${prefix}${String(i).padStart(3, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(MONDAY_7AM) });
  for (const prefix of ['CPA', 'CPB']) {
    const company = await createCompanyUser(t);
    companies.push(company);
    for (let i = 0; i < 4; i++) await insertGarageVehicle(t.database, company.id, plate(prefix, i));
  }
  for (let i = 0; i < 3; i++) {
    const driver = await createSignedInUser(t);
    drivers.push(driver);
    await insertGarageVehicle(t.database, driver.id, plate('DRV', i));
  }
});
afterAll(async () => {
  await t?.close();
});

async function companyBookings(companyId: number, hour: number): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    `select count(*)::int as n from bookings where user_id = $1 and fecha = $2 and hora = $3
       and estado = 'confirmada'`,
    [companyId, TUESDAY, hour],
  );
  return row?.n ?? 0;
}

describe(`bulk bookings racing drivers for the last seats${onPostgres ? '' : ' (PGlite: serialised)'}`, () => {
  it('never exceeds capacity; each bulk booking is all or nothing', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const hour = 8 + round * 2; // the contested hour
      const spare = hour + 1; // each bulk also books one vehicle here (plenty of room)
      // Seed one seat already taken by another driver's earlier booking: 3 seats left for 9 wanted.
      const early = await createSignedInUser(t);
      await insertGarageVehicle(t.database, early.id, plate('ERL', round));
      const first = await t.app.inject({
        method: 'POST',
        url: BOOKING_PATHS.rtmBook,
        headers: early.headers,
        payload: rtmBooking({ placa: plate('ERL', round), franja: label(hour) }),
      });
      expect(first.statusCode, first.body).toBe(200);

      let done = false;
      let maxSeen = 0;
      const watcher = (async () => {
        while (!done) {
          const s = await rtmSlot(t, SEDE, TUESDAY, hour);
          maxSeen = Math.max(maxSeen, s.bookings, s.taken);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const bulk = (company: TestUser, prefix: string) =>
        t.app.inject({
          method: 'POST',
          url: FLEET_BULK_BOOKING_PATH,
          headers: company.headers,
          payload: {
            sede: SEDE,
            fecha: TUESDAY,
            vehiculos: [
              { placa: plate(prefix, 0), franja: label(hour) },
              { placa: plate(prefix, 1), franja: label(hour) },
              { placa: plate(prefix, 2), franja: label(spare) },
            ],
          },
        });
      const results = await Promise.all([
        bulk(companies[0] as TestUser, 'CPA'),
        bulk(companies[1] as TestUser, 'CPB'),
        ...drivers.map((d, i) =>
          t.app.inject({
            method: 'POST',
            url: BOOKING_PATHS.rtmBook,
            headers: d.headers,
            payload: rtmBooking({ placa: plate('DRV', i), franja: label(hour) }),
          }),
        ),
      ]);
      done = true;
      await watcher;

      const codes = results.map((r) => r.statusCode);
      for (const code of codes.slice(0, 2)) expect([201, 409]).toContain(code);
      for (const code of codes.slice(2)) expect([200, 409]).toContain(code);
      const bulkWins = codes.slice(0, 2).filter((c) => c === 201).length;
      const driverWins = codes.slice(2).filter((c) => c === 200).length;
      const final = await rtmSlot(t, SEDE, TUESDAY, hour);
      expect(final.taken).toBe(final.bookings);
      expect(final.taken).toBe(1 + bulkWins * 2 + driverWins);
      expect(final.taken).toBeLessThanOrEqual(CAPACITY);
      expect(maxSeen).toBeLessThanOrEqual(CAPACITY);
      // All or nothing: a refused bulk booking left no booking at either hour.
      for (const [i, company] of companies.entries()) {
        const expected = codes[i] === 201 ? [2, 1] : [0, 0];
        expect([await companyBookings(company.id, hour), await companyBookings(company.id, spare)]).toEqual(
          expected,
        );
      }
      const spareSlot = await rtmSlot(t, SEDE, TUESDAY, spare);
      expect(spareSlot).toEqual({ bookings: bulkWins, taken: bulkWins });
    }
  });
});
