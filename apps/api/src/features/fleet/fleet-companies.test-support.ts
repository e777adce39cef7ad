import { eq } from 'drizzle-orm';
import type { OrganisationRole } from '@togo/domain/organisation/organisation.contract';
import { organisationMembers, users } from '../../db/schema.ts';
import type { TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';

/** Test support for decision 038: members added straight to the table (the invitation flow has its own tests). */

export async function addMember(
  t: Pick<TestContext, 'database' | 'clock'>,
  organisationId: number,
  rol: OrganisationRole,
): Promise<TestUser> {
  const member = await createSignedInUser(t);
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
  await t.database.db.insert(organisationMembers).values({
    organisationId,
    correo: row?.email ?? `m${member.id}@correo.com`,
    rol,
    estado: 'activo',
    userId: member.id,
    accepted: t.clock.now(),
  });
  return member;
}

/** Active seats and taken counter of one RTM slot. */
export async function rtmSlot(
  t: Pick<TestContext, 'database'>,
  sede: string,
  fecha: string,
  hora: number,
): Promise<{ bookings: number; taken: number }> {
  const [row] = await t.database.query<{ bookings: number; taken: number }>(
    `select (select count(*)::int from bookings where branch_id = $1 and fecha = $2 and hora = $3
               and estado in ('pendiente_pago', 'confirmada')) as bookings,
            coalesce((select taken from booking_slots where branch_id = $1 and fecha = $2 and hora = $3), 0)::int as taken`,
    [sede, fecha, hora],
  );
  return row ?? { bookings: 0, taken: 0 };
}
