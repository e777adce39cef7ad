import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, pushSubscriptions, vehicles } from '../../db/schema.ts';
import type { PushTarget } from '../../integrations/push/push-sender.ts';

export type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'logoNotificacion' | 'message' | 'titulo' | 'urlRedireccion' | 'created'
>;

export interface SubscriptionRow extends PushTarget {
  id: number;
  userId: number;
}

/** The notification list's two reads, built once (prepared statements on PostgreSQL). */
function prepareListQueries(db: Db) {
  return {
    count: db
      .select({
        // Written out: drizzle leaves columns unqualified in a single-table select, which a subquery would misread.
        count: sql<number>`(select count(*)::int from notifications n where n.vehicle_id = vehicles.id)`,
      })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.id, sql.placeholder('vehicleId')),
          eq(vehicles.userId, sql.placeholder('userId')),
          isNull(vehicles.deletedAt),
        ),
      )
      .limit(1)
      .prepare('notifications_count_owned'),
    page: db
      .select({
        id: notifications.id,
        logoNotificacion: notifications.logoNotificacion,
        message: notifications.message,
        titulo: notifications.titulo,
        urlRedireccion: notifications.urlRedireccion,
        created: notifications.created,
      })
      .from(notifications)
      .where(eq(notifications.vehicleId, sql.placeholder('vehicleId')))
      .orderBy(desc(notifications.created), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('notifications_page'),
  };
}

/** SQL only: notifications of a vehicle and the users' push subscriptions. */
export class NotificationsRepository {
  private readonly listQueries;

  constructor(private readonly db: Db) {
    this.listQueries = prepareListQueries(db);
  }

  /** How many notifications the vehicle has, or undefined when it is not a live vehicle of this user. */
  async countForOwnedVehicle(userId: number, vehicleId: number): Promise<number | undefined> {
    const [row] = await this.listQueries.count.execute({ vehicleId, userId });
    return row ? Number(row.count) : undefined;
  }

  /** Newest first. */
  listByVehicle(vehicleId: number, limit: number, offset: number): Promise<NotificationRow[]> {
    return this.listQueries.page.execute({ vehicleId, limit, offset });
  }

  /** A browser belongs to one signed-in user at a time: re-subscribing moves the endpoint to this user. */
  async upsertSubscription(userId: number, target: PushTarget, now: Date): Promise<number> {
    const [row] = await this.db
      .insert(pushSubscriptions)
      .values({ userId, endpoint: target.endpoint, keys: target.keys, created: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, keys: target.keys, created: now },
      })
      .returning({ id: pushSubscriptions.id });
    if (!row) throw new Error('upsert push_subscriptions returned nothing');
    return row.id;
  }

  async deleteSubscription(userId: number, endpoint: string): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  async deleteSubscriptionById(id: number): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async subscriptionsOf(userIds: readonly number[]): Promise<SubscriptionRow[]> {
    if (userIds.length === 0) return [];
    const list = await this.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...userIds]))
      .orderBy(pushSubscriptions.id);
    return list.map((r) => ({
      id: r.id,
      userId: r.userId,
      endpoint: r.endpoint,
      keys: r.keys as PushTarget['keys'],
    }));
  }
}
