import { ACTIVE_BOOKING_STATES } from '@togo/domain/booking/booking-states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, bookingSlots, payments } from '../../db/schema.ts';
import type { NewBooking, NewPayment } from './booking.repository.ts';
import { rows, takeSeatOrExpired } from './slot-seats.ts';

export type BulkOutcome =
  | { kind: 'booked' }
  | { kind: 'full'; placa: string; hora: number }
  | { kind: 'already'; placa: string; fecha: string };

/** Thrown inside the transaction to roll every seat back when one slot is full. */
class AlreadyBooked extends Error {
  constructor(
    readonly placa: string,
    readonly fecha: string,
  ) {
    super('already booked');
  }
}

class SlotFull extends Error {
  constructor(
    readonly placa: string,
    readonly hora: number,
  ) {
    super('slot full');
  }
}

/**
 * Several bookings at one branch on one date in ONE transaction (fleet bulk booking, decision 038): the slot
 * rows are created if missing, then locked FOR UPDATE in id order (the lock order every writer uses: slots
 * before bookings, several slots in id order), one seat is taken per booking (expired holds are released
 * first when a slot is full) and the bookings and their payments are inserted. Any full slot rolls everything
 * back; the CHECK taken <= capacity stays the last guard.
 */
export class BulkBookingRepository {
  constructor(private readonly db: Db) {}

  async bookAll(input: {
    branchId: string;
    fecha: string;
    /** Bogotá's date today: an RTM booked from this day on counts as booked. */
    today: string;
    capacity: number;
    items: { booking: NewBooking; payment: NewPayment }[];
    now: Date;
  }): Promise<BulkOutcome> {
    const { branchId, fecha, now } = input;
    const hours = [...new Set(input.items.map((i) => i.booking.hora))].sort((a, b) => a - b);
    try {
      return await this.db.transaction(async (tx) => {
        // One vehicle's RTM is booked once (issue 37). A transaction lock per (owner, plate), taken in plate
        // order, makes two bulk bookings of the same vehicle on different days wait for each other.
        const plates = [...new Set(input.items.map((i) => i.booking.placa))].sort();
        for (const placa of plates) {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`bulk-rtm:${input.items[0]?.booking.userId}:${placa}`}))`,
          );
        }
        const taken = await rows<{ placa: string; fecha: string }>(
          tx,
          sql`select placa, to_char(fecha, 'YYYY-MM-DD') as fecha from bookings
              where user_id = ${input.items[0]?.booking.userId} and servicio = 'rtm'
                and fecha >= ${input.today}
                and estado in (${sql.join(
                  ACTIVE_BOOKING_STATES.map((st) => sql`${st}`),
                  sql`, `,
                )})
                and placa in (${sql.join(
                  plates.map((p) => sql`${p}`),
                  sql`, `,
                )})
              order by placa, fecha limit 1`,
        );
        if (taken[0]) throw new AlreadyBooked(taken[0].placa, taken[0].fecha);
        await tx
          .insert(bookingSlots)
          .values(hours.map((hora) => ({ branchId, fecha, hora, capacity: input.capacity })))
          .onConflictDoNothing();
        const locked = await rows<{ id: number; hora: number }>(
          tx,
          sql`select id::int as id, hora::int as hora from booking_slots
              where branch_id = ${branchId} and fecha = ${fecha}
                and hora in (${sql.join(
                  hours.map((h) => sql`${h}`),
                  sql`, `,
                )})
              order by id for update`,
        );
        const slotOf = new Map(locked.map((s) => [s.hora, s.id]));
        const values = [];
        for (const { booking } of input.items) {
          const slotId = slotOf.get(booking.hora);
          if (slotId === undefined) throw new Error('booking slot row missing after insert');
          if (!(await takeSeatOrExpired(tx, slotId, now))) throw new SlotFull(booking.placa, booking.hora);
          values.push({ ...booking, slotId, created: now, updated: now });
        }
        await tx.insert(bookings).values(values);
        await tx.insert(payments).values(
          input.items.map(({ payment, booking }) => ({
            ...payment,
            bookingId: booking.id,
            currency: 'COP',
            created: now,
            updated: now,
          })),
        );
        return { kind: 'booked' as const };
      });
    } catch (err) {
      if (err instanceof SlotFull) return { kind: 'full', placa: err.placa, hora: err.hora };
      if (err instanceof AlreadyBooked) return { kind: 'already', placa: err.placa, fecha: err.fecha };
      // The CHECK (taken <= capacity) fired: the database refused an over-booking.
      const e = err as { code?: string; cause?: { code?: string } } | null;
      if (e?.code === '23514' || e?.cause?.code === '23514') {
        return { kind: 'full', placa: input.items[0]?.booking.placa ?? '', hora: hours[0] ?? 0 };
      }
      throw err;
    }
  }
}
