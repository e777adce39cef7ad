import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bookingBranches,
  bookingSlots,
  branchClosures,
  bookings,
  cities,
  idempotencyKeys,
  paymentEvents,
  payments,
  peritajeCombos,
  rtmPrices,
  tramites,
  users,
} from '../../db/schema.ts';

import { expireHoldsOfSlot, rows, takeSeat, type Runner, type Tx } from './slot-seats.ts';

/** Lock class for pg_advisory_xact_lock(class, hashtext(user:key)): one Idempotency-Key at a time. */
const IDEMPOTENCY_LOCK_CLASS = 7_420_040;

export interface BranchRow {
  id: string;
  servicio: string;
  nombre: string;
  direccion: string;
  cityId: number;
  cityName: string;
  telefono: string;
  lat: number;
  lng: number;
  maps: string;
  imagen: string;
  horario: unknown;
  capacidad: number;
  atiende: unknown;
  aDomicilio: boolean;
}

export interface VehicleFacts {
  placa: string;
  clase: string | null;
  combustible: string | null;
}

export interface SlotOccupancy {
  fecha: string;
  hora: number;
  capacity: number;
  ocupados: number;
}

export interface BookingRow {
  id: string;
  userId: number;
  referencia: string;
  servicio: string;
  branchId: string;
  slotId: number;
  fecha: string;
  hora: number;
  placa: string;
  tipoVehiculo: string;
  tipoAtencion: string;
  metodoPago: string;
  estado: string;
  precio: number;
  detalle: unknown;
  direccionServicio: string | null;
  correo: string | null;
  expiraEn: Date | null;
  estadoReembolso: string | null;
  created: Date;
}

export interface BookingView extends BookingRow {
  branchNombre: string;
  branchDireccion: string;
  branchTelefono: string;
  branchMaps: string;
  branchCity: string;
  paymentLink: string | null;
}

export type NewBooking = Omit<BookingRow, 'slotId' | 'created' | 'estadoReembolso'> & {
  datos: Record<string, unknown>;
};

export interface NewPayment {
  id: string;
  provider: string;
  reference: string;
  amountInCents: number;
  status: 'PENDING' | 'EN_SITIO';
  link: string | null;
}

export type BookOutcome =
  | { kind: 'booked'; bookingId: string }
  | { kind: 'full' }
  | { kind: 'replay'; requestHash: string; statusCode: number; response: unknown };

export interface PaymentEventInput {
  provider: string;
  eventId: string;
  reference: string;
  status: 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';
  transactionId: string | null;
  payload: unknown;
}

export type PaymentEventOutcome =
  | 'duplicate'
  | 'unknown_reference'
  | 'ignored'
  | 'confirmed'
  | 'declined'
  | 'approved_without_slot'
  | 'approved_after_cancel';

const branchColumns = {
  id: bookingBranches.id,
  servicio: bookingBranches.servicio,
  nombre: bookingBranches.nombre,
  direccion: bookingBranches.direccion,
  cityId: bookingBranches.cityId,
  cityName: sql<string>`coalesce(${cities.commonName}, ${cities.name})`,
  telefono: bookingBranches.telefono,
  lat: bookingBranches.lat,
  lng: bookingBranches.lng,
  maps: bookingBranches.maps,
  imagen: bookingBranches.imagen,
  horario: bookingBranches.horario,
  capacidad: bookingBranches.capacidad,
  atiende: bookingBranches.atiende,
  aDomicilio: bookingBranches.aDomicilio,
};

const bookingColumns = {
  id: bookings.id,
  userId: bookings.userId,
  referencia: bookings.referencia,
  servicio: bookings.servicio,
  branchId: bookings.branchId,
  slotId: bookings.slotId,
  fecha: bookings.fecha,
  hora: bookings.hora,
  placa: bookings.placa,
  tipoVehiculo: bookings.tipoVehiculo,
  tipoAtencion: bookings.tipoAtencion,
  metodoPago: bookings.metodoPago,
  estado: bookings.estado,
  precio: bookings.precio,
  detalle: bookings.detalle,
  direccionServicio: bookings.direccionServicio,
  correo: bookings.correo,
  expiraEn: bookings.expiraEn,
  estadoReembolso: bookings.estadoReembolso,
  created: bookings.created,
};

