import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingSlots, bookings, payments } from '../../db/schema.ts';
import { bumpedIcsSequence } from './booking.rows.ts';
import { rows, takeSeatOrExpired } from './slot-seats.ts';

export type RescheduleOutcome =
  'moved' | 'not_found' | 'not_reschedulable' | 'same_slot' | 'full' | 'changed' | 'closed';

/** The states a driver may move: a hold, a confirmed booking, one affected by a closure. */
const RESCHEDULABLE = ['pendiente_pago', 'confirmada', 'afectada_cierre'];

/** SQL of 'Mis agendamientos' beyond list and cancel (which live in BookingRepository). */
export class MyBookingsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Moves an active booking of the user to another slot of its branch in one transaction: the branch row is read
   * FOR SHARE and a closed target day refused ('closed'), then both slot rows are locked in id order (then the
   * booking, like every writer), a seat is taken in the new slot (freeing expired holds if it is full; the CHECK
   * taken <= capacity is the last guard) and the old seat is given back.
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
        // The branch row first (FOR SHARE; a closure holds it FOR UPDATE), then the closures in a statement of
        // their own: its snapshot is taken after the lock, so a closure that just committed is seen.
        await tx.execute(sql`select id from booking_branches where id = ${input.branchId} for share`);
        const [closed] = await rows<{ closed: boolean }>(
          tx,
          sql`select exists (select 1 from branch_closures
                             where branch_id = ${input.branchId} and fecha = ${input.fecha}) as closed`,
        );
        if (closed?.closed) return 'closed';
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
        if (!RESCHEDULABLE.includes(row.estado) || row.expired) return 'not_reschedulable';
        if (!(await takeSeatOrExpired(tx, target.id, now))) return 'full';
        await tx.execute(sql`update booking_slots set taken = taken - 1 where id = ${found.slotId}`);
        await tx
          .update(bookings)
          .set({
            slotId: target.id,
            fecha: input.fecha,
            hora: input.hora,
            // A booking affected by a closure is confirmed again by its move (decision 110).
            ...(row.estado === 'afectada_cierre' ? { estado: 'confirmada', motivoEstado: null } : {}),
            datos: bumpedIcsSequence,
            updated: now,
            // What the console's agenda shows changed: a tab that read it is stale (decision 096).
            version: sql`${bookings.version} + 1`,
          })
          .where(eq(bookings.id, input.id));
        return 'moved';
      });
    } catch (err) {
      if (isCheckViolation(err)) return 'full';
      throw err;
    }
  }

  /**
   * A payment link for a booking whose hold still lasts, in one transaction holding the booking's row (so two
   * simultaneous calls give one link): a PENDING link made since `reuseSince` is answered again; otherwise
   * `makeLink` makes a new one (a new reference after a declined, voided or failed payment, whose reference the
   * gateway will not take again) and the hold restarts. Null when nothing is payable (paid, cancelled, on site,
   * or its hold already ended).
   */
  async payAgain(input: {
    userId: number;
    id: string;
    now: Date;
    expiraEn: Date;
    reuseSince: Date;
    newReference: () => string;
    makeLink: (reference: string) => Promise<string>;
  }): Promise<{ link: string; expiraEn: Date } | null> {
    const { now } = input;
    return this.db.transaction(async (tx) => {
      const [row] = await rows<{
        estado: string;
        expiraEn: Date | string | null;
        status: string;
        reference: string;
        link: string | null;
        fresh: boolean;
      }>(
        tx,
        sql`select b.estado, b.expira_en as "expiraEn", p.status, p.reference, p.link,
                   (p.updated >= ${input.reuseSince.toISOString()}) as fresh
            from bookings b join payments p on p.booking_id = b.id
            where b.id = ${input.id} and b.user_id = ${input.userId}
              and b.estado = 'pendiente_pago' and b.expira_en > ${now.toISOString()}
            for update of b, p`,
      );
      if (!row || row.status === 'EN_SITIO') return null;
      if (row.status === 'PENDING' && row.link && row.fresh && row.expiraEn) {
        return { link: row.link, expiraEn: new Date(row.expiraEn) };
      }
      const reference = row.status === 'PENDING' ? row.reference : input.newReference();
      const link = await input.makeLink(reference);
      await tx
        .update(bookings)
        .set({ expiraEn: input.expiraEn, updated: now })
        .where(eq(bookings.id, input.id));
      await tx
        .update(payments)
        .set({ reference, status: 'PENDING', link, providerTransactionId: null, updated: now })
        .where(eq(payments.bookingId, input.id));
      return { link, expiraEn: input.expiraEn };
    });
  }

  /**
   * 'Pagar en sitio' for a booking whose hold still lasts (issue 36): confirmed at once, nothing to pay online.
   * The payment keeps its gateway and reference, so a late approval of the old link is still recorded.
   */
  async payOnSite(input: { userId: number; id: string; now: Date }): Promise<boolean> {
    const { now } = input;
    return this.db.transaction(async (tx) => {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`select b.id from bookings b join payments p on p.booking_id = b.id
            where b.id = ${input.id} and b.user_id = ${input.userId}
              and b.estado = 'pendiente_pago' and b.expira_en > ${now.toISOString()}
            for update of b, p`,
      );
      if (!row) return false;
      await tx
        .update(bookings)
        .set({
          estado: 'confirmada',
          metodoPago: 'pagar_en_sitio',
          expiraEn: null,
          updated: now,
          version: sql`${bookings.version} + 1`,
        })
        .where(eq(bookings.id, input.id));
      await tx
        .update(payments)
        .set({ status: 'EN_SITIO', link: null, updated: now })
        .where(eq(payments.bookingId, input.id));
      return true;
    });
  }
}

function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23514' || e?.cause?.code === '23514';
}
