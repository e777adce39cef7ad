import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ChangeEvent } from './garage-refresh.changes.ts';
import type { RefreshKind } from './garage-refresh.schedule.ts';
import type { AlertDateValues } from './garage.repository.ts';

type Runner = Pick<Db, 'execute'>;

async function rows<T>(db: Runner, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with { rows }.
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const iso = (d: Date) => d.toISOString();

export interface RefreshTarget {
  vehicle_id: number;
  user_id: number;
  placa: string;
  documento: string;
  tipo_documento: string;
  snapshot_status: string | null;
  snapshot_updated: Date | string | null;
  snapshot_data: unknown;
  /** The last refresh by the schedule (null before the first). */
  refreshed_at: Date | string | null;
}

export interface RefreshStatusRow {
  kind: RefreshKind;
  refreshed_at: Date | string | null;
  attempted_at: Date | string | null;
  due_at: Date | string;
  failures: number;
  last_error: string | null;
  /** ProviderError kind of the last failure, null for another error or none. */
  last_error_kind: string | null;
}

export interface SuccessWrite {
  vehicleId: number;
  userId: number;
  kind: RefreshKind;
  provider: string;
  data: unknown;
  now: Date;
  nextDue: Date;
  events: ChangeEvent[];
  /** Registry answers: the alert dates to store (source 'registry') and the codes the registry owns. */
  registryDates?: { present: AlertDateValues[]; codes: readonly string[] };
}

export interface FleetLookupProgress {
  kind: RefreshKind;
  total: number;
  done: number;
  failed: number;
}

/** SQL only: the refresh schedule, the shared provider quota, leases and change events (decision 032). */
export class GarageRefreshRepository {
  constructor(private readonly db: Db) {}

  /**
   * Reserves up to `want` calls of `provider` in `minute` without ever passing `quota`, in ONE atomic upsert
   * (the row is locked by the update, so instances never over-grant). Answers the calls granted (0..want).
   */
  async reserveQuota(provider: string, minute: Date, want: number, quota: number): Promise<number> {
    if (want <= 0) return 0;
    const [row] = await rows<{ granted: number }>(
      this.db,
      sql`insert into provider_quota as q (provider, minute, calls, last_grant)
          values (${provider}, ${iso(minute)}::timestamptz, least(${want}::int, ${quota}::int), least(${want}::int, ${quota}::int))
          on conflict (provider, minute) do update
            set calls = q.calls + least(${want}::int, ${quota}::int - q.calls),
                last_grant = least(${want}::int, ${quota}::int - q.calls)
            where q.calls < ${quota}::int
          returning last_grant as granted`,
    );
    return row ? Number(row.granted) : 0;
  }

  /** Gives back calls reserved but not made (fewer vehicles were due than reserved). */
  async releaseQuota(provider: string, minute: Date, n: number): Promise<void> {
    if (n <= 0) return;
    await this.db.execute(
      sql`update provider_quota set calls = greatest(calls - ${n}::int, 0)
          where provider = ${provider} and minute = ${iso(minute)}::timestamptz`,
    );
  }

  /** Calls counted per minute for a provider (tests and the benchmark). */
  quotaCounts(provider: string): Promise<{ minute: string; calls: number }[]> {
    return rows(
      this.db,
      sql`select minute::text as minute, calls from provider_quota where provider = ${provider} order by minute`,
    );
  }

  /**
   * Leases up to `limit` due rows of `kind` (live vehicles, lease free or expired), oldest due first.
   * FOR UPDATE SKIP LOCKED: concurrent claimers never take the same row.
   */
  async claimDue(kind: RefreshKind, now: Date, limit: number, leaseUntil: Date): Promise<number[]> {
    if (limit <= 0) return [];
    const claimed = await rows<{ vehicle_id: number }>(
      this.db,
      sql`update vehicle_refresh r set lease_until = ${iso(leaseUntil)}::timestamptz
          from (
            select d.vehicle_id from vehicle_refresh d
            join vehicles v on v.id = d.vehicle_id and v.deleted_at is null
            where d.kind = ${kind} and d.due_at <= ${iso(now)}::timestamptz
              and (d.lease_until is null or d.lease_until < ${iso(now)}::timestamptz)
            order by d.due_at
            limit ${limit}
            for update of d skip locked
          ) c
          where r.vehicle_id = c.vehicle_id and r.kind = ${kind}
          returning r.vehicle_id`,
    );
    return claimed.map((r) => Number(r.vehicle_id));
  }

  /** Hands claimed rows back unrefreshed (no quota left this minute): due as before, free for the next tick. */
  async releaseLeases(kind: RefreshKind, vehicleIds: number[]): Promise<void> {
    if (vehicleIds.length === 0) return;
    await this.db.execute(
      sql`update vehicle_refresh set lease_until = null
          where kind = ${kind} and vehicle_id in (${sql.join(
            vehicleIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }

  /**
   * Leases one vehicle's row now for a manual refresh asked at `askedAt`; false when another worker holds it, or
   * when a refresh was stored at or after the request (the answer is already as fresh as what was asked for, so a
   * second call would only spend quota).
   */
  async claimOne(
    vehicleId: number,
    kind: RefreshKind,
    lease: { now: Date; until: Date; askedAt: Date },
  ): Promise<boolean> {
    const { now, until: leaseUntil, askedAt } = lease;
    const claimed = await rows<{ vehicle_id: number }>(
      this.db,
      sql`insert into vehicle_refresh as r (vehicle_id, kind, due_at, lease_until)
          values (${vehicleId}, ${kind}, ${iso(now)}::timestamptz, ${iso(leaseUntil)}::timestamptz)
          on conflict (vehicle_id, kind) do update set lease_until = excluded.lease_until
            where (r.lease_until is null or r.lease_until < ${iso(now)}::timestamptz)
              and (r.refreshed_at is null or r.refreshed_at < ${iso(askedAt)}::timestamptz)
          returning r.vehicle_id`,
    );
    return claimed.length > 0;
  }

  /** What a look-up needs, with the previous answer; undefined when the vehicle is gone or deleted. */
  async target(vehicleId: number, kind: RefreshKind): Promise<RefreshTarget | undefined> {
    const [row] = await rows<RefreshTarget>(
      this.db,
      sql`select v.id as vehicle_id, v.user_id, v.placa, v.documento_propietario as documento,
                 dt.code as tipo_documento, s.status as snapshot_status, s.updated as snapshot_updated,
                 s.data as snapshot_data, r.refreshed_at
          from vehicles v
          left join vehicle_refresh r on r.vehicle_id = v.id and r.kind = ${kind}
          join document_types dt on dt.id = v.tipo_documento_propietario
          left join provider_snapshots s on s.vehicle_id = v.id and s.kind = ${kind}
          where v.id = ${vehicleId} and v.deleted_at is null`,
    );
    return row;
  }

  /**
   * Sets the next due time and frees the lease without a call: the vehicle is gone, or its look-up job answered
   * recently (`refreshedAt`, the snapshot's time, then counts as the last refresh).
   */
  async reschedule(vehicleId: number, kind: RefreshKind, due: Date, refreshedAt?: Date): Promise<void> {
    const refreshed = refreshedAt ? sql`${iso(refreshedAt)}::timestamptz` : sql`refreshed_at`;
    await this.db.execute(
      sql`update vehicle_refresh set due_at = ${iso(due)}::timestamptz, lease_until = null,
            refreshed_at = ${refreshed}, failures = case when ${refreshedAt ? 1 : 0} = 1 then 0 else failures end
          where vehicle_id = ${vehicleId} and kind = ${kind}`,
    );
  }

  /** A provider error: one more consecutive failure, next try after base·2^(failures−1) capped; frees the lease. */
  async recordFailure(
    vehicleId: number,
    kind: RefreshKind,
    now: Date,
    error: { message: string; kind: string | null; retryAfterMs?: number | null },
    backoff: { baseMs: number; maxMs: number },
  ): Promise<{ failures: number; due_at: string } | undefined> {
    // The provider's Retry-After (a 429) is a floor under the back-off.
    const floorMs = Math.max(0, error.retryAfterMs ?? 0);
    const [row] = await rows<{ failures: number; due_at: string }>(
      this.db,
      sql`update vehicle_refresh set
            failures = least(failures + 1, 32767),
            due_at = ${iso(now)}::timestamptz + make_interval(secs => greatest(${floorMs}::float8,
              least(${backoff.baseMs}::float8 * power(2, least(failures, 30)), ${backoff.maxMs}::float8)) / 1000),
            attempted_at = ${iso(now)}::timestamptz, last_error = ${error.message},
            last_error_kind = ${error.kind}, lease_until = null
          where vehicle_id = ${vehicleId} and kind = ${kind}
          returning failures, due_at::text as due_at`,
    );
    return row;
  }

  /**
   * Stores a successful answer in ONE transaction: the snapshot, the registry's alert dates, every change event
   * (insert … on conflict do nothing: an event seen before inserts nothing) and, only for events inserted now,
   * their notification and the end of the old reminders; then the schedule. Answers the new notification ids.
   */
  async saveSuccess(w: SuccessWrite): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const now = iso(w.now);
      await tx.execute(
        sql`insert into provider_snapshots (vehicle_id, kind, provider, status, data, attempts, last_error, updated)
            values (${w.vehicleId}, ${w.kind}, ${w.provider}, 'ok', ${JSON.stringify(w.data)}::jsonb, 1, null, ${now}::timestamptz)
            on conflict (vehicle_id, kind) do update set provider = excluded.provider, status = 'ok',
              data = excluded.data, attempts = least(provider_snapshots.attempts + 1, 32767), last_error = null,
              updated = excluded.updated`,
      );
      if (w.registryDates) await this.saveRegistryDates(tx, w.vehicleId, w.registryDates, now);
      const ids: number[] = [];
      for (const e of w.events) {
        const id = await this.insertEvent(tx, w, e);
        if (id !== null) ids.push(id);
      }
      await tx.execute(
        sql`update vehicle_refresh set refreshed_at = ${now}::timestamptz, attempted_at = ${now}::timestamptz,
              failures = 0, last_error = null, last_error_kind = null, due_at = ${iso(w.nextDue)}::timestamptz, lease_until = null
            where vehicle_id = ${w.vehicleId} and kind = ${w.kind}`,
      );
      return ids;
    });
  }

  private async saveRegistryDates(
    tx: Runner,
    vehicleId: number,
    dates: { present: AlertDateValues[]; codes: readonly string[] },
    now: string,
  ): Promise<void> {
    const present = dates.present.map((d) => d.code);
    const absent = dates.codes.filter((c) => !present.includes(c));
    if (absent.length > 0) {
      await tx.execute(
        sql`delete from alert_dates where vehicle_id = ${vehicleId} and source = 'registry'
            and code in (${sql.join(
              absent.map((c) => sql`${c}`),
              sql`, `,
            )})`,
      );
    }
    for (const d of dates.present) {
      await tx.execute(
        sql`insert into alert_dates (vehicle_id, code, source, fecha_expedicion, fecha_vencimiento, updated)
            values (${vehicleId}, ${d.code}, 'registry', ${d.fechaExpedicion}::date, ${d.fechaVencimiento}::date, ${now}::timestamptz)
            on conflict (vehicle_id, code, source) do update set fecha_expedicion = excluded.fecha_expedicion,
              fecha_vencimiento = excluded.fecha_vencimiento, updated = excluded.updated`,
      );
    }
  }

  /** The event once: its notification only when the event row is new (same transaction). */
  private async insertEvent(tx: Runner, w: SuccessWrite, e: ChangeEvent): Promise<number | null> {
    const now = iso(w.now);
    const [event] = await rows<{ id: number }>(
      tx,
      sql`insert into vehicle_change_events (vehicle_id, kind, event_key, created)
          values (${w.vehicleId}, ${e.kind}, ${e.key}, ${now}::timestamptz)
          on conflict (vehicle_id, kind, event_key) do nothing returning id`,
    );
    if (!event) return null;
    const [n] = await rows<{ id: number }>(
      tx,
      sql`insert into notifications
            (user_id, vehicle_id, code, due_date, step, titulo, message, logo_notificacion, url_redireccion, created)
          select ${w.userId}, ${w.vehicleId}, ${e.code}, ${e.date}::date,
                 coalesce((select max(step) from notifications
                           where vehicle_id = ${w.vehicleId} and code = ${e.code} and due_date = ${e.date}::date), 0) + 1,
                 ${e.titulo}, ${e.message}, ${e.logo}, ${e.url}, ${now}::timestamptz
          returning id`,
    );
    if (!n) return null;
    await tx.execute(sql`update vehicle_change_events set notification_id = ${n.id} where id = ${event.id}`);
    if (e.renewal) await this.endOldReminders(tx, w.vehicleId, e.renewal, now);
    return Number(n.id);
  }

  /**
   * A renewal: the user's own older date stops overriding the registry's, reminders of the old date not yet
   * delivered never will be, and those held for quiet hours are suppressed.
   */
  private async endOldReminders(
    tx: Runner,
    vehicleId: number,
    renewal: { alertCode: string; newDate: string },
    now: string,
  ): Promise<void> {
    const { alertCode, newDate } = renewal;
    await tx.execute(
      sql`delete from alert_dates where vehicle_id = ${vehicleId} and code = ${alertCode} and source = 'user'
            and fecha_vencimiento < ${newDate}::date`,
    );
    await tx.execute(
      sql`update notification_deliveries d set status = 'suppressed', reason = 'Documento renovado', updated = ${now}::timestamptz
          from notifications n
          where d.notification_id = n.id and d.status = 'held'
            and n.vehicle_id = ${vehicleId} and n.code = ${alertCode} and n.due_date < ${newDate}::date`,
    );
    await tx.execute(
      sql`update notifications set delivered_at = ${now}::timestamptz
          where vehicle_id = ${vehicleId} and code = ${alertCode} and due_date < ${newDate}::date
            and delivered_at is null`,
    );
  }

  /** Change notifications committed but never delivered (the process stopped in between). */
  async undeliveredChangeNotifications(createdBefore: Date, limit: number): Promise<number[]> {
    const found = await rows<{ id: number }>(
      this.db,
      sql`select n.id from vehicle_change_events e join notifications n on n.id = e.notification_id
          where n.delivered_at is null and n.created < ${iso(createdBefore)}::timestamptz
          order by n.id limit ${limit}`,
    );
    return found.map((r) => Number(r.id));
  }

  /**
   * The manual "Actualizar": records the request unless the previous one is less than `intervalMs` old (one
   * atomic upsert). Answers null when accepted, else the time of the previous request.
   */
  async requestManual(vehicleId: number, now: Date, intervalMs: number): Promise<Date | null> {
    const accepted = await rows<{ vehicle_id: number }>(
      this.db,
      sql`insert into vehicle_manual_refresh as m (vehicle_id, requested_at)
          values (${vehicleId}, ${iso(now)}::timestamptz)
          on conflict (vehicle_id) do update set requested_at = excluded.requested_at
            where m.requested_at <= ${iso(new Date(now.getTime() - intervalMs))}::timestamptz
          returning vehicle_id`,
    );
    if (accepted.length > 0) return null;
    const [prev] = await rows<{ requested_at: Date | string }>(
      this.db,
      sql`select requested_at from vehicle_manual_refresh where vehicle_id = ${vehicleId}`,
    );
    return prev ? new Date(prev.requested_at) : now;
  }

  /** The refresh rows of a vehicle and its last manual request. */
  async status(vehicleId: number): Promise<{ rows: RefreshStatusRow[]; manualAt: Date | null }> {
    const found = await rows<RefreshStatusRow>(
      this.db,
      sql`select r.kind, coalesce(greatest(r.refreshed_at, s.updated), r.refreshed_at) as refreshed_at,
                 r.attempted_at, r.due_at, r.failures, r.last_error, r.last_error_kind
          from vehicle_refresh r
          left join provider_snapshots s on s.vehicle_id = r.vehicle_id and s.kind = r.kind and s.status = 'ok'
          where r.vehicle_id = ${vehicleId}`,
    );
    const [manual] = await rows<{ requested_at: Date | string }>(
      this.db,
      sql`select requested_at from vehicle_manual_refresh where vehicle_id = ${vehicleId}`,
    );
    return { rows: found, manualAt: manual ? new Date(manual.requested_at) : null };
  }

  /** The owner of a live vehicle (authorisation of the routes); undefined when gone. */
  async ownerOf(vehicleId: number): Promise<number | undefined> {
    const [row] = await rows<{ user_id: number }>(
      this.db,
      sql`select user_id from vehicles where id = ${vehicleId} and deleted_at is null`,
    );
    return row ? Number(row.user_id) : undefined;
  }

  /** Look-ups of a company's live vehicles: done (answered at least once) and failing, per kind. */
  fleetProgress(companyUserId: number): Promise<FleetLookupProgress[]> {
    return rows<FleetLookupProgress>(
      this.db,
      sql`select r.kind, count(*)::int as total,
                 count(*) filter (where r.refreshed_at is not null)::int as done,
                 count(*) filter (where r.refreshed_at is null and r.failures > 0)::int as failed
          from vehicles v join vehicle_refresh r on r.vehicle_id = v.id
          where v.user_id = ${companyUserId} and v.deleted_at is null
          group by r.kind`,
    );
  }
}
