import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myBookingItemsResponseSchema } from '@togo/domain/booking/my-bookings.contract';
import {
  FLEET_BULK_BOOKING_PATH,
  fleetBulkBookingResponseSchema,
} from '@togo/domain/fleet/fleet-bulk-booking.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { MONDAY_7AM, TUESDAY, insertGarageVehicle } from '../booking/booking.test-support.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addMember, rtmSlot } from './fleet-companies.test-support.ts';
import { createCompanyUser } from './fleet.test-support.ts';

const SEDE = 'RTM-BOG-01'; // capacity 4, LIVIANOS and MOTOS

let t: TestContext;
let company: TestUser;
let operador: TestUser;
let consulta: TestUser;
let otherCompany: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(MONDAY_7AM) });
  company = await createCompanyUser(t);
  otherCompany = await createCompanyUser(t);
  client = await createCompanyUser(t, GROUP_CLIENT);
  operador = await addMember(t, company.id, 'operador');
  consulta = await addMember(t, company.id, 'consulta');
  for (const placa of ['BLK001', 'BLK002', 'BLK003', 'BLK004', 'BLK005', 'BLK006', 'BLK007']) {
    await insertGarageVehicle(t.database, company.id, placa);
  }
  await insertGarageVehicle(t.database, otherCompany.id, 'OTR001');
});
afterAll(async () => {
  await t?.close();
});

const post = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: FLEET_BULK_BOOKING_PATH,
    headers: user?.headers ?? {},
    payload: payload as object,
  });

const body = (vehiculos: { placa: string; franja: string }[], fecha = TUESDAY) => ({
  sede: SEDE,
  fecha,
  vehiculos,
});

async function bookingsOf(userId: number): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    `select count(*)::int as n from bookings where user_id = $1`,
    [userId],
  );
  return row?.n ?? 0;
}

