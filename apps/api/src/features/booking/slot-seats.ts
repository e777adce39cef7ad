import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';

/**
 * The seat counter of a slot row (booking_slots.taken, CHECK taken <= capacity), shared by booking, cancel,
 * payment events and reschedule. Every writer locks slot rows before booking rows, several slots in id order.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

export async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with { rows }.
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One more seat of a locked slot, unless it is full. */
export async function takeSeat(tx: Tx, slotId: number): Promise<boolean> {
  const taken = await rows<{ taken: number }>(
    tx,
    sql`update booking_slots set taken = taken + 1 where id = ${slotId} and taken < capacity returning taken`,
  );
  return taken.length > 0;
}

/**
 * On a slot row the caller has locked: marks its expired holds 'expirada', voids their payments and frees
 * their seats. Answers how many seats that freed.
 */
export async function expireHoldsOfSlot(tx: Tx, slotId: number, now: Date): Promise<number> {
  const expired = await rows<{ id: string }>(
    tx,
    // A hold whose last payment was declined ends as 'rechazada' (issue 36 keeps it payable until then).
    sql`update bookings set updated = ${now.toISOString()}, version = version + 1,
          estado = case when exists (select 1 from payments p where p.booking_id = bookings.id
                                       and p.status in ('DECLINED', 'VOIDED', 'ERROR'))
                        then 'rechazada' else 'expirada' end
        where slot_id = ${slotId} and estado = 'pendiente_pago' and expira_en <= ${now.toISOString()}
        returning id`,
  );
  if (expired.length === 0) return 0;
  await tx
    .update(payments)
    .set({ status: 'EXPIRED', updated: now })
    .where(
      and(
        inArray(
          payments.bookingId,
          expired.map((e) => e.id),
        ),
        eq(payments.status, 'PENDING'),
      ),
    );
  await tx.execute(sql`update booking_slots set taken = taken - ${expired.length}::int where id = ${slotId}`);
  return expired.length;
}

/** A seat of a locked slot: a free one, else one freed from an expired hold. */
export async function takeSeatOrExpired(tx: Tx, slotId: number, now: Date): Promise<boolean> {
  if (await takeSeat(tx, slotId)) return true;
  if ((await expireHoldsOfSlot(tx, slotId, now)) === 0) return false;
  return takeSeat(tx, slotId);
}
