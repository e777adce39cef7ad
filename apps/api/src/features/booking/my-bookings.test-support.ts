import { expect } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import type { TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { tramitesBooking } from './booking.test-support.ts';

export const WEDNESDAY = '2026-11-25';

/** A trámites booking at TRA-BOG-01 (capacity 3); answers its id. */
export async function bookTramite(
  t: TestContext,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.tramitesBook,
    headers: user.headers,
    payload: tramitesBooking(overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sessionInfo.parameters.id_agendamiento as string;
}

/** Active bookings and the seat counter of one TRA-BOG-01 slot. */
export async function slotState(
  t: TestContext,
  fecha: string,
  hora: number,
): Promise<{ bookings: number; taken: number }> {
  const [row] = await t.database.query<{ bookings: number; taken: number }>(
    `select (select count(*)::int from bookings where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = $2
               and estado in ('pendiente_pago', 'confirmada')) as bookings,
            coalesce((select taken from booking_slots where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = $2), 0) as taken`,
    [fecha, hora],
  );
  return row ?? { bookings: 0, taken: 0 };
}
