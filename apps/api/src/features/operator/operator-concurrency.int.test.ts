import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingAnswerSchema } from '@togo/domain/booking/booking.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  createDriver,
  createStaff,
  rowVersion,
  tramitesBooking,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

/**
 * Two staff members cancel the same booking while drivers book its slot. On PostgreSQL (DATABASE_URL) the
 * requests race through a pool of 5 connections; PGlite is one connection, so there they are serialised and
 * the same invariants are checked.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = onPostgres ? 8 : 3;
const TUESDAY = '2026-11-24';

let t: TestContext;
let staffA: TestStaff;
let staffB: TestStaff;
let drivers: TestDriver[];

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T12:00:00Z') });
  staffA = await createStaff(t, 'operaciones');
  staffB = await createStaff(t, 'admin');
  drivers = [];
  for (let i = 0; i < 3; i++) drivers.push(await createDriver(t));
  // One seat per hour makes every race a race for the same seat.
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/operador/sedes/TRA-BOG-01/',
    headers: { ...staffA.headers, 'if-match': '"0"' },
    payload: { capacidad: 1 },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function slotState(hora: number) {
  const [row] = await t.database.query<{ active: number; taken: number; capacity: number }>(
    `select (select count(*)::int from bookings where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = $2
               and estado in ('pendiente_pago', 'confirmada')) as active,
            coalesce((select taken from booking_slots where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = $2), 0) as taken,
            coalesce((select capacity from booking_slots where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = $2), 1) as capacity`,
    [TUESDAY, hora],
  );
  return row ?? { active: 0, taken: 0, capacity: 1 };
}

const bookAt = (driver: TestDriver, hora: number, placa: string) =>
  t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.tramitesBook,
    headers: driver.headers,
    payload: tramitesBooking({
      franja: `${hora > 12 ? hora - 12 : hora}:00 ${hora >= 12 ? 'PM' : 'AM'}`,
      placa,
    }),
  });

/** Both read the agenda at the same version (decision 096): the loser's answer is the stale 409. */
const cancel = (staff: TestStaff, id: string, version: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/agendamientos/${id}/estado/`,
    headers: { ...staff.headers, 'if-match': `"${version}"` },
    payload: { estado: 'cancelado', motivo: 'Carrera de prueba' },
  });

describe(`two staff cancel while drivers book the same slot (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it('one cancellation wins, the other is a 409, and the slot never holds more than its capacity', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const hora = 8 + round;
      const first = await bookAt(drivers[0]!, hora, `CCA${round}00`);
      expect(first.statusCode).toBe(200);
      const id = bookingAnswerSchema.parse(first.json()).sessionInfo.parameters.id_agendamiento;
      const version = await rowVersion(t, 'bookings', id);

      let done = false;
      let maxSeen = 0;
      const watcher = (async () => {
        while (!done) {
          const s = await slotState(hora);
          maxSeen = Math.max(maxSeen, s.active, s.taken);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const [c1, c2, b1, b2] = await Promise.all([
        cancel(staffA, id, version),
        cancel(staffB, id, version),
        bookAt(drivers[1]!, hora, `CCB${round}00`),
        bookAt(drivers[2]!, hora, `CCC${round}00`),
      ]);
      done = true;
      await watcher;

      expect([c1.statusCode, c2.statusCode].sort()).toEqual([200, 409]);
      const booked = [b1, b2].filter((r) => r.statusCode === 200).length;
      expect(booked).toBeLessThanOrEqual(1);
      const end = await slotState(hora);
      expect(end.active).toBe(booked);
      expect(end.taken).toBe(booked);
      expect(maxSeen).toBeLessThanOrEqual(1);
      // The freed seat is bookable once the race is over when no racing driver took it.
      if (booked === 0) expect((await bookAt(drivers[1]!, hora, `CCD${round}00`)).statusCode).toBe(200);
      expect((await slotState(hora)).taken).toBe(1);
    }
  });
});
