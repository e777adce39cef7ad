import { sql, type SQL } from 'drizzle-orm';
import type { FleetFineRow } from '@togo/domain/fleet/fleet-compliance.contract';
import type { Db } from '../../db/client.ts';
import { unpaidFineSql } from '../../db/unpaid-fine.sql.ts';

export async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with { rows }.
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One vehicle's compliance facts, straight from the registry and fines snapshots the garage stores. */
export interface ComplianceVehicleRow {
  vehicle_id: number;
  placa: string;
  city_code: string | null;
  city_name: string | null;
  /** Registry snapshot answered ('ok'): a missing SOAT then means there is none. */
  registry_ok: boolean;
  soat_vence: string | null;
  rtm_vence: string | null;
  multas_pendientes: number;
  multas_total: number;
  /** The owed fines by stored state (lower case as stored), or null when there are none. */
  multas_estados: { estado: string; n: number; total: number }[] | null;
}

/**
 * Vehicles grouped by what the pico y placa engine reads (city, vehicle kind, first and last plate digit) and
 * by document state, so the summary evaluates the engine once per group, not once per vehicle.
 */
export interface ComplianceGroupRow {
  city_code: string | null;
  city_name: string | null;
  sample_plate: string;
  vehicles: number;
  /** Vehicles whose SOAT is expired or missing, or whose RTM is expired. */
  expired: number;
  /** Not expired, and SOAT or RTM expires within the window. */
  expiring: number;
  /** Not expired, and TOGO does not know its SOAT (no registry answer, no date from the company). */
  unknown: number;
}

const MOTO = '^[A-Z]{3}[0-9]{2}[A-Z]?$';

/**
 * A document's expiry: the date the company gave (alert_dates source 'user', from the upload's optional columns;
 * decision 107) wins over the registry's, as in the garage.
 */
export function expiry(vehicleId: SQL, code: 'ALERTA_SOAT' | 'ALERTA_RTM', registry: SQL): SQL {
  return sql`coalesce((select to_char(ad.fecha_vencimiento, 'YYYY-MM-DD') from alert_dates ad
                       where ad.vehicle_id = ${vehicleId} and ad.code = ${code} and ad.source = 'user'
                         and ad.fecha_vencimiento is not null), ${registry})`;
}

/** SQL only: the company's live vehicles with their SOAT, RTM and pending fines (set-based). */
export class FleetComplianceRepository {
  constructor(private readonly db: Db) {}

  /**
   * Vehicles by plate: `limit` rows after `offset` rows, or (the export) after the plate `after` (keyset);
   * every vehicle when limit is null. The page is chosen on the (user, plate) index first; only its rows are
   * joined to their city and snapshots.
   */
  async page(
    companyUserId: number,
    opts: { limit: number | null; offset?: number; after?: string },
  ): Promise<ComplianceVehicleRow[]> {
    const after = opts.after === undefined ? sql`` : sql`and v.placa > ${opts.after}`;
    const paging = opts.limit === null ? sql`` : sql`limit ${opts.limit} offset ${opts.offset ?? 0}`;
    const list = await rows<ComplianceVehicleRow>(
      this.db,
      sql`
      with page as (
        select v.id, v.placa, v.city_id from vehicles v
        where v.user_id = ${companyUserId} and v.deleted_at is null ${after}
        order by v.placa ${paging}
      )
      select p.id as vehicle_id, p.placa, c.code as city_code, coalesce(c.common_name, c.name) as city_name,
             (r.vehicle_id is not null) as registry_ok,
             ${expiry(sql`p.id`, 'ALERTA_SOAT', sql`r.data->'soat'->>'fecha_vencimiento'`)} as soat_vence,
             ${expiry(sql`p.id`, 'ALERTA_RTM', sql`r.data->'rtm'->>'fecha_vencimiento'`)} as rtm_vence,
             coalesce(m.n, 0)::int as multas_pendientes, coalesce(m.total, 0)::bigint as multas_total,
             m.estados as multas_estados
      from page p
      left join cities c on c.id = p.city_id
      left join provider_snapshots r on r.vehicle_id = p.id and r.kind = 'registry' and r.status = 'ok'
      left join provider_snapshots f on f.vehicle_id = p.id and f.kind = 'fines' and f.status = 'ok'
      left join lateral (
        select sum(s.n) as n, sum(s.total) as total,
               jsonb_agg(jsonb_build_object('estado', s.estado, 'n', s.n, 'total', s.total)) as estados
        from (
          select lower(btrim(x->>'estado')) as estado, count(*) as n, sum((x->>'total')::bigint) as total
          from jsonb_array_elements(coalesce(f.data->'comparendos_vehiculo', '[]'::jsonb)) x
          where ${unpaidFineSql()}
          group by 1
        ) s
      ) m on true
      order by p.placa`,
    );
    return list.map((r) => ({ ...r, multas_total: Number(r.multas_total) }));
  }

