import { sql, type SQL } from 'drizzle-orm';
import { GROUP_COMPANY } from '@togo/domain/roles';
import type { Db } from '../../db/client.ts';
import { unpaidFineSql } from '../../db/unpaid-fine.sql.ts';

async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export interface DigestRecipient {
  userId: number;
  email: string;
  nombres: string;
}

export interface NewFineRow {
  placa: string;
  numero: string;
  fecha: string | null;
  total: number;
}

/** SQL of the weekly digest: settings, recipients, the once-per-week claim and the new fines (decision 038). */
export class FleetDigestRepository {
  constructor(private readonly db: Db) {}

  async enabled(organisationId: number): Promise<boolean> {
    const [row] = await rows<{ on: boolean }>(
      this.db,
      sql`select resumen_semanal as on from organisation_settings where organisation_id = ${organisationId}`,
    );
    return row?.on ?? true;
  }

  async setEnabled(organisationId: number, on: boolean, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into organisation_settings (organisation_id, resumen_semanal, updated)
          values (${organisationId}, ${on}, ${now.toISOString()})
          on conflict (organisation_id) do update set resumen_semanal = excluded.resumen_semanal,
            updated = excluded.updated`,
    );
  }

  /** Companies with at least one live vehicle whose digest is on (no settings row = on). */
  async organisations(): Promise<number[]> {
    const list = await rows<{ id: number }>(
      this.db,
      sql`select u.id from users u
          where u.group_id = ${GROUP_COMPANY} and u.deleted_at is null
            and exists (select 1 from vehicles v where v.user_id = u.id and v.deleted_at is null)
            and coalesce((select s.resumen_semanal from organisation_settings s where s.organisation_id = u.id), true)
          order by u.id`,
    );
    return list.map((r) => r.id);
  }

  /** The company account itself and every active administrador member with an account. */
  async administrators(organisationId: number): Promise<DigestRecipient[]> {
    return rows<DigestRecipient>(
      this.db,
      sql`select u.id as "userId", u.email, u.nombres from users u
          where u.deleted_at is null and (
            u.id = ${organisationId}
            or u.id in (select m.user_id from organisation_members m
                        where m.organisation_id = ${organisationId} and m.rol = 'administrador'
                          and m.estado = 'activo' and m.user_id is not null))
          order by u.id`,
    );
  }

  /** When the organisation's previous digest (before `week`) went out, if ever. */
  async lastSent(organisationId: number, week: string): Promise<Date | null> {
    const [row] = await rows<{ at: string | Date | null }>(
      this.db,
      sql`select max(sent_at) as at from fleet_digest_sends
          where organisation_id = ${organisationId} and semana < ${week}`,
    );
    return row?.at ? new Date(row.at) : null;
  }

  /** Claims this week's digest for one administrator: true once, false for every later attempt. */
  async claim(organisationId: number, userId: number, week: string, now: Date): Promise<boolean> {
    const claimed = await rows<{ user_id: number }>(
      this.db,
      sql`insert into fleet_digest_sends (organisation_id, user_id, semana, sent_at)
          values (${organisationId}, ${userId}, ${week}, ${now.toISOString()})
          on conflict do nothing returning user_id`,
    );
    return claimed.length > 0;
  }

  /** Gives a claim back when the email could not be sent, so a retry of the job sends it. */
  async release(organisationId: number, userId: number, week: string): Promise<void> {
    await this.db.execute(
      sql`delete from fleet_digest_sends
          where organisation_id = ${organisationId} and user_id = ${userId} and semana = ${week}`,
    );
  }

  /**
   * Owed fines (every unpaid state, decision 071) whose infraction date is on or after `since` (YYYY-MM-DD), newest first: the
   * providers give no "first seen" date, so "new since the last digest" is read from the infraction date.
   */
  async newFines(organisationId: number, since: string, limit = 50): Promise<NewFineRow[]> {
    return rows<NewFineRow>(
      this.db,
      sql`select v.placa, coalesce(x->>'numero', '') as numero, x->>'fecha_infraccion' as fecha,
                 coalesce((x->>'total')::bigint, 0)::int as total
          from vehicles v
          join provider_snapshots f on f.vehicle_id = v.id and f.kind = 'fines' and f.status = 'ok'
          cross join lateral jsonb_array_elements(coalesce(f.data->'comparendos_vehiculo', '[]'::jsonb)) x
          where v.user_id = ${organisationId} and v.deleted_at is null and ${unpaidFineSql()}
            and substring(x->>'fecha_infraccion' from 1 for 10) >= ${since}
          order by 3 desc nulls last, 1
          limit ${limit}`,
    );
  }
}
