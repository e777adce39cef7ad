import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

/** A user who opted in, with their selected vehicle and its city. */
export interface EveCandidate {
  vehicle_id: number;
  user_id: number;
  placa: string;
  city_code: string;
  city_name: string;
}

export interface EveNotice {
  userId: number;
  vehicleId: number;
  titulo: string;
  message: string;
}

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with { rows }.
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * SQL only of the evening-before pico y placa notice (decision 041). Reads the users' preferences and selected
 * vehicles read-only; writes `notifications` rows whose unique key (vehicle, code, date, step) makes each
 * notice exist once however many runs and instances insert it.
 */
export class PicoPlacaEveRepository {
  constructor(private readonly db: Db) {}

  /**
   * Users who turned `tipos.pico_placa` on (no preferences row = the default, off), not deleted, with their
   * live selected vehicle in a known city.
   */
  candidates(): Promise<EveCandidate[]> {
    return rows<EveCandidate>(
      this.db,
      sql`select v.id as vehicle_id, v.user_id, v.placa, c.code as city_code,
                 coalesce(c.common_name, c.name) as city_name
          from notification_preferences p
          join users u on u.id = p.user_id and u.deleted_at is null
          join vehicles v on v.user_id = p.user_id and v.is_selected and v.deleted_at is null
          join cities c on c.id = v.city_id
          where p.pico_placa
          order by v.id`,
    );
  }

  /**
   * Inserts the notices of `date` that do not exist yet (on conflict do nothing), then answers the ids of every
   * notice of these vehicles for `date` not yet delivered: the new ones and any a crashed run left behind.
   */
  async insertNotices(
    list: readonly EveNotice[],
    code: string,
    date: string,
    texts: { url: string; logo: string },
    now: Date,
  ): Promise<{ created: number; undelivered: number[] }> {
    if (list.length === 0) return { created: 0, undelivered: [] };
    const created = await this.db
      .insert(notifications)
      .values(
        list.map((n) => ({
          userId: n.userId,
          vehicleId: n.vehicleId,
          code,
          dueDate: date,
          step: 0,
          titulo: n.titulo,
          message: n.message,
          logoNotificacion: texts.logo,
          urlRedireccion: texts.url,
          created: now,
        })),
      )
      .onConflictDoNothing({
        target: [notifications.vehicleId, notifications.code, notifications.dueDate, notifications.step],
      })
      .returning({ id: notifications.id });
    const pending = await this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          inArray(
            notifications.vehicleId,
            list.map((n) => n.vehicleId),
          ),
          eq(notifications.code, code),
          eq(notifications.dueDate, date),
          isNull(notifications.deliveredAt),
        ),
      );
    return { created: created.length, undelivered: pending.map((r) => r.id) };
  }
}
