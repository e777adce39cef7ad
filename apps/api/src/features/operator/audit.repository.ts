import { and, asc, gte, lt, sql, type SQL } from 'drizzle-orm';
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

export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** Rows with from <= fecha < to (either bound optional), oldest first. */
  list(from: Date | null, to: Date | null, limit = AUDIT_PAGE): Promise<AuditRow[]> {
    const where: SQL[] = [];
    if (from) where.push(gte(auditLog.fecha, from));
    if (to) where.push(lt(auditLog.fecha, to));
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
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(auditLog.fecha), asc(auditLog.id))
      .limit(limit);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    return row?.n ?? 0;
  }
}
