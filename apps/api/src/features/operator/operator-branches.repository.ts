import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingBranches, branchClosures } from '../../db/schema.ts';
import { insertAudit, type AuditRecord, type Tx } from './audit.repository.ts';

type Runner = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export interface BranchState {
  id: string;
  nombre: string;
  capacidad: number;
  horario: unknown;
  activa: boolean;
}

export interface BookingToReschedule {
  id: string;
  placa: string;
  hora: number;
  nombre: string;
  correo: string;
  telefono: string | null;
}

/** SQL only: branch edits (capacity reaches the branch's future slot rows too) and day closures. */
export class OperatorBranchesRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<BranchState[]> {
    return rows<BranchState>(
      this.db,
      sql`select id, nombre, capacidad::int as capacidad, horario, activo as activa
          from booking_branches order by servicio, orden, id`,
    );
  }

  /**
   * Applies the patch, marks the branch edited (the seed keeps its hands off) and, for a new capacity, sets the
   * capacity of its slot rows from `today` on (never below the seats already taken); audited, one transaction.
   */
  async patch(
    id: string,
    patch: { capacidad?: number | undefined; horario?: unknown; activa?: boolean | undefined },
    today: string,
    audit: (before: BranchState, after: BranchState) => AuditRecord,
    now: Date,
  ): Promise<BranchState | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await rows<BranchState>(
        tx,
        sql`select id, nombre, capacidad::int as capacidad, horario, activo as activa
            from booking_branches where id = ${id} for update`,
      );
      if (!before) return undefined;
      await tx
        .update(bookingBranches)
        .set({
          ...(patch.capacidad !== undefined ? { capacidad: patch.capacidad } : {}),
          ...(patch.horario !== undefined ? { horario: patch.horario } : {}),
          ...(patch.activa !== undefined ? { activo: patch.activa } : {}),
          edited: true,
        })
        .where(eq(bookingBranches.id, id));
      if (patch.capacidad !== undefined) {
        await tx.execute(
          sql`update booking_slots set capacity = greatest(taken, ${patch.capacidad}::int)
              where branch_id = ${id} and fecha >= ${today}`,
        );
      }
      const after: BranchState = {
        ...before,
        ...(patch.capacidad !== undefined ? { capacidad: patch.capacidad } : {}),
        ...(patch.horario !== undefined ? { horario: patch.horario } : {}),
        ...(patch.activa !== undefined ? { activa: patch.activa } : {}),
      };
      await insertAudit(tx, audit(before, after), now);
      return after;
    });
  }

  /**
   * Closes a branch for a day (audit row first, so a duplicate closure rolls both back) and answers the bookings
   * already made for that day, to reschedule. 'not_found' for an unknown branch, 'exists' when already closed.
   */
  async close(
    input: { branchId: string; fecha: string; motivo: string; staffId: number },
    audit: AuditRecord,
    now: Date,
  ): Promise<BookingToReschedule[] | 'not_found' | 'exists'> {
    try {
      return await this.db.transaction(async (tx) => {
        const [branch] = await tx
          .select({ id: bookingBranches.id })
          .from(bookingBranches)
          .where(eq(bookingBranches.id, input.branchId));
        if (!branch) return 'not_found' as const;
        await insertAudit(tx, audit, now);
        await tx.insert(branchClosures).values({ ...input, created: now });
        return rows<BookingToReschedule>(
          tx,
          sql`select b.id, b.placa, b.hora::int as hora, trim(u.nombres || ' ' || u.apellidos) as nombre,
                     coalesce(b.correo, u.email) as correo, coalesce(b.datos->>'celular', u.telefono) as telefono
              from bookings b join users u on u.id = b.user_id
              where b.branch_id = ${input.branchId} and b.fecha = ${input.fecha}
                and b.estado in ('confirmada', 'pendiente_pago')
              order by b.hora, b.created`,
        );
      });
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      if (e.code === '23505' || e.cause?.code === '23505') return 'exists';
      throw err;
    }
  }
}
