import { and, asc, desc, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** A transaction of the operator repositories: every console write and its audit row share one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who did what: written by the repository in the same transaction as the change. */
export interface AuditActor {
  staffId: number;
  email: string;
}

export interface AuditRecord {
  actor: AuditActor;
  accion: string;
  objeto: string;
  antes: unknown;
  despues: unknown;
}

export interface AuditRow {
  fecha: Date;
  staff: string;
  accion: string;
  objeto: string;
  antes: unknown;
  despues: unknown;
}

/** Inserts the audit row of a change inside the change's own transaction. */
export async function insertAudit(tx: Tx | Db, record: AuditRecord, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    fecha: now,
    staffId: record.actor.staffId,
    staffEmail: record.actor.email,
    accion: record.accion,
    objeto: record.objeto,
    antes: record.antes ?? null,
    despues: record.despues ?? null,
  });
}

/** Limit of one audit page. */
export const AUDIT_PAGE = 500;

/** Optional filters of the audit log: a date range and parts of the staff email and of the action. */
export interface AuditFilter {
  from: Date | null;
  to: Date | null;
  staff?: string;
  accion?: string;
}

/** `%text%` for ILIKE with the pattern characters of the text taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.from) where.push(gte(auditLog.fecha, filter.from));
  if (filter.to) where.push(lt(auditLog.fecha, filter.to));
  if (filter.staff) where.push(ilike(auditLog.staffEmail, containing(filter.staff)));
  if (filter.accion) where.push(ilike(auditLog.accion, containing(filter.accion)));
  return where.length ? and(...where) : undefined;
}

export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** Rows with from <= fecha < to (either bound optional), oldest first. */
  list(from: Date | null, to: Date | null, limit = AUDIT_PAGE): Promise<AuditRow[]> {
    return this.search({ from, to }, 'asc', limit, 0);
  }

  /** Filtered rows by date (then id) in `order`, `limit` from `offset`. */
  search(filter: AuditFilter, order: 'asc' | 'desc', limit: number, offset: number): Promise<AuditRow[]> {
    const by = order === 'asc' ? asc : desc;
    return this.db
      .select({
        fecha: auditLog.fecha,
        staff: auditLog.staffEmail,
        accion: auditLog.accion,
        objeto: auditLog.objeto,
        antes: auditLog.antes,
        despues: auditLog.despues,
      })
      .from(auditLog)
      .where(whereOf(filter))
      .orderBy(by(auditLog.fecha), by(auditLog.id))
      .limit(limit)
      .offset(offset);
  }

  async count(filter: AuditFilter = { from: null, to: null }): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(whereOf(filter));
    return row?.n ?? 0;
  }
}
