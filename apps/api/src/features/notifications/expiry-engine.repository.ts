import { sql } from 'drizzle-orm';
import {
  alertRedirectUrl,
  DATED_ALERT_CODES,
  DUE_DATE_OFFSET_MONTHS,
  notificationIconPath,
} from '@togo/domain/alerts/alerts.rules';
import { NOTIFICATION_TEMPLATES } from '@togo/domain/alerts/alerts.texts';
import type { Db } from '../../db/client.ts';

export interface GeneratedRow {
  id: number;
  vehicle_id: number;
  code: string;
  due_date: string;
  step: number;
}

export interface DeliveryRow {
  id: number;
  user_id: number;
  vehicle_id: number;
  code: string;
  titulo: string;
  message: string;
  url_redireccion: string;
  logo_notificacion: string;
  email: string;
  nombres: string;
  telefono: string | null;
  placa: string;
}

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with { rows }.
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The notification texts and links per code, as a VALUES list (the same templates the domain tests). */
function templatesValues() {
  return sql.join(
    DATED_ALERT_CODES.map((code) => {
      const t = NOTIFICATION_TEMPLATES[code];
      return sql`(${code}::text, ${t.titleSubject}::text, ${t.overdueWord}::text, ${t.messageSubject}::text, ${t.adviceBefore}::text, ${t.adviceAfter}::text, ${alertRedirectUrl(code)}::text, ${notificationIconPath(code)}::text, ${DUE_DATE_OFFSET_MONTHS[code]}::int)`;
    }),
    sql`, `,
  );
}

/** SQL only: the expiry engine's one statement, and the claim of new notifications for delivery. */
export class ExpiryEngineRepository {
  constructor(private readonly db: Db) {}

  /**
   * ONE set-based INSERT … SELECT … ON CONFLICT DO NOTHING (see alerts.schedule.ts for the step rule):
   * 1. effective due date per (vehicle, code): the user's fecha_vencimiento, else the registry's, in one
   *    grouped pass over alert_dates (live vehicles only; the kit's date is the last recharge, due 12 months
   *    later);
   * 2. days_left = due date − today, and the step whose window contains it (30, 15, 7, 1, 0, −7k);
   * 3. insert the step unless that (vehicle, code, due date, step) exists, with its Spanish texts built
   *    from the templates VALUES list. A second run the same day finds every row present and inserts none.
   */
  generate(today: string, now: Date, vehicleId?: number): Promise<GeneratedRow[]> {
    const onlyVehicle = vehicleId === undefined ? sql`` : sql`and ad.vehicle_id = ${vehicleId}`;
    return this.db.transaction(async (tx) => {
      // Planner settings for this statement only (SET LOCAL ends with the transaction):
      // - The statement reads notifications (the "already created?" check) while inserting into it. With
      //   stale statistics (e.g. analyzed while empty) the planner may check with a sequential scan inside a
      //   nested loop, which re-reads every page the statement has just filled: quadratic (minutes at 150k
      //   rows). Without sequential scans the check is a probe of notifications_vehicle_code_due_step_uq.
      // - A one-shot statement gains nothing from JIT compilation, which costs PostgreSQL ~1 s here.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local jit = off`);
      return rows<GeneratedRow>(
        tx,
        sql`
      with tpl (code, title_subject, overdue_word, message_subject, advice_before, advice_after, url, logo, offset_months) as (
        values ${templatesValues()}
      ),
      effective_date as (
        select ad.vehicle_id, ad.code,
               coalesce(max(ad.fecha_vencimiento) filter (where ad.source = 'user'),
                        max(ad.fecha_vencimiento) filter (where ad.source = 'registry')) as fecha_vencimiento
        from alert_dates ad
        where ad.fecha_vencimiento is not null and ad.source in ('user', 'registry') ${onlyVehicle}
        group by ad.vehicle_id, ad.code
      ),
      effective as (
        select e.vehicle_id, v.user_id, v.placa, t.code, t.title_subject, t.overdue_word, t.message_subject,
               t.advice_before, t.advice_after, t.url, t.logo,
               (e.fecha_vencimiento + make_interval(months => t.offset_months))::date as due_date
        from effective_date e
        join tpl t on t.code = e.code
        join vehicles v on v.id = e.vehicle_id and v.deleted_at is null
        -- The kit's stored date is earlier than its due date, so this keeps every row that can have a step.
        where e.fecha_vencimiento <= ${today}::date + 30
      ),
      timed as (
        select e.*, (e.due_date - ${today}::date) as days_left from effective e
      ),
      stepped as (
        select m.*,
               case
                 when m.days_left > 30 then null
                 when m.days_left >= 16 then 30
                 when m.days_left >= 8 then 15
                 when m.days_left >= 2 then 7
                 when m.days_left = 1 then 1
                 when m.days_left > -7 then 0
                 else -7 * ((-m.days_left) / 7)
               end as step
        from timed m
      )
      insert into notifications
        (user_id, vehicle_id, code, due_date, step, titulo, message, logo_notificacion, url_redireccion, created)
      select s.user_id, s.vehicle_id, s.code, s.due_date, s.step,
             case
               when s.days_left > 1 then s.title_subject || ' vence en ' || s.days_left || ' días'
               when s.days_left = 1 then s.title_subject || ' vence mañana'
               when s.days_left = 0 then s.title_subject || ' vence hoy'
               else s.title_subject || ' está ' || s.overdue_word
             end,
             s.message_subject || ' ' || s.placa
               || case when s.days_left >= 0 then ' vence el ' else ' venció el ' end
               || to_char(s.due_date, 'DD-MM-YYYY') || '. '
               || case when s.days_left >= 0 then s.advice_before else s.advice_after end,
             s.logo, s.url, ${now.toISOString()}::timestamptz
      from stepped s
      where s.step is not null
        and not exists (
          select 1 from notifications n
          where n.vehicle_id = s.vehicle_id and n.code = s.code and n.due_date = s.due_date and n.step = s.step)
      on conflict (vehicle_id, code, due_date, step) do nothing
      returning id, vehicle_id, code, due_date::text as due_date, step`,
      );
    });
  }

  /**
   * Marks these notifications delivered and returns them with the owner's email and the plate. Only
   * rows not yet claimed come back, so two processes never deliver the same notification.
   */
  claimForDelivery(ids: readonly number[], now: Date): Promise<DeliveryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return rows<DeliveryRow>(
      this.db,
      sql`
      update notifications n set delivered_at = ${now.toISOString()}::timestamptz
      from users u, vehicles v
      where n.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
        and n.delivered_at is null and u.id = n.user_id and v.id = n.vehicle_id
      returning n.id, n.user_id, n.vehicle_id, n.code, n.titulo, n.message, n.url_redireccion,
                n.logo_notificacion, u.email, u.nombres, u.telefono, v.placa`,
    );
  }
}
