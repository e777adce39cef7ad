import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with { rows }.
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One vehicle's compliance facts, straight from the registry and fines snapshots the garage stores. */
export interface ComplianceVehicleRow {
  placa: string;
  city_code: string | null;
  city_name: string | null;
  /** Registry snapshot answered ('ok'): a missing SOAT then means there is none. */
  registry_ok: boolean;
  soat_vence: string | null;
  rtm_vence: string | null;
  multas_pendientes: number;
  multas_total: number;
}

/**
 * Vehicles grouped by what the pico y placa engine reads (city, vehicle kind, first and last plate digit) and
 * by document state, so the summary evaluates the engine once per group, not once per vehicle.
 */
export interface ComplianceGroupRow {
  city_code: string | null;
  sample_plate: string;
  vehicles: number;
  /** Vehicles whose SOAT is expired or missing, or whose RTM is expired. */
  expired: number;
  /** Not expired, and SOAT or RTM expires within the window. */
  expiring: number;
}

const MOTO = '^[A-Z]{3}[0-9]{2}[A-Z]?$';

/** SQL only: the company's live vehicles with their SOAT, RTM and pending fines (set-based). */
export class FleetComplianceRepository {
  constructor(private readonly db: Db) {}

  private facts(companyUserId: number): SQL {
    return sql`
      select v.id, v.placa, c.code as city_code, coalesce(c.common_name, c.name) as city_name,
             (r.status = 'ok') as registry_ok,
             r.data->'soat'->>'fecha_vencimiento' as soat_vence,
             r.data->'rtm'->>'fecha_vencimiento' as rtm_vence,
             f.data as fines
      from vehicles v
      left join cities c on c.id = v.city_id
      left join provider_snapshots r on r.vehicle_id = v.id and r.kind = 'registry' and r.status = 'ok'
      left join provider_snapshots f on f.vehicle_id = v.id and f.kind = 'fines' and f.status = 'ok'
      where v.user_id = ${companyUserId} and v.deleted_at is null`;
  }

  /**
   * Vehicles by plate: `limit` rows after `offset` rows, or (the export) after the plate `after` (keyset);
   * every vehicle when limit is null.
   */
  async page(
    companyUserId: number,
    opts: { limit: number | null; offset?: number; after?: string },
  ): Promise<ComplianceVehicleRow[]> {
    const after = opts.after === undefined ? sql`` : sql`and v.placa > ${opts.after}`;
    const paging = opts.limit === null ? sql`` : sql`limit ${opts.limit} offset ${opts.offset ?? 0}`;
    return rows<ComplianceVehicleRow>(
      this.db,
      sql`
      with page as (${this.facts(companyUserId)} ${after} order by v.placa ${paging})
      select p.placa, p.city_code, p.city_name, coalesce(p.registry_ok, false) as registry_ok,
             p.soat_vence, p.rtm_vence,
             coalesce(m.n, 0)::int as multas_pendientes, coalesce(m.total, 0)::bigint as multas_total
      from page p
      left join lateral (
        select count(*) as n, sum((x->>'total')::bigint) as total
        from jsonb_array_elements(coalesce(p.fines->'comparendos_vehiculo', '[]'::jsonb)) x
        where x->>'estado' = 'vigente'
      ) m on true
      order by p.placa`,
    ).then((list) => list.map((r) => ({ ...r, multas_total: Number(r.multas_total) })));
  }

  /** The summary's groups over the whole fleet, with documents judged on `date` (window: `soonDays`). */
  async groups(companyUserId: number, date: string, soonDays: number): Promise<ComplianceGroupRow[]> {
    return rows<ComplianceGroupRow>(
      this.db,
      sql`
      with facts as (${this.facts(companyUserId)}),
      judged as (
        select placa, city_code,
               (registry_ok and (soat_vence is null or soat_vence < ${date}))
                 or (rtm_vence is not null and rtm_vence < ${date}) as expired,
               (soat_vence between ${date} and to_char(${date}::date + ${soonDays}::int, 'YYYY-MM-DD'))
                 or (rtm_vence between ${date} and to_char(${date}::date + ${soonDays}::int, 'YYYY-MM-DD'))
                 as soon
        from facts
      )
      select city_code, min(placa) as sample_plate, count(*)::int as vehicles,
             count(*) filter (where expired)::int as expired,
             count(*) filter (where not coalesce(expired, false) and coalesce(soon, false))::int as expiring
      from judged
      group by city_code, placa ~ ${MOTO}, substring(placa from '[0-9]'),
               substring(placa from '([0-9])[^0-9]*$')`,
    );
  }

  async count(companyUserId: number): Promise<number> {
    const [row] = await rows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from vehicles where user_id = ${companyUserId} and deleted_at is null`,
    );
    return row?.n ?? 0;
  }

  /** Every stored pico y placa city (a few dozen JSON documents). */
  async cityRules(): Promise<unknown[]> {
    const list = await rows<{ data: unknown }>(this.db, sql`select data from pico_placa_cities order by key`);
    return list.map((r) => r.data);
  }

  async holidays(from: string, to: string): Promise<string[]> {
    const list = await rows<{ date: string }>(
      this.db,
      sql`select to_char(date, 'YYYY-MM-DD') as date from holidays where date between ${from} and ${to}`,
    );
    return list.map((r) => r.date);
  }
}
