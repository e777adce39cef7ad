import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bookingBranches,
  bookingSlots,
  branchClosures,
  bookings,
  cities,
  payments,
  peritajeCombos,
  rtmPrices,
  tramites,
  users,
} from '../../db/schema.ts';
import { applyPaymentEvent } from './payment-events.repository.ts';
import {
  bookingColumns,
  bumpedIcsSequence,
  branchColumns,
  type BookingView,
  type BranchRow,
  type PaymentEventInput,
  type PaymentEventOutcome,
  type SlotOccupancy,
  type VehicleFacts,
} from './booking.rows.ts';

export type {
  BookingView,
  BranchRow,
  NewBooking,
  NewPayment,
  PaymentEventInput,
  PaymentEventOutcome,
  SlotOccupancy,
  VehicleFacts,
} from './booking.rows.ts';
import { expireHoldsOfSlot, rows } from './slot-seats.ts';

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

  /** The closed days of several branches between two dates (inclusive), by branch id, in date order. */
  async closedDatesOf(branchIds: string[], from: string, to: string): Promise<Map<string, string[]>> {
    const byBranch = new Map<string, string[]>();
    if (branchIds.length === 0) return byBranch;
    const list = await this.db
      .select({ branchId: branchClosures.branchId, fecha: branchClosures.fecha })
      .from(branchClosures)
      .where(
        and(
          inArray(branchClosures.branchId, branchIds),
          sql`${branchClosures.fecha} between ${from} and ${to}`,
        ),
      )
      .orderBy(asc(branchClosures.fecha));
    for (const r of list) byBranch.set(r.branchId, [...(byBranch.get(r.branchId) ?? []), r.fecha]);
    return byBranch;
  }

  /** Occupied seats per existing slot row of a branch between two dates (holds count until they expire). */
  slotOccupancy(branchId: string, from: string, to: string, now: Date): Promise<SlotOccupancy[]> {
    return this.occupancyQuery.execute({ branchId, from, to, now: now.toISOString() });
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
        paymentStatus: payments.status,
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
      // A booking affected by a closure keeps its seat until it is moved or cancelled (decision 110).
      if (!row || !['pendiente_pago', 'confirmada', 'afectada_cierre'].includes(row.estado) || row.expired) {
        return 'not_cancellable';
      }
      // Rescheduled between the first read and the lock: free the seat of the slot it holds now.
      if (row.slotId !== found.slotId) {
        await tx.execute(sql`select id from booking_slots where id = ${row.slotId} for update`);
        found.slotId = row.slotId;
      }
      // A paid booking is refunded (issue 36): 'pendiente' in the same transaction, so the refund job retries it
      // if the first attempt is lost.
      const [paid] = await rows<{ paid: boolean }>(
        tx,
        sql`select exists (select 1 from payments where booking_id = ${id} and status = 'APPROVED') as paid`,
      );
      await tx
        .update(bookings)
        .set({
          estado: 'cancelada',
          datos: bumpedIcsSequence,
          ...(paid?.paid ? { estadoReembolso: 'pendiente' } : {}),
          updated: now,
          version: sql`${bookings.version} + 1`,
        })
        .where(eq(bookings.id, id));
      await tx
        .update(payments)
        .set({ status: 'CANCELLED', updated: now })
        .where(and(eq(payments.bookingId, id), eq(payments.status, 'PENDING')));
      await tx.execute(sql`update booking_slots set taken = taken - 1 where id = ${found.slotId}`);
      return 'cancelled';
    });
  }

  /** Applies a verified payment event once (payment-events.repository.ts). */
  applyPaymentEvent(
    event: PaymentEventInput,
    now: Date,
  ): Promise<{ outcome: PaymentEventOutcome; bookingId: string | null }> {
    return applyPaymentEvent(this.db, event, now);
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