/** SQL only: the booking rules live in BookingService. */
export class BookingRepository {
  private readonly occupancyQuery;
  private readonly branchQuery;

  constructor(private readonly db: Db) {
    // The slots read (hot path, benchmarked): one prepared statement per process.
    this.occupancyQuery = this.db
      .select({
        fecha: bookingSlots.fecha,
        hora: bookingSlots.hora,
        capacity: bookingSlots.capacity,
        ocupados: sql<number>`(select count(*)::int from ${bookings} b
          where b.slot_id = "booking_slots"."id"
            and (b.estado = 'confirmada' or (b.estado = 'pendiente_pago' and b.expira_en > ${sql.placeholder('now')})))`,
      })
      .from(bookingSlots)
      .where(
        and(
          eq(bookingSlots.branchId, sql.placeholder('branchId')),
          sql`${bookingSlots.fecha} between ${sql.placeholder('from')} and ${sql.placeholder('to')}`,
        ),
      )
      .prepare('booking_slot_occupancy');
    this.branchQuery = this.db
      .select(branchColumns)
      .from(bookingBranches)
      .innerJoin(cities, eq(cities.id, bookingBranches.cityId))
      .where(and(eq(bookingBranches.id, sql.placeholder('id')), eq(bookingBranches.activo, true)))
      .limit(1)
      .prepare('booking_branch_by_id');
  }

  // ── catalogue reads ─────────────────────────────────────────────────────

