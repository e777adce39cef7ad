import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingSlots, bookings, payments } from '../../db/schema.ts';
import { rows, takeSeatOrExpired } from './slot-seats.ts';

export type RescheduleOutcome =
  'moved' | 'not_found' | 'not_reschedulable' | 'same_slot' | 'full' | 'changed';

/** SQL of 'Mis agendamientos' beyond list and cancel (which live in BookingRepository). */
export class MyBookingsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Moves an active booking of the user to another slot of its branch in one transaction: both slot rows are
   * locked in id order (then the booking, like every writer), a seat is taken in the new slot (freeing expired
   * holds if it is full; the CHECK taken <= capacity is the last guard) and the old seat is given back.
   */
  async reschedule(input: {
    userId: number;
    id: string;
    branchId: string;
    fecha: string;
    hora: number;
    capacity: number;
    now: Date;
  }): Promise<RescheduleOutcome> {
    const { now } = input;
    try {
      return await this.db.transaction(async (tx) => {
        const [found] = await tx
          .select({ slotId: bookings.slotId })
          .from(bookings)
          .where(and(eq(bookings.id, input.id), eq(bookings.userId, input.userId)));
        if (!found) return 'not_found';
        await tx
          .insert(bookingSlots)
          .values({
            branchId: input.branchId,
            fecha: input.fecha,
            hora: input.hora,
            capacity: input.capacity,
          })
          .onConflictDoNothing();
        const [target] = await rows<{ id: number }>(
          tx,
          sql`select id::int as id from booking_slots
              where branch_id = ${input.branchId} and fecha = ${input.fecha} and hora = ${input.hora}`,
        );
        if (!target) throw new Error('booking slot row missing after insert');
        if (target.id === found.slotId) return 'same_slot';
        await tx.execute(
          sql`select id from booking_slots where id in (${found.slotId}, ${target.id}) order by id for update`,
        );
        const [row] = await rows<{ estado: string; expired: boolean; slotId: number }>(
          tx,
          sql`select estado, (estado = 'pendiente_pago' and expira_en <= ${now.toISOString()}) as expired,
                     slot_id::int as "slotId"
              from bookings where id = ${input.id} for update`,
        );
        if (!row) return 'not_found';
        if (row.slotId !== found.slotId) return 'changed';
        if (!['pendiente_pago', 'confirmada'].includes(row.estado) || row.expired) return 'not_reschedulable';
        if (!(await takeSeatOrExpired(tx, target.id, now))) return 'full';
        await tx.execute(sql`update booking_slots set taken = taken - 1 where id = ${found.slotId}`);
        await tx
          .update(bookings)
          .set({ slotId: target.id, fecha: input.fecha, hora: input.hora, updated: now })
          .where(eq(bookings.id, input.id));
        return 'moved';
      });
    } catch (err) {
      if (isCheckViolation(err)) return 'full';
      throw err;
    }
  }

  /**
   * Restarts the hold of a booking still waiting for its payment, with a new link: false when it is no longer
   * pending (paid, cancelled or its hold already ended).
   */
  async renewHold(input: {
    userId: number;
    id: string;
    now: Date;
    expiraEn: Date;
    link: string;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const renewed = await tx
        .update(bookings)
        .set({ expiraEn: input.expiraEn, updated: input.now })
        .where(
          and(
            eq(bookings.id, input.id),
            eq(bookings.userId, input.userId),
            eq(bookings.estado, 'pendiente_pago'),
            sql`${bookings.expiraEn} > ${input.now.toISOString()}`,
          ),
        )
        .returning({ id: bookings.id });
      if (renewed.length === 0) return false;
      await tx
        .update(payments)
        .set({ link: input.link, updated: input.now })
        .where(and(eq(payments.bookingId, input.id), eq(payments.status, 'PENDING')));
      return true;
    });
  }
}

function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23514' || e?.cause?.code === '23514';
}
