import { and, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import { insertAudit, type AuditRecord, type Tx } from './audit.repository.ts';

type Runner = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export interface RefundTarget {
  bookingId: string;
  provider: string;
  reference: string;
  transactionId: string | null;
  amountInCents: number;
}

/** 'confirmada' is the undo of a check-in or a no-show (decision 114). */
export type StaffTarget = 'atendido' | 'no_asistio' | 'cancelada' | 'confirmada';

/** Which state staff may move a booking from, per target state. */
const ALLOWED_FROM: Record<StaffTarget, readonly string[]> = {
  atendido: ['confirmada'],
  no_asistio: ['confirmada'],
  cancelada: ['confirmada', 'pendiente_pago', 'afectada_cierre'],
  confirmada: ['atendido', 'no_asistio'],
};

/** What the driver's notice of a staff cancellation says of the booking. */
export interface CancelNoticeFacts {
  userId: number;
  nombres: string;
  correo: string;
  servicio: string;
  placa: string;
  fecha: string;
  hora: number;
  referencia: string;
  precio: number;
  sede: string;
  estadoReembolso: string | null;
}

export type StateChangeOutcome =
  | { kind: 'not_found' }
  | { kind: 'stale' }
  | { kind: 'not_allowed'; estado: string }
  /** The booking's day (Bogotá) does not allow the change today (decision 114). */
  | { kind: 'wrong_day'; fecha: string }
  | { kind: 'changed'; before: string; version: number; refund: RefundTarget | null };

/** SQL only: a branch's agenda, staff state changes (cancelling frees the seat) and refunds. */
export class OperatorBookingsRepository {
  constructor(private readonly db: Db) {}

  /**
   * One branch-day as the wire's JSON array text (`[{id, placa, hora, servicio, estado, pagado, estado_reembolso,
   * cliente: {nombre, telefono}, tramites, version}]`), by hour; expired and declined holds left out. PostgreSQL builds the
   * JSON, so 2,000 bookings cross the wire as one value instead of 2,000 rows parsed and re-serialised by Node
   * (decision 037).
   */
  async agendaJson(branchId: string, fecha: string): Promise<string> {
    const [row] = await rows<{ body: string }>(
      this.db,
      OperatorBookingsRepository.agendaSql(branchId, fecha),
    );
    return row?.body ?? '[]';
  }

  /** The agenda query (also run bare by bench:ops). */
  static agendaSql(branchId: string, fecha: string): SQL {
    // Each booking is one row_to_json of a lateral row whose columns are the contract's keys (compact JSON,
    // about a third cheaper for PostgreSQL than json_build_object per row, which also pads every key with
    // spaces), joined by string_agg in hour order.
    return sql`select '[' || coalesce(string_agg(row_to_json(r)::text, ',' order by b.hora, b.created, b.id), '')
                 || ']' as body
        -- only the columns the contract needs, through bookings_branch_date_idx (offset 0 keeps the planner from
        -- scanning another index for a merge join), then one primary-key probe per booking
        from (select id, placa, hora, servicio, estado, estado_reembolso, user_id, created, version,
                     datos->>'celular' as celular, datos->'tramites' as tramites
              from bookings
              where branch_id = ${branchId} and fecha = ${fecha} and estado not in ('expirada', 'rechazada')
              offset 0) b
        cross join lateral (select nombres, apellidos, telefono from users where id = b.user_id) u
        left join lateral (select status from payments where booking_id = b.id) p on true
        cross join lateral (
          select b.id, b.placa, lpad(b.hora::text, 2, '0') || ':00' as hora, b.servicio, b.estado,
                 coalesce(p.status = 'APPROVED', false) as pagado, b.estado_reembolso,
                 (select c from (select trim(u.nombres || ' ' || u.apellidos) as nombre,
                                        coalesce(b.celular, u.telefono) as telefono) c) as cliente,
                 -- a trámite booking's lines as booked ({id, text, price}): their Spanish names
                 coalesce((select json_agg(t->>'text') from jsonb_array_elements(
                   case when jsonb_typeof(b.tramites) = 'array' then b.tramites else '[]'::jsonb end) t),
                   '[]'::json) as tramites,
                 b.version
        ) r`;
  }

  /**
   * One transaction: locks the slot, then the booking (the booking feature's lock order), compares its version with
   * `expected` (the agenda's, decision 096: 'stale' writes nothing), checks the transition, writes the new state and
   * version, frees the seat when cancelling (and marks a paid booking's refund 'pendiente') and inserts the audit
   * row. `dayAllowed` judges the booking's date ('YYYY-MM-DD') once the row is locked: false writes nothing.
   */
  async changeState(
    id: string,
    expected: number,
    target: StaffTarget,
    motivo: string | null,
    audit: (before: string) => AuditRecord,
    now: Date,
    dayAllowed: (fecha: string) => boolean = () => true,
  ): Promise<StateChangeOutcome> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx.select({ slotId: bookings.slotId }).from(bookings).where(eq(bookings.id, id));
      if (!found) return { kind: 'not_found' as const };
      await tx.execute(sql`select id from booking_slots where id = ${found.slotId} for update`);
      const [row] = await rows<{
        estado: string;
        expired: boolean;
        status: string | null;
        version: number;
        fecha: string;
      }>(
        tx,
        sql`select b.estado, b.fecha::text as fecha, (b.estado = 'pendiente_pago' and b.expira_en <= ${now.toISOString()}) as expired,
                   p.status, b.version
            from bookings b left join payments p on p.booking_id = b.id
            where b.id = ${id} for update of b`,
      );
      if (!row) return { kind: 'not_found' as const };
      if (row.version !== expected) return { kind: 'stale' as const };
      if (!ALLOWED_FROM[target].includes(row.estado) || row.expired) {
        return { kind: 'not_allowed' as const, estado: row.expired ? 'expirada' : row.estado };
      }
      if (!dayAllowed(row.fecha)) return { kind: 'wrong_day' as const, fecha: row.fecha };
      const paid = row.status === 'APPROVED';
      const refunding = target === 'cancelada' && paid;
      await tx
        .update(bookings)
        .set({
          estado: target,
          motivoEstado: motivo,
          updated: now,
          version: row.version + 1,
          ...(refunding ? { estadoReembolso: 'pendiente' } : {}),
        })
        .where(eq(bookings.id, id));
      let refund: RefundTarget | null = null;
      if (target === 'cancelada') {
        await tx.execute(sql`update booking_slots set taken = taken - 1 where id = ${found.slotId}`);
        await tx
          .update(payments)
          .set({ status: 'CANCELLED', updated: now })
          .where(and(eq(payments.bookingId, id), eq(payments.status, 'PENDING')));
        if (refunding) refund = await this.refundTarget(tx, id);
      }
      await insertAudit(tx, audit(row.estado), now);
      return { kind: 'changed' as const, before: row.estado, version: row.version + 1, refund };
    });
  }

  private async refundTarget(db: Runner, bookingId: string): Promise<RefundTarget | null> {
    const [row] = await rows<RefundTarget>(
      db,
      sql`select booking_id as "bookingId", provider, reference, provider_transaction_id as "transactionId",
                 amount_in_cents::bigint::float8 as "amountInCents"
          from payments where booking_id = ${bookingId}`,
    );
    return row ? { ...row, amountInCents: Number(row.amountInCents) } : null;
  }

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

  /**
   * Claims refunds to retry: failed ones, and pending ones untouched since `staleBefore` (their first attempt
   * was lost). The claim moves `updated` to now in the same statement, so two processes never take the same one.
   */
  async claimRefunds(staleBefore: Date, maxAttempts: number, now: Date, limit = 20): Promise<RefundTarget[]> {
    const claimed = await this.db
      .update(bookings)
      .set({ estadoReembolso: 'pendiente', updated: now })
      .where(
        and(
          inArray(bookings.estadoReembolso, ['pendiente', 'fallido']),
          lt(bookings.updated, staleBefore),
          lte(bookings.reembolsoIntentos, maxAttempts - 1),
          sql`${bookings.id} in (select id from bookings where estado_reembolso in ('pendiente', 'fallido')
                and updated < ${staleBefore.toISOString()} order by updated limit ${limit} for update skip locked)`,
        ),
      )
      .returning({ id: bookings.id });
    const out: RefundTarget[] = [];
    for (const c of claimed) {
      const target = await this.refundTarget(this.db, c.id);
      if (target) out.push(target);
    }
    return out;
  }

  /** The facts of a booking's notice to its driver (after the change and its refund attempt). */
  async noticeFacts(bookingId: string): Promise<CancelNoticeFacts | null> {
    const [row] = await rows<CancelNoticeFacts>(
      this.db,
      sql`select b.user_id as "userId", u.nombres, coalesce(b.correo, u.email) as correo, b.servicio, b.placa,
                 b.fecha::text as fecha, b.hora::int as hora, b.referencia, b.precio, br.nombre as sede,
                 b.estado_reembolso as "estadoReembolso"
          from bookings b join users u on u.id = b.user_id join booking_branches br on br.id = b.branch_id
          where b.id = ${bookingId}`,
    );
    return row ?? null;
  }
}
