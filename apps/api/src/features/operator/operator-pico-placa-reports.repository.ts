import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, picoPlacaReports } from '../../db/schema.ts';
import { insertAudit, type AuditRecord } from './audit.repository.ts';

export type ReportRow = typeof picoPlacaReports.$inferSelect;

/** Most reports one page of the "Por revisar" list shows. */
const LIST_LIMIT = 200;

/** The driver's in-app notice of a resolved report (a row of `notifications`). */
interface ResolvedNotice {
  code: string;
  titulo: string;
  message: string;
  url: string;
  logo: string;
}

/**
 * SQL only of the drivers' pico y placa reports as the console sees them (decision 104): the list, and resolving
 * one with its audit row and the driver's notification in one transaction.
 */
export class OperatorPicoPlacaReportsRepository {
  constructor(private readonly db: Db) {}

  /** Open reports oldest first (the longest waiting on top); resolved ones newest first. */
  list(estado: 'abierto' | 'resuelto'): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(picoPlacaReports)
      .where(eq(picoPlacaReports.estado, estado))
      .orderBy(
        estado === 'abierto' ? asc(picoPlacaReports.created) : desc(picoPlacaReports.resolvedAt),
        asc(picoPlacaReports.id),
      )
      .limit(LIST_LIMIT);
  }

  /**
   * Marks an open report resolved (the row is locked first, so two operators cannot both resolve it), writes the
   * audit row and the driver's notification. Answers the row and the notification to deliver, 'missing' or
   * 'resolved' (already).
   */
  resolve(input: {
    id: number;
    respuesta: string | null;
    staffId: number;
    staffEmail: string;
    now: Date;
    audit: (before: ReportRow) => AuditRecord;
    notice: (row: ReportRow) => ResolvedNotice;
  }): Promise<{ row: ReportRow; notificationIds: number[] } | 'missing' | 'resolved'> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(picoPlacaReports)
        .where(eq(picoPlacaReports.id, input.id))
        .for('update');
      if (!current) return 'missing';
      if (current.estado !== 'abierto') return 'resolved';
      const [row] = await tx
        .update(picoPlacaReports)
        .set({
          estado: 'resuelto',
          respuesta: input.respuesta,
          resolvedAt: input.now,
          resolvedBy: input.staffId,
          resolvedByEmail: input.staffEmail,
        })
        .where(and(eq(picoPlacaReports.id, input.id), eq(picoPlacaReports.estado, 'abierto')))
        .returning();
      if (!row) return 'resolved';
      await insertAudit(tx, input.audit(current), input.now);
      if (row.vehicleId === null) return { row, notificationIds: [] };
      const notice = input.notice(row);
      // The key (vehicle, code, due date, step) is unique: the report's day and its id (modulo smallint) make it
      // one notification per report.
      const created = await tx
        .insert(notifications)
        .values({
          userId: row.userId,
          vehicleId: row.vehicleId,
          code: notice.code,
          dueDate: row.fecha,
          step: row.id % 32_767,
          titulo: notice.titulo,
          message: notice.message,
          logoNotificacion: notice.logo,
          urlRedireccion: notice.url,
          created: input.now,
        })
        .onConflictDoNothing()
        .returning({ id: notifications.id });
      return { row, notificationIds: created.map((c) => c.id) };
    });
  }
}
