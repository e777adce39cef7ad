import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { rows } from './slot-seats.ts';

/** A refund to ask the gateway for: the booking's payment. */
export interface RefundTarget {
  bookingId: string;
  provider: string;
  reference: string;
  transactionId: string | null;
  amountInCents: number;
}

/** SQL of what follows a driver's cancellation or reschedule (issue 36): the refund and who hears of it. */
export class BookingChangesRepository {
  constructor(private readonly db: Db) {}

  /** The payment of a booking whose refund is pending, or null. */
  async pendingRefund(bookingId: string): Promise<RefundTarget | null> {
    const [row] = await rows<RefundTarget>(
      this.db,
      sql`select p.booking_id as "bookingId", p.provider, p.reference,
                 p.provider_transaction_id as "transactionId", p.amount_in_cents::bigint::float8 as "amountInCents"
          from payments p join bookings b on b.id = p.booking_id
          where p.booking_id = ${bookingId} and b.estado_reembolso = 'pendiente'`,
    );
    return row ? { ...row, amountInCents: Number(row.amountInCents) } : null;
  }

  /** Records one refund attempt (the operator's refund job retries 'fallido' and stale 'pendiente' ones). */
  async setRefundState(bookingId: string, estado: 'realizado' | 'fallido', error: string | null, now: Date) {
    await this.db
      .update(bookings)
      .set({
        estadoReembolso: estado,
        reembolsoError: error,
        reembolsoIntentos: sql`${bookings.reembolsoIntentos} + 1`,
        updated: now,
      })
      .where(eq(bookings.id, bookingId));
  }
}