  citiesWithBranches(servicio: string): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectDistinct({ id: cities.id, name: sql<string>`coalesce(${cities.commonName}, ${cities.name})` })
      .from(bookingBranches)
      .innerJoin(cities, eq(cities.id, bookingBranches.cityId))
      .where(and(eq(bookingBranches.servicio, servicio), eq(bookingBranches.activo, true)))
      .orderBy(sql`2`);
  }

  /** A city by DANE code ('11001' or 11001) or by name (DIVIPOLA or common, case-insensitive). */
  async findCity(value: string): Promise<{ id: number; name: string } | undefined> {
    const byCode = /^\d{4,5}$/.test(value) ? eq(cities.id, Number(value)) : undefined;
    const [row] = await this.db
      .select({ id: cities.id, name: sql<string>`coalesce(${cities.commonName}, ${cities.name})` })
      .from(cities)
      .where(
        byCode ??
          sql`lower(${cities.name}) = lower(${value}) or lower(${cities.commonName}) = lower(${value})`,
      )
      .orderBy(asc(cities.id))
      .limit(1);
    return row;
  }

  branchesByCity(cityId: number, servicio: string): Promise<BranchRow[]> {
    return this.db
      .select(branchColumns)
      .from(bookingBranches)
      .innerJoin(cities, eq(cities.id, bookingBranches.cityId))
      .where(
        and(
          eq(bookingBranches.cityId, cityId),
          eq(bookingBranches.servicio, servicio),
          eq(bookingBranches.activo, true),
        ),
      )
      .orderBy(asc(bookingBranches.orden), asc(bookingBranches.id)) as Promise<BranchRow[]>;
  }

  async findBranch(id: string): Promise<BranchRow | undefined> {
    const [row] = (await this.branchQuery.execute({ id })) as BranchRow[];
    return row;
  }

  /** A live vehicle of the user by plate, with the registry's class and fuel when the look-up answered. */
  async findVehicle(userId: number, placa: string): Promise<VehicleFacts | undefined> {
    const [row] = await rows<VehicleFacts>(
      this.db,
      sql`select v.placa, s.data->'vehiculo'->>'clase' as clase, s.data->'vehiculo'->>'combustible' as combustible
          from vehicles v
          left join provider_snapshots s on s.vehicle_id = v.id and s.kind = 'registry' and s.status = 'ok'
          where v.user_id = ${userId} and v.placa = ${placa} and v.deleted_at is null
          limit 1`,
    );
    return row;
  }

  async rtmPrice(clase: string): Promise<{ clase: string; grupo: string; precio: number } | undefined> {
    const [row] = await this.db.select().from(rtmPrices).where(eq(rtmPrices.clase, clase)).limit(1);
    return row;
  }

  combos(filter: { grupo?: string | undefined; combustible?: string | undefined }) {
    return this.db
      .select()
      .from(peritajeCombos)
      .where(
        and(
          filter.grupo ? eq(peritajeCombos.grupo, filter.grupo) : undefined,
          filter.combustible ? eq(peritajeCombos.combustible, filter.combustible) : undefined,
        ),
      )
      .orderBy(asc(peritajeCombos.orden));
  }

  async findCombo(id: string) {
    const [row] = await this.db.select().from(peritajeCombos).where(eq(peritajeCombos.id, id)).limit(1);
    return row;
  }

  tramites(ids?: string[]) {
    return this.db
      .select()
      .from(tramites)
      .where(ids ? inArray(tramites.id, ids) : undefined)
      .orderBy(asc(tramites.orden));
  }

  async userContact(userId: number): Promise<{ email: string; nombres: string } | undefined> {
    const [row] = await this.db
      .select({ email: users.email, nombres: users.nombres })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /** Days between two dates (inclusive) the operator console closed the branch. */
  async closedDates(branchId: string, from: string, to: string): Promise<string[]> {
    const list = await this.db
      .select({ fecha: branchClosures.fecha })
      .from(branchClosures)
      .where(
        and(eq(branchClosures.branchId, branchId), sql`${branchClosures.fecha} between ${from} and ${to}`),
      );
    return list.map((r) => r.fecha);
  }

  /** Occupied seats per existing slot row of a branch between two dates (holds count until they expire). */
  slotOccupancy(branchId: string, from: string, to: string, now: Date): Promise<SlotOccupancy[]> {
    return this.occupancyQuery.execute({ branchId, from, to, now: now.toISOString() });
  }

  // ── booking ─────────────────────────────────────────────────────────────

  /**
   * One transaction: replays a stored Idempotency-Key answer, else locks the slot row (created on first use),
   * releases its expired holds, takes one seat (the CHECK taken <= capacity is the last guard), inserts the
   * booking and its payment and stores the answer under the key.
   */
  async book(input: {
    booking: NewBooking;
    payment: NewPayment;
    capacity: number;
    now: Date;
    idempotency: { key: string; requestHash: string } | null;
    answer: (bookingId: string) => unknown;
  }): Promise<BookOutcome> {
    const { booking, payment, now } = input;
    // Outside any transaction first: a stored key is replayed and an obviously full slot is refused without
    // queueing behind the slot's row lock (a seat freed a moment later is the same race as arriving later).
    if (input.idempotency) {
      const stored = await this.storedKey(this.db, booking.userId, input.idempotency.key);
      if (stored) return stored;
    }
    const [pre] = await rows<{ full: boolean }>(
      this.db,
      sql`select taken >= capacity and not exists (
            select 1 from bookings b where b.slot_id = s.id and b.estado = 'pendiente_pago'
              and b.expira_en <= ${now.toISOString()}) as full
          from booking_slots s
          where branch_id = ${booking.branchId} and fecha = ${booking.fecha} and hora = ${booking.hora}`,
    );
    if (pre?.full) return { kind: 'full' };
    try {
      return await this.db.transaction(async (tx) => {
        if (input.idempotency) {
          await tx.execute(
            sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK_CLASS}::int, hashtext(${`${booking.userId}:${input.idempotency.key}`}))`,
          );
          const stored = await this.storedKey(tx, booking.userId, input.idempotency.key);
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
            response: input.answer(booking.id),
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

  private async storedKey(db: Runner, userId: number, key: string): Promise<BookOutcome | null> {
    const [stored] = await (db as Db)
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return stored
      ? {
          kind: 'replay',
          requestHash: stored.requestHash,
          statusCode: stored.statusCode,
          response: stored.response,
        }
      : null;
  }

  /**
   * Releases every expired hold (the pg-boss job and the sweep): slot rows are locked first, in id order, like
   * every other writer, so this never deadlocks with a booking. Answers the number of holds released.
   */
  async releaseExpiredHolds(now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const slots = await rows<{ id: number }>(
        tx,
        sql`select id::int as id from booking_slots
            where id in (select slot_id from bookings where estado = 'pendiente_pago' and expira_en <= ${now.toISOString()})
            order by id for update`,
      );
      let released = 0;
      for (const slot of slots) released += await expireHoldsOfSlot(tx, slot.id, now);
      return released;
    });
  }

  findBookingView(where: SQL): Promise<BookingView[]> {
    return this.db
      .select({
        ...bookingColumns,
        branchNombre: bookingBranches.nombre,
        branchDireccion: bookingBranches.direccion,
        branchTelefono: bookingBranches.telefono,
        branchMaps: bookingBranches.maps,
        branchCity: sql<string>`coalesce(${cities.commonName}, ${cities.name})`,
        paymentLink: payments.link,
      })
      .from(bookings)
      .innerJoin(bookingBranches, eq(bookingBranches.id, bookings.branchId))
      .innerJoin(cities, eq(cities.id, bookingBranches.cityId))
      .leftJoin(payments, eq(payments.bookingId, bookings.id))
      .where(where)
      .orderBy(sql`${bookings.fecha} desc`, sql`${bookings.hora} desc`, sql`${bookings.created} desc`);
  }

  listByUser(userId: number): Promise<BookingView[]> {
    return this.findBookingView(eq(bookings.userId, userId));
  }

  async findOwned(userId: number, id: string): Promise<BookingView | undefined> {
    const [row] = await this.findBookingView(and(eq(bookings.id, id), eq(bookings.userId, userId)) as SQL);
    return row;
  }

  async findById(id: string): Promise<BookingView | undefined> {
    const [row] = await this.findBookingView(eq(bookings.id, id));
    return row;
  }

  async findPayment(reference: string) {
    const [row] = await this.db
      .select({
        reference: payments.reference,
        status: payments.status,
        amountInCents: payments.amountInCents,
        provider: payments.provider,
        bookingId: payments.bookingId,
        estado: bookings.estado,
        expiraEn: bookings.expiraEn,
        servicio: bookings.servicio,
        precio: bookings.precio,
        branchNombre: bookingBranches.nombre,
        fecha: bookings.fecha,
        hora: bookings.hora,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(bookingBranches, eq(bookingBranches.id, bookings.branchId))
      .where(eq(payments.reference, reference));
    return row;
  }

  /**
   * Cancels a pending or confirmed booking of the user and frees its seat. 'not_found' for another user's or an
   * unknown booking, 'not_cancellable' when it is no longer active.
   */
  async cancel(
    userId: number,
    id: string,
    now: Date,
  ): Promise<'cancelled' | 'not_found' | 'not_cancellable'> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ slotId: bookings.slotId })
        .from(bookings)
        .where(and(eq(bookings.id, id), eq(bookings.userId, userId)));
      if (!found) return 'not_found';
      // Slot first, then the booking: the same lock order as book() and the webhook.
      await tx.execute(sql`select id from booking_slots where id = ${found.slotId} for update`);
      const [row] = await rows<{ estado: string; expired: boolean; slotId: number }>(
        tx,
        sql`select estado, (estado = 'pendiente_pago' and expira_en <= ${now.toISOString()}) as expired,
                   slot_id::int as "slotId"
            from bookings where id = ${id} for update`,
      );
      if (!row || !['pendiente_pago', 'confirmada'].includes(row.estado) || row.expired) {
        return 'not_cancellable';
      }
      // Rescheduled between the first read and the lock: free the seat of the slot it holds now.
      if (row.slotId !== found.slotId) {
        await tx.execute(sql`select id from booking_slots where id = ${row.slotId} for update`);
        found.slotId = row.slotId;
      }
      await tx.update(bookings).set({ estado: 'cancelada', updated: now }).where(eq(bookings.id, id));
      await tx
        .update(payments)
        .set({ status: 'CANCELLED', updated: now })
        .where(and(eq(payments.bookingId, id), eq(payments.status, 'PENDING')));
      await tx.execute(sql`update booking_slots set taken = taken - 1 where id = ${found.slotId}`);
      return 'cancelled';
    });
  }

  /**
   * Applies a verified payment event once (the event id is the primary key of payment_events). Never moves a
   * booking backwards: a final payment status is kept, PENDING changes nothing, APPROVED confirms a hold (or
   * re-takes a seat for a hold released meanwhile), DECLINED/VOIDED/ERROR release a hold.
   */
  async applyPaymentEvent(
    event: PaymentEventInput,
    now: Date,
  ): Promise<{ outcome: PaymentEventOutcome; bookingId: string | null }> {
    return this.db.transaction(async (tx) => {
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
      const result = await this.applyToBooking(tx, event, now);
      await tx
        .update(paymentEvents)
        .set({ outcome: result.outcome })
        .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)));
      return result;
    });
  }

  private async applyToBooking(
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
    const [state] = await rows<{ estado: string; status: string; slotId: number }>(
      tx,
      sql`select b.estado, p.status, b.slot_id::int as "slotId" from bookings b join payments p on p.booking_id = b.id
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

    await tx
      .update(payments)
      .set({ status: event.status, providerTransactionId: event.transactionId, updated: now })
      .where(eq(payments.bookingId, bookingId));

    if (event.status !== 'APPROVED') {
      if (state.estado !== 'pendiente_pago') return { outcome: 'ignored', bookingId };
      await tx.update(bookings).set({ estado: 'rechazada', updated: now }).where(eq(bookings.id, bookingId));
      await tx.execute(sql`update booking_slots set taken = taken - 1 where id = ${found.slotId}`);
      return { outcome: 'declined', bookingId };
    }
    if (state.estado === 'pendiente_pago') {
      await tx
        .update(bookings)
        .set({ estado: 'confirmada', expiraEn: null, updated: now })
        .where(eq(bookings.id, bookingId));
      return { outcome: 'confirmed', bookingId };
    }
    if (state.estado === 'cancelada') return { outcome: 'approved_after_cancel', bookingId };
    // The hold was released (expired) before the payment arrived: take a seat again when one is free.
    await expireHoldsOfSlot(tx, found.slotId, now);
    if (!(await takeSeat(tx, found.slotId))) return { outcome: 'approved_without_slot', bookingId };
    await tx
      .update(bookings)
      .set({ estado: 'confirmada', expiraEn: null, updated: now })
      .where(eq(bookings.id, bookingId));
    return { outcome: 'confirmed', bookingId };
  }

  /** Bookings of a slot that occupy a seat (tests and benchmarks). */
  async activeInSlot(branchId: string, fecha: string, hora: number): Promise<number> {
    const [row] = await rows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from bookings
          where branch_id = ${branchId} and fecha = ${fecha} and hora = ${hora}
            and estado in ('pendiente_pago', 'confirmada')`,
    );
    return row?.n ?? 0;
  }
}

const GATEWAY_FINAL = ['APPROVED', 'DECLINED', 'VOIDED', 'ERROR'];

function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23514' || e?.cause?.code === '23514';
}
