import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingAnswerSchema } from '@togo/domain/booking/booking.contract';
import { MY_BOOKINGS_PATHS } from '@togo/domain/booking/my-bookings.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  createDriver,
  createStaff,
  tramitesBooking,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

/**
 * A day closure and a driver's reschedule of the same booking at once (decision 110). On PostgreSQL
 * (DATABASE_URL) the two requests race through the pool; PGlite is one connection, so there they are serialised
 * and the same invariants are checked: a booking never stays 'confirmada' on a closed day, and every slot's seat
 * counter matches the bookings that hold a seat.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = onPostgres ? 5 : 2;
/** Weekdays of December 2026 that are not holidays: one closure each. */
const DAYS = [
  '2026-12-03',
  '2026-12-04',
  '2026-12-07',
  '2026-12-09',
  '2026-12-10',
  '2026-12-11',
  '2026-12-14',
  '2026-12-15',
  '2026-12-16',
  '2026-12-17',
];
const SOURCE = '2026-12-01';
const TARGET = '2026-12-02';

let t: TestContext;
let ops: TestStaff;
let driver: TestDriver;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T12:00:00Z') });
  ops = await createStaff(t, 'operaciones');
  driver = await createDriver(t);
});
afterAll(async () => {
  await t?.close();
});

const franja = (hora: number) => `${hora > 12 ? hora - 12 : hora}:00 ${hora >= 12 ? 'PM' : 'AM'}`;

async function bookAt(fecha: string, hora: number, placa: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.tramitesBook,
    headers: driver.headers,
    payload: tramitesBooking({ fecha_agenda: fecha, franja: franja(hora), placa }),
  });
  expect(res.statusCode).toBe(200);
  return bookingAnswerSchema.parse(res.json()).sessionInfo.parameters.id_agendamiento;
}

const closeDay = (fecha: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operador/sedes/TRA-BOG-01/cierres/',
    headers: ops.headers,
    payload: { fecha, motivo: 'Carrera de prueba' },
  });

const reschedule = (id: string, fecha: string, hora: number) =>
  t.app.inject({
    method: 'POST',
    url: MY_BOOKINGS_PATHS.reschedule(id),
    headers: driver.headers,
    payload: { fecha_agenda: fecha, franja: franja(hora) },
  });

async function booking(id: string) {
  const [row] = await t.database.query<{ fecha: string; hora: number; estado: string }>(
    'select fecha::text as fecha, hora::int as hora, estado from bookings where id = $1',
    [id],
  );
  return row;
}

/** Slots of the branch whose seat counter differs from the bookings holding a seat there. */
async function seatMismatches() {
  return t.database.query<{ fecha: string; hora: number }>(
    `select s.fecha::text as fecha, s.hora::int as hora from booking_slots s
     where s.branch_id = 'TRA-BOG-01'
       and s.taken <> (select count(*) from bookings b where b.slot_id = s.id
                         and b.estado in ('pendiente_pago', 'confirmada', 'afectada_cierre'))`,
  );
}

describe(`a closure and a reschedule at once (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it('a booking moved into a day being closed is refused or marked affected, never left confirmed', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const day = DAYS[round]!;
      const id = await bookAt(SOURCE, 8 + round, `RIN${round}00`);
      const [closed, moved] = await Promise.all([closeDay(day), reschedule(id, day, 10)]);
      expect(closed.statusCode).toBe(201);
      const after = await booking(id);
      if (moved.statusCode === 200) {
        expect(after).toEqual({ fecha: day, hora: 10, estado: 'afectada_cierre' });
        const listed = (closed.json() as { por_reprogramar: { id: string }[] }).por_reprogramar;
        expect(listed.map((b) => b.id)).toEqual([id]);
      } else {
        expect(moved.statusCode).toBe(400);
        expect(after).toEqual({ fecha: SOURCE, hora: 8 + round, estado: 'confirmada' });
      }
    }
    expect(await seatMismatches()).toEqual([]);
  });

  it('a booking moved out of a day being closed ends confirmed on its new day', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const day = DAYS[DAYS.length - 1 - round]!;
      const id = await bookAt(day, 9, `ROU${round}00`);
      const [closed, moved] = await Promise.all([closeDay(day), reschedule(id, TARGET, 8 + round)]);
      expect(closed.statusCode).toBe(201);
      expect(moved.statusCode).toBe(200);
      expect(await booking(id)).toEqual({ fecha: TARGET, hora: 8 + round, estado: 'confirmada' });
    }
    expect(await seatMismatches()).toEqual([]);
  });
});