describe('POST /api/togo/flota/agendamientos/ (bulk RTM booking)', () => {
  it('an operador books three vehicles at once: 201, confirmed, paid on site, seats taken', async () => {
    const res = await post(
      operador,
      body([
        { placa: 'BLK001', franja: '8:00 AM' },
        { placa: 'blk-002', franja: '8:00 AM' },
        { placa: 'BLK003', franja: '9:00 am' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const answer = fleetBulkBookingResponseSchema.parse(res.json());
    expect(answer.agendamientos.map((a) => [a.placa, a.franja])).toEqual([
      ['BLK001', '8:00 AM'],
      ['BLK002', '8:00 AM'],
      ['BLK003', '9:00 AM'],
    ]);
    expect(answer.mensaje).toBe('Se agendaron 3 vehículos.');
    expect(answer.total).toBe(answer.agendamientos.reduce((s, a) => s + a.precio, 0));
    expect(await rtmSlot(t, SEDE, TUESDAY, 8)).toEqual({ bookings: 2, taken: 2 });
    const payments = await t.database.query<{ status: string; estado: string; user_id: number }>(
      `select p.status, b.estado, b.user_id from payments p join bookings b on b.id = p.booking_id
       where b.placa like 'BLK%'`,
    );
    expect(payments).toHaveLength(3);
    for (const p of payments)
      expect(p).toEqual({ status: 'EN_SITIO', estado: 'confirmada', user_id: company.id });
  });

  it('the company login sees them in its bookings', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/togo/agendamientos/',
      headers: company.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('BLK003');
  });

  it("every member, consulta too, lists the organisation's bookings in the fleet area (issue 37)", async () => {
    const list = (user: TestUser | null) =>
      t.app.inject({ method: 'GET', url: FLEET_BULK_BOOKING_PATH, headers: user?.headers ?? {} });
    for (const member of [company, operador, consulta]) {
      const res = await list(member);
      expect(res.statusCode, res.body).toBe(200);
      const { results } = myBookingItemsResponseSchema.parse(res.json());
      expect(results.map((b) => b.placa).sort()).toEqual(['BLK001', 'BLK002', 'BLK003']);
    }
    expect((await list(client)).statusCode).toBe(403);
    expect((await list(null)).statusCode).toBe(401);
    const other = await list(otherCompany);
    expect(other.statusCode).toBe(200);
    expect(myBookingItemsResponseSchema.parse(other.json()).results).toEqual([]);
  });

  it('consulta, a client, another company and no session are refused and nothing is booked', async () => {
    const before = await bookingsOf(company.id);
    const payload = body([{ placa: 'BLK004', franja: '10:00 AM' }]);
    expect((await post(consulta, payload)).statusCode).toBe(403);
    expect((await post(client, payload)).statusCode).toBe(403);
    expect((await post(null, payload)).statusCode).toBe(401);
    // Another company acts for its own organisation: our plate is not in its fleet.
    const other = await post(otherCompany, payload);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      vehiculos: { '0': { placa: ['Este vehículo no está en la flota de la empresa.'] } },
    });
    expect(await bookingsOf(company.id)).toBe(before);
  });

  it('bad input is a 400 naming the field, and nothing is booked', async () => {
    const before = await bookingsOf(company.id);
    const cases: [unknown, unknown][] = [
      [{ fecha: TUESDAY, vehiculos: [{ placa: 'BLK004', franja: '10:00 AM' }] }, { sede: expect.any(Array) }],
      [body([], 'mañana'), { fecha: expect.any(Array), vehiculos: ['Selecciona al menos un vehículo.'] }],
      [
        body([
          { placa: 'BLK004', franja: '10:00 AM' },
          { placa: 'BLK005', franja: 'diez' },
        ]),
        { vehiculos: { '1': { franja: expect.any(Array) } } },
      ],
      [
        body([
          { placa: 'BLK004', franja: '10:00 AM' },
          { placa: 'BLK004', franja: '11:00 AM' },
        ]),
        { vehiculos: { '1': { placa: ['Este vehículo está repetido en la lista.'] } } },
      ],
      [
        body(
          Array.from({ length: 51 }, (_, i) => ({
            placa: `ZZZ${String(i).padStart(3, '0')}`,
            franja: '8:00 AM',
          })),
        ),
        { vehiculos: ['Puedes agendar hasta 50 vehículos a la vez.'] },
      ],
      [
        body([
          { placa: 'BLK004', franja: '10:00 AM' },
          { placa: 'OTR001', franja: '10:00 AM' },
        ]),
        { vehiculos: { '1': { placa: ['Este vehículo no está en la flota de la empresa.'] } } },
      ],
      [
        body([{ placa: 'BLK004', franja: '11:00 PM' }]),
        {
          vehiculos: {
            '0': { franja: ['El horario seleccionado no está disponible para esta sede y fecha.'] },
          },
        },
      ],
      [
        { ...body([{ placa: 'BLK004', franja: '10:00 AM' }]), sede: 'PER-BOG-DOM' },
        { sede: ['La sede seleccionada no existe o no presta este servicio.'] },
      ],
      [body([{ placa: 'BLK004', franja: '10:00 AM' }], '2026-11-22'), { vehiculos: expect.any(Object) }],
    ];
    for (const [payload, expected] of cases) {
      const res = await post(company, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    expect(await bookingsOf(company.id)).toBe(before);
  });

  it('a full slot is a 409 naming the vehicle and the hour, and the other vehicles are not booked either', async () => {
    // 8:00 holds 2 of 4 already: 3 more cannot fit.
    const before = await bookingsOf(company.id);
    const res = await post(
      company,
      body([
        { placa: 'BLK004', franja: '10:00 AM' },
        { placa: 'BLK005', franja: '8:00 AM' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const extra = await post(otherCompany, body([{ placa: 'OTR001', franja: '8:00 AM' }]));
    expect(extra.statusCode).toBe(201);
    expect(await rtmSlot(t, SEDE, TUESDAY, 8)).toEqual({ bookings: 4, taken: 4 });
    await t.database.query(`delete from bookings where placa = 'BLK004'`);
    await t.database.query(
      `update booking_slots set taken = taken - 1 where branch_id = $1 and fecha = $2 and hora = 10`,
      [SEDE, TUESDAY],
    );
    const full = await post(
      company,
      body(
        [
          { placa: 'BLK004', franja: '10:00 AM' },
          { placa: 'BLK006', franja: '8:00 AM' },
        ],
        '2026-11-24',
      ),
    );
    // The hour is full: 409, and BLK004 stays unbooked.
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json()).toEqual({
      detail: 'No quedan cupos a las 8:00 a. m. para BLK006. No se agendó ningún vehículo; elige otra hora.',
    });
    expect(await rtmSlot(t, SEDE, TUESDAY, 10)).toEqual({ bookings: 0, taken: 0 });
    expect(await bookingsOf(company.id)).toBe(before + 1);
  });

  it('a vehicle whose RTM is already booked is not booked again on another day, even by two requests at once (issue 37)', async () => {
    const before = await bookingsOf(company.id);
    const again = await post(
      operador,
      body(
        [
          { placa: 'BLK007', franja: '9:00 AM' },
          { placa: 'BLK001', franja: '9:00 AM' },
        ],
        '2026-11-25',
      ),
    );
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({
      detail:
        'BLK001 ya tiene la revisión técnico-mecánica agendada el 24-11-2026. No se agendó ningún vehículo; quítalo de la selección o cancela esa cita.',
    });
    expect(await bookingsOf(company.id)).toBe(before);
    // Two requests for the same vehicle on two days at once: one is booked, the other refused.
    const race = await Promise.all([
      post(operador, body([{ placa: 'BLK007', franja: '9:00 AM' }], '2026-11-25')),
      post(company, body([{ placa: 'BLK007', franja: '10:00 AM' }], '2026-11-26')),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await bookingsOf(company.id)).toBe(before + 1);
  });
});
