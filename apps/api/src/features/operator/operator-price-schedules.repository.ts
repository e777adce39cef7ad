import { sql, type SQL } from 'drizzle-orm';
import type { PriceKind } from '@togo/domain/operator/operator-ops.contract';
import type { PriceSchedule } from '@togo/domain/operator/price-schedule.contract';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { insertAudit, type AuditRecord, type Tx } from './audit.repository.ts';

type Runner = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Each kind's table, key column and display name (identifiers are constants, never input). */
const KIND_SQL: Record<PriceKind, { table: SQL; key: SQL; name: SQL }> = {
  rtm: { table: sql.raw('rtm_prices'), key: sql.raw('clase'), name: sql.raw('clase') },
  combos: { table: sql.raw('peritaje_combos'), key: sql.raw('id'), name: sql.raw('text') },
  tramites: { table: sql.raw('tramites'), key: sql.raw('id'), name: sql.raw('nombre') },
};

/** The audit object of a price row, as the console's price edits name it. */
export const PRICE_OBJECT: Record<PriceKind, string> = {
  rtm: 'precio-rtm',
  combos: 'combo',
  tramites: 'tramite',
};

interface ScheduleRow {
  id: number;
  tipo: PriceKind;
  clave: string;
  precio: number;
  vigente_desde: string;
  staff_id: number | null;
  staff_email: string;
  applied: Date | null;
  cancelled: Date | null;
}

const pending = sql.raw('applied is null and cancelled is null');

/** The row's display name and current price, or undefined for an unknown key. */
async function priceRow(db: Runner, tipo: PriceKind, clave: string, lock: boolean) {
  const k = KIND_SQL[tipo];
  const [row] = await rows<{ nombre: string; precio: number; version: number }>(
    db,
    sql`select ${k.name} as nombre, precio, version from ${k.table} where ${k.key} = ${clave}${
      lock ? sql` for update` : sql``
    }`,
  );
  return row;
}

/**
 * SQL only: prices scheduled from a date (decision 118). `applyDue` puts every pending change whose day has come
 * into its price row (version bumped, marked edited, audited under the name of who scheduled it) in one
 * transaction; rows already taken by a concurrent run are skipped (`skip locked`), so each change applies once.
 */
export class PriceSchedulesRepository {
  constructor(private readonly db: Db) {}

  /** One index probe: is any pending change due on `today`? */
  async hasDue(today: string): Promise<boolean> {
    const [row] = await rows<{ due: boolean }>(
      this.db,
      sql`select exists(select 1 from price_schedules where ${pending} and vigente_desde <= ${today}) as due`,
    );
    return row?.due === true;
  }

  async applyDue(today: string, now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await rows<ScheduleRow>(
        tx,
        sql`select id, tipo, clave, precio, vigente_desde::text as vigente_desde, staff_id, staff_email
            from price_schedules where ${pending} and vigente_desde <= ${today}
            order by vigente_desde, id for update skip locked`,
      );
      for (const s of due) {
        const k = KIND_SQL[s.tipo];
        const before = await priceRow(tx, s.tipo, s.clave, true);
        await tx.execute(sql`update price_schedules set applied = ${now} where id = ${s.id}`);
        if (!before) continue;
        await tx.execute(
          sql`update ${k.table} set precio = ${s.precio}, edited = true, version = version + 1
              where ${k.key} = ${s.clave}`,
        );
        await tx.insert(auditLog).values({
          fecha: now,
          staffId: s.staff_id,
          staffEmail: s.staff_email,
          accion: 'precio.aplicar_programado',
          objeto: `${PRICE_OBJECT[s.tipo]}:${s.clave}`,
          antes: { precio: before.precio, version: before.version },
          despues: {
            precio: s.precio,
            version: before.version + 1,
            vigente_desde: s.vigente_desde,
            programado: s.id,
          },
        });
      }
      return due.length;
    });
  }

  /** Pending changes, soonest first, with each row's name and current price. */
  async listPending(): Promise<PriceSchedule[]> {
    const found = await rows<ScheduleRow>(
      this.db,
      sql`select id, tipo, clave, precio, vigente_desde::text as vigente_desde, staff_id, staff_email
          from price_schedules where ${pending} order by vigente_desde, id limit 500`,
    );
    const out: PriceSchedule[] = [];
    for (const s of found) {
      const row = await priceRow(this.db, s.tipo, s.clave, false);
      out.push(toSchedule(s, row?.nombre ?? s.clave, row?.precio ?? 0));
    }
    return out;
  }

  /** Schedules a change for an existing row; undefined when the row does not exist (nothing written). */
  async create(
    input: { tipo: PriceKind; clave: string; precio: number; vigenteDesde: string },
    actor: { staffId: number; email: string },
    audit: (created: PriceSchedule) => AuditRecord,
    now: Date,
  ): Promise<PriceSchedule | undefined> {
    return this.db.transaction(async (tx) => {
      const row = await priceRow(tx, input.tipo, input.clave, false);
      if (!row) return undefined;
      const [s] = await rows<ScheduleRow>(
        tx,
        sql`insert into price_schedules (tipo, clave, precio, vigente_desde, staff_id, staff_email, created)
            values (${input.tipo}, ${input.clave}, ${input.precio}, ${input.vigenteDesde}, ${actor.staffId},
                    ${actor.email}, ${now})
            returning id, tipo, clave, precio, vigente_desde::text as vigente_desde, staff_id, staff_email`,
      );
      if (!s) throw new Error('schedule not written');
      const created = toSchedule(s, row.nombre, row.precio);
      await insertAudit(tx, audit(created), now);
      return created;
    });
  }

  /** Cancels a pending change: 'missing' for an unknown id, 'done' when it was applied or cancelled already. */
  async cancel(
    id: number,
    audit: (cancelled: PriceSchedule) => AuditRecord,
    now: Date,
  ): Promise<PriceSchedule | 'missing' | 'done'> {
    return this.db.transaction(async (tx) => {
      const [s] = await rows<ScheduleRow>(
        tx,
        sql`select id, tipo, clave, precio, vigente_desde::text as vigente_desde, staff_id, staff_email, applied,
                   cancelled
            from price_schedules where id = ${id} for update`,
      );
      if (!s) return 'missing' as const;
      if (s.applied !== null || s.cancelled !== null) return 'done' as const;
      await tx.execute(sql`update price_schedules set cancelled = ${now} where id = ${id}`);
      const row = await priceRow(tx, s.tipo, s.clave, false);
      const cancelled = {
        ...toSchedule(s, row?.nombre ?? s.clave, row?.precio ?? 0),
        estado: 'cancelado' as const,
      };
      await insertAudit(tx, audit(cancelled), now);
      return cancelled;
    });
  }
}

function toSchedule(s: ScheduleRow, nombre: string, actual: number): PriceSchedule {
  return {
    id: s.id,
    tipo: s.tipo,
    clave: s.clave,
    nombre,
    precio: s.precio,
    precio_actual: actual,
    vigente_desde: s.vigente_desde,
    estado: 'pendiente',
    creado_por: s.staff_email,
  };
}
