import { and, eq, isNull, sql } from 'drizzle-orm';
import { DATED_ALERT_CODES, DUE_DATE_OFFSET_MONTHS } from '@togo/domain/alerts/alerts.rules';
import type { Db } from '../../db/client.ts';
import { calendarFeeds, users } from '../../db/schema.ts';

export interface ExpiryEventRow {
  vehicle_id: number;
  placa: string;
  code: string;
  due_date: string;
}

/** A service reminder with a date (decision 075): reminders counted in km alone have no day to show. */
export interface MaintenanceEventRow {
  vehicle_id: number;
  placa: string;
  tipo: string;
  proximo_km: number | null;
  proxima_fecha: string;
}

export interface BookingEventRow {
  id: string;
  referencia: string;
  servicio: string;
  fecha: string;
  hora: number;
  estado: string;
  sede: string;
  direccion: string;
  direccion_servicio: string | null;
}

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** SQL only: calendar feed tokens and what the feed shows (expiry dates and bookings of a user). */
export class CalendarRepository {
  constructor(private readonly db: Db) {}

  async findFeed(userId: number): Promise<{ tokenEnc: string } | undefined> {
    const [row] = await this.db
      .select({ tokenEnc: calendarFeeds.tokenEnc })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId));
    return row;
  }

  /** Creates the user's feed unless one exists; answers the stored one (two first requests agree). */
  async insertFeedIfAbsent(userId: number, tokenHash: string, tokenEnc: string, now: Date): Promise<string> {
    await this.db
      .insert(calendarFeeds)
      .values({ userId, tokenHash, tokenEnc, created: now })
      .onConflictDoNothing({ target: calendarFeeds.userId });
    const row = await this.findFeed(userId);
    if (!row) throw new Error('calendar feed not stored');
    return row.tokenEnc;
  }

  /** Replaces the user's token: the old address stops working at once. */
  async replaceFeed(userId: number, tokenHash: string, tokenEnc: string, now: Date): Promise<void> {
    await this.db
      .insert(calendarFeeds)
      .values({ userId, tokenHash, tokenEnc, created: now })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, tokenEnc, created: now } });
  }

  /** The live account of a feed token: a deleted account has no feed, even before its purge. */
  async userOfToken(tokenHash: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ userId: calendarFeeds.userId })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(users.deletedAt)));
    return row?.userId;
  }

  /** Effective due date per (live vehicle, code), as the expiry engine computes it (the user's date wins). */
  expiries(userId: number): Promise<ExpiryEventRow[]> {
    const offsets = sql.join(
      DATED_ALERT_CODES.map((c) => sql`(${c}::text, ${DUE_DATE_OFFSET_MONTHS[c]}::int)`),
      sql`, `,
    );
    return rows<ExpiryEventRow>(
      this.db,
      sql`
      with tpl (code, offset_months) as (values ${offsets}),
      eff as (
        select ad.vehicle_id, ad.code,
               coalesce(max(ad.fecha_vencimiento) filter (where ad.source = 'user'),
                        max(ad.fecha_vencimiento) filter (where ad.source = 'registry')) as fecha
        from alert_dates ad
        join vehicles v on v.id = ad.vehicle_id and v.user_id = ${userId} and v.deleted_at is null
        where ad.fecha_vencimiento is not null and ad.source in ('user', 'registry')
        group by ad.vehicle_id, ad.code
      )
      select e.vehicle_id, v.placa, e.code,
             to_char(e.fecha + make_interval(months => t.offset_months), 'YYYY-MM-DD') as due_date
      from eff e join tpl t on t.code = e.code join vehicles v on v.id = e.vehicle_id
      order by e.vehicle_id, e.code`,
    );
  }

  /** The next service of every dated reminder of the user's live vehicles. */
  maintenance(userId: number): Promise<MaintenanceEventRow[]> {
    return rows<MaintenanceEventRow>(
      this.db,
      sql`
      select r.vehicle_id, v.placa, r.tipo, r.proximo_km, to_char(r.proxima_fecha, 'YYYY-MM-DD') as proxima_fecha
      from maintenance_reminders r
      join vehicles v on v.id = r.vehicle_id and v.user_id = ${userId} and v.deleted_at is null
      where r.proxima_fecha is not null
      order by r.vehicle_id, r.tipo`,
    );
  }

  bookings(userId: number): Promise<BookingEventRow[]> {
    return rows<BookingEventRow>(
      this.db,
      sql`
      select b.id::text as id, b.referencia, b.servicio, to_char(b.fecha, 'YYYY-MM-DD') as fecha, b.hora::int as hora,
             b.estado, s.nombre as sede, s.direccion, b.direccion_servicio
      from bookings b join booking_branches s on s.id = b.branch_id
      where b.user_id = ${userId}
      order by b.fecha, b.hora`,
    );
  }
}