  /**
   * The summary's groups over the whole fleet, with documents judged on `date` (window: `soonDays`). `facts` is
   * materialized: inlined, each of the dozen uses of soat and rtm below ran its alert_dates sub-select again
   * for every vehicle (14 per vehicle instead of 2; decision 133).
   */
  async groups(companyUserId: number, date: string, soonDays: number): Promise<ComplianceGroupRow[]> {
    return rows<ComplianceGroupRow>(
      this.db,
      sql`
      with facts as materialized (
        select v.placa, v.city_id, (r.vehicle_id is not null) as registry_ok,
               ${expiry(sql`v.id`, 'ALERTA_SOAT', sql`r.data->'soat'->>'fecha_vencimiento'`)} as soat,
               ${expiry(sql`v.id`, 'ALERTA_RTM', sql`r.data->'rtm'->>'fecha_vencimiento'`)} as rtm
        from vehicles v
        left join provider_snapshots r on r.vehicle_id = v.id and r.kind = 'registry' and r.status = 'ok'
        where v.user_id = ${companyUserId} and v.deleted_at is null
      ),
      judged as (
        select placa, city_id, (not registry_ok and soat is null) as soat_unknown,
               (registry_ok and soat is null) or coalesce(soat < ${date}, false) or coalesce(rtm < ${date}, false)
                 as expired,
               coalesce(soat between ${date} and to_char(${date}::date + ${soonDays}::int, 'YYYY-MM-DD'), false)
                 or coalesce(rtm between ${date} and to_char(${date}::date + ${soonDays}::int, 'YYYY-MM-DD'), false)
                 as soon
        from facts
      ),
      grouped as (
        select city_id, min(placa) as sample_plate, count(*)::int as vehicles,
               count(*) filter (where expired)::int as expired,
               count(*) filter (where not expired and soon)::int as expiring,
               count(*) filter (where not expired and soat_unknown)::int as unknown
        from judged
        group by city_id, placa ~ ${MOTO}, substring(placa from '[0-9]'),
                 substring(placa from '([0-9])[^0-9]*$')
      )
      select c.code as city_code, coalesce(c.common_name, c.name) as city_name, g.sample_plate, g.vehicles,
             g.expired, g.expiring, g.unknown
      from grouped g left join cities c on c.id = g.city_id`,
    );
  }

  /** The cities of the company's live vehicles with their counts, most vehicles first (the screens' city filter). */
  async cities(companyUserId: number): Promise<{ codigo: string; nombre: string; vehiculos: number }[]> {
    return rows(
      this.db,
      sql`
      select c.code as codigo, coalesce(c.common_name, c.name) as nombre, count(*)::int as vehiculos
      from vehicles v join cities c on c.id = v.city_id
      where v.user_id = ${companyUserId} and v.deleted_at is null
      group by c.code, coalesce(c.common_name, c.name)
      order by 3 desc, 2`,
    );
  }

  /** A fingerprint of the stored pico y placa rules: parsed rules are reused until it changes. */
  async rulesVersion(): Promise<string> {
    const [row] = await rows<{ v: string }>(
      this.db,
      sql`select count(*)::text || ':' || coalesce(max(updated)::text, '') as v from pico_placa_cities`,
    );
    return row?.v ?? '';
  }

  /** The fines of the fleet's vehicles (vehicle fines snapshot), by plate then date; keyset after a plate. */
  async fines(companyUserId: number, limit: number, after?: string): Promise<FleetFineRow[]> {
    const from = after === undefined ? sql`` : sql`and v.placa > ${after}`;
    const list = await rows<FleetFineRow & { total: string | number }>(
      this.db,
      sql`
      with page as (
        select v.id, v.placa from vehicles v
        where v.user_id = ${companyUserId} and v.deleted_at is null ${from}
        order by v.placa limit ${limit}
      )
      select p.placa, coalesce(x->>'numero', '') as numero, coalesce(x->>'tipo', '') as tipo,
             coalesce(x->>'estado', '') as estado, coalesce(x->>'fecha_infraccion', '') as fecha_infraccion,
             coalesce((x->>'total')::bigint, 0) as total, coalesce(x->>'infractor', '') as infractor,
             coalesce(x->>'descripcion', '') as descripcion,
             coalesce(x->>'organismo_transito', '') as organismo_transito
      from page p
      join provider_snapshots f on f.vehicle_id = p.id and f.kind = 'fines' and f.status = 'ok'
      cross join lateral jsonb_array_elements(coalesce(f.data->'comparendos_vehiculo', '[]'::jsonb)) x
      order by p.placa, x->>'fecha_infraccion' desc`,
    );
    return list.map((r) => ({ ...r, total: Number(r.total) }));
  }

  /** The plate of the `limit`-th vehicle after `after` (the end of a keyset chunk), or undefined past the end. */
  async plateAt(companyUserId: number, limit: number, after?: string): Promise<string | undefined> {
    const from = after === undefined ? sql`` : sql`and placa > ${after}`;
    const [row] = await rows<{ placa: string }>(
      this.db,
      sql`select placa from vehicles where user_id = ${companyUserId} and deleted_at is null ${from}
          order by placa offset ${limit - 1} limit 1`,
    );
    return row?.placa;
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
}
