import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faultPause } from '../../lib/fault-pause.ts';
import { bookings, paymentEvents, payments } from '../../db/schema.ts';
import type { PaymentEventInput, PaymentEventOutcome } from './booking.rows.ts';
import { expireHoldsOfSlot, rows, takeSeat, type Tx } from './slot-seats.ts';

const GATEWAY_FINAL = ['APPROVED', 'DECLINED', 'VOIDED', 'ERROR'];

/**
 * Applies a verified payment event once (the event id is the primary key of payment_events). Never moves a
 * booking backwards: a final payment status is kept, PENDING changes nothing, APPROVED confirms a hold (or
 * re-takes a seat for a hold released meanwhile), DECLINED/VOIDED/ERROR release a hold that has ended and leave
 * a live one payable (issue 36).
 */
export async function applyPaymentEvent(
  db: Db,
  event: PaymentEventInput,
  now: Date,
): Promise<{ outcome: PaymentEventOutcome; bookingId: string | null }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        eventId: event.eventId,
        reference: event.reference,
        status: event.status,
        outcome: 'pending',
        payload: event.payload,
        received: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (inserted.length === 0) return { outcome: 'duplicate' as const, bookingId: null };
    const result = await applyToBooking(tx, event, now);
    await faultPause('payment-event-inserted');
    await tx
      .update(paymentEvents)
      .set({ outcome: result.outcome })
      .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)));
    return result;
  });
}

async function applyToBooking(
  tx: Tx,
  event: PaymentEventInput,
  now: Date,
): Promise<{ outcome: PaymentEventOutcome; bookingId: string | null }> {
  const [found] = await tx
    .select({ bookingId: payments.bookingId, slotId: bookings.slotId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.reference, event.reference), eq(payments.provider, event.provider)));
  if (!found) return { outcome: 'unknown_reference', bookingId: null };
  const bookingId = found.bookingId;
  const [slot] = await rows<{ capacity: number; taken: number }>(
    tx,
    sql`select capacity, taken from booking_slots where id = ${found.slotId} for update`,
  );
  const [state] = await rows<{ estado: string; status: string; slotId: number; holding: boolean }>(
    tx,
    sql`select b.estado, p.status, b.slot_id::int as "slotId",
               coalesce(b.expira_en > ${now.toISOString()}, false) as holding
        from bookings b join payments p on p.booking_id = b.id
        where b.id = ${bookingId} for update of b, p`,
  );
  if (!slot || !state) return { outcome: 'unknown_reference', bookingId };
  // Rescheduled between the first read and the lock: work on the slot it holds now.
  if (state.slotId !== found.slotId) {
    await tx.execute(sql`select id from booking_slots where id = ${state.slotId} for update`);
    found.slotId = state.slotId;
  }
  // A gateway's final answer is final; EXPIRED/CANCELLED (our own) still accept a late APPROVED.
  if (event.status === 'PENDING' || GATEWAY_FINAL.includes(state.status))
    return { outcome: 'ignored', bookingId };
  // 'Pagar en sitio' chosen after a failed payment: only a late approval of the old link still counts.
  if (state.status === 'EN_SITIO' && event.status !== 'APPROVED') return { outcome: 'ignored', bookingId };

  await tx
    .update(payments)
    .set({ status: event.status, providerTransactionId: event.transactionId, updated: now })
    .where(eq(payments.bookingId, bookingId));

  if (event.status !== 'APPROVED') {
    if (state.estado !== 'pendiente_pago') return { outcome: 'ignored', bookingId };
    // While the hold lasts the booking keeps its seat and stays payable (issue 36): a new link (pagar/) or
    // 'Pagar en sitio' (pagar-en-sitio/); the release job ends it with the hold.
    if (state.holding) return { outcome: 'declined', bookingId };
    await tx
      .update(bookings)
      .set({ estado: 'rechazada', updated: now, version: sql`${bookings.version} + 1` })
      .where(eq(bookings.id, bookingId));
    await tx.execute(sql`update booking_slots set taken = taken - 1 where id = ${found.slotId}`);
    return { outcome: 'declined', bookingId };
  }
  if (state.estado === 'pendiente_pago') {
    await tx
      .update(bookings)
      .set({ estado: 'confirmada', expiraEn: null, updated: now, version: sql`${bookings.version} + 1` })
      .where(eq(bookings.id, bookingId));
    return { outcome: 'confirmed', bookingId };
  }
  if (state.estado === 'cancelada') return { outcome: 'approved_after_cancel', bookingId };
  if (state.estado === 'confirmada') {
    // Paid online through the old link after choosing 'Pagar en sitio': nothing is owed on site.
    await tx
      .update(bookings)
      .set({ metodoPago: 'pagar_ahora', updated: now, version: sql`${bookings.version} + 1` })
      .where(eq(bookings.id, bookingId));
    return { outcome: 'ignored', bookingId };
  }
  // The hold was released (expired) before the payment arrived: take a seat again when one is free.
  await expireHoldsOfSlot(tx, found.slotId, now);
  if (!(await takeSeat(tx, found.slotId))) return { outcome: 'approved_without_slot', bookingId };
  await tx
    .update(bookings)
    .set({ estado: 'confirmada', expiraEn: null, updated: now, version: sql`${bookings.version} + 1` })
    .where(eq(bookings.id, bookingId));
  return { outcome: 'confirmed', bookingId };
}
