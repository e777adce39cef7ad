import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Channel, DeliveryStatus, MessageKind } from '@togo/domain/reminders/reminders.contract';
import type { Db } from '../../db/client.ts';
import { notificationDeliveries } from '../../db/schema.ts';
import type { DeliveryRow } from './expiry-engine.repository.ts';

export interface DeliveryLogInsert {
  userId: number;
  notificationId: number;
  kind: MessageKind;
  channel: Channel;
  status: DeliveryStatus;
  reason: string | null;
  titulo: string;
}

export interface HeldRow extends DeliveryRow {
  delivery_id: number;
  channel: Channel;
  telefono: string | null;
}

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** SQL only: the delivery log (every notification on every channel) and the held queue of quiet hours. */
export class DeliveryLogRepository {
  constructor(private readonly db: Db) {}

  async insertMany(list: readonly DeliveryLogInsert[], now: Date): Promise<void> {
    if (list.length === 0) return;
    await this.db
      .insert(notificationDeliveries)
      .values(list.map((r) => ({ ...r, created: now, updated: now })));
  }

  async setOutcome(id: number, status: DeliveryStatus, reason: string | null, now: Date): Promise<void> {
    await this.db
      .update(notificationDeliveries)
      .set({ status, reason, updated: now })
      .where(eq(notificationDeliveries.id, id));
  }

  /** Held rows (oldest first) with what sending them needs; the caller picks those whose window opened. */
  listHeld(
    limit: number,
  ): Promise<(HeldRow & { silencio_desde: string | null; silencio_hasta: string | null })[]> {
    return rows(
      this.db,
      sql`
      select d.id::int as delivery_id, d.channel, n.id, n.user_id, n.vehicle_id, n.code, n.titulo, n.message,
             n.url_redireccion, n.logo_notificacion, u.email, u.nombres, u.telefono, v.placa,
             p.silencio_desde, p.silencio_hasta
      from notification_deliveries d
      join notifications n on n.id = d.notification_id
      join users u on u.id = d.user_id
      join vehicles v on v.id = n.vehicle_id
      left join notification_preferences p on p.user_id = d.user_id
      where d.status = 'held'
      order by d.created, d.id
      limit ${limit}`,
    );
  }

  /** Moves held rows to 'sending'; only the rows this call moved come back (one process sends each). */
  async claimHeld(ids: readonly number[], now: Date): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const claimed = await this.db
      .update(notificationDeliveries)
      .set({ status: 'sending', updated: now })
      .where(and(inArray(notificationDeliveries.id, [...ids]), eq(notificationDeliveries.status, 'held')))
      .returning({ id: notificationDeliveries.id });
    return new Set(claimed.map((r) => r.id));
  }

  async countForUser(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, userId));
    return Number(row?.n ?? 0);
  }

  /** Newest first. */
  listForUser(userId: number, limit: number, offset: number) {
    return this.db
      .select({
        id: notificationDeliveries.id,
        channel: notificationDeliveries.channel,
        status: notificationDeliveries.status,
        reason: notificationDeliveries.reason,
        titulo: notificationDeliveries.titulo,
        created: notificationDeliveries.created,
      })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, userId))
      .orderBy(desc(notificationDeliveries.created), desc(notificationDeliveries.id))
      .limit(limit)
      .offset(offset);
  }
}
