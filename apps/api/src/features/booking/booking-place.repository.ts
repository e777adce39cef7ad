import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingSlots, bookings, idempotencyKeys, payments } from '../../db/schema.ts';
import type { BookOutcome, NewBooking, NewPayment } from './booking.rows.ts';
import { expireHoldsOfSlot, rows, takeSeat, type Runner } from './slot-seats.ts';

/** Lock class for pg_advisory_xact_lock(class, hashtext(user:key)): one Idempotency-Key at a time. */
const IDEMPOTENCY_LOCK_CLASS = 7_420_040;

/**
 * Placing a booking (book.service.ts): the reads its checks make before any side effect, and the one transaction
 * that takes the seat.
 */
export class BookingPlaceRepository {
  constructor(private readonly db: Db) {}

  /** The answer stored under a user's Idempotency-Key, if any. */
  storedAnswer(userId: number, key: string): Promise<Replay | null> {
    return storedKey(this.db, userId, key);
  }

  /**
   * True when the slot's row says it is full and no hold of it has expired (an expired hold's seat is freed by the
   * booking that needs it). A read without locks: the transaction checks again under the slot's lock.
   */
  async slotIsFull(branchId: string, fecha: string, hora: number, now: Date): Promise<boolean> {
    const [pre] = await rows<{ full: boolean }>(
      this.db,
      sql`select taken >= capacity and not exists (
            select 1 from bookings b where b.slot_id = s.id and b.estado = 'pendiente_pago'
              and b.expira_en <= ${now.toISOString()}) as full
          from booking_slots s
          where branch_id = ${branchId} and fecha = ${fecha} and hora = ${hora}`,
    );
    return pre?.full ?? false;
  }

  /**
   * One transaction: replays an answer stored meanwhile under the Idempotency-Key (the key is locked for the
   * transaction), else locks the slot row (created on first use), takes one seat (releasing the slot's expired
   * holds when it is full; the CHECK taken <= capacity is the last guard), inserts the booking and its payment and
   * stores the answer under the key.
   */
  async book(input: {
    booking: NewBooking;
    payment: NewPayment;
    capacity: number;
    now: Date;
    idempotency: { key: string; requestHash: string } | null;
    answer: unknown;
  }): Promise<BookOutcome> {
    const { booking, payment, now } = input;
    try {
      return await this.db.transaction(async (tx) => {
        if (input.idempotency) {
          await tx.execute(
            sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK_CLASS}::int, hashtext(${`${booking.userId}:${input.idempotency.key}`}))`,
          );
          const stored = await storedKey(tx, booking.userId, input.idempotency.key);
          if (stored) return stored;
        }
        await tx
          .insert(bookingSlots)
          .values({
            branchId: booking.branchId,
            fecha: booking.fecha,
            hora: booking.hora,
            capacity: input.capacity,
          })
          .onConflictDoNothing();
        // Taking the seat is the first write: the slot row stays locked only for the inserts that follow.
        let [slot] = await rows<{ id: number }>(
          tx,
          sql`update booking_slots set taken = taken + 1
              where branch_id = ${booking.branchId} and fecha = ${booking.fecha} and hora = ${booking.hora}
                and taken < capacity
              returning id::int as id`,
        );
        if (!slot) {
          // Full: free the seats of expired holds (not yet released by the job), then try once more.
          const [locked] = await rows<{ id: number }>(
            tx,
            sql`select id::int as id from booking_slots
                where branch_id = ${booking.branchId} and fecha = ${booking.fecha} and hora = ${booking.hora}
                for update`,
          );
          if (!locked) throw new Error('booking slot row missing after insert');
          if ((await expireHoldsOfSlot(tx, locked.id, now)) === 0) return { kind: 'full' as const };
          if (!(await takeSeat(tx, locked.id))) return { kind: 'full' as const };
          slot = locked;
        }
        await tx.insert(bookings).values({ ...booking, slotId: slot.id, created: now, updated: now });
        await tx.insert(payments).values({
          ...payment,
          bookingId: booking.id,
          currency: 'COP',
          created: now,
          updated: now,
        });
        if (input.idempotency) {
          await tx.insert(idempotencyKeys).values({
            userId: booking.userId,
            key: input.idempotency.key,
            requestHash: input.idempotency.requestHash,
            statusCode: 200,
            response: input.answer,
            created: now,
          });
        }
        return { kind: 'booked' as const, bookingId: booking.id };
      });
    } catch (err) {
      // The CHECK (taken <= capacity) fired: the database refused an over-booking.
      if (isCheckViolation(err)) return { kind: 'full' };
      throw err;
    }
  }
}

type Replay = Extract<BookOutcome, { kind: 'replay' }>;

async function storedKey(db: Runner, userId: number, key: string): Promise<Replay | null> {
  const [stored] = await (db as Db)
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return stored
    ? {
        kind: 'replay' as const,
        requestHash: stored.requestHash,
        statusCode: stored.statusCode,
        response: stored.response,
      }
    : null;
}

function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23514' || e?.cause?.code === '23514';
}
