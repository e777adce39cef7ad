import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unpaidFineSql } from '../../db/unpaid-fine.sql.ts';
import { rows } from './fleet-compliance.repository.ts';

export interface FineTotalRow {
  key: string;
  label: string;
  multas: number;
  total: string | number;
  pendientes: number;
  total_pendiente: string | number;
  /** How many rows the grouping has in all (before the limit). */
  grupos: number;
}

export type FineGrouping = 'vehicle' | 'driver' | 'month';

/** SQL only: the fleet's vehicle fines (fines snapshots) summed per vehicle, per current driver or per month. */
export class FleetReportsRepository {
  constructor(private readonly db: Db) {}

  async fineTotals(companyUserId: number, by: FineGrouping, limit: number): Promise<FineTotalRow[]> {
    const key =
      by === 'vehicle'
        ? sql`v.placa`
        : by === 'driver'
          ? sql`coalesce(d.documento, v.documento_propietario)`
          : sql`coalesce(substring(x->>'fecha_infraccion' from 1 for 7), '')`;
    const label = by === 'driver' ? sql`coalesce(max(d.nombre), 'Propietario del vehículo')` : sql`''`;
    return rows<FineTotalRow>(
      this.db,
      sql`
      select ${key} as key, ${label} as label, count(*)::int as multas,
             coalesce(sum((x->>'total')::bigint), 0)::bigint as total,
             (count(*) filter (where ${unpaidFineSql()}))::int as pendientes,
             coalesce(sum((x->>'total')::bigint) filter (where ${unpaidFineSql()}), 0)::bigint
               as total_pendiente,
             (count(*) over ())::int as grupos
      from vehicles v
      join provider_snapshots f on f.vehicle_id = v.id and f.kind = 'fines' and f.status = 'ok'
      left join fleet_drivers d on d.vehicle_id = v.id
      cross join lateral jsonb_array_elements(coalesce(f.data->'comparendos_vehiculo', '[]'::jsonb)) x
      where v.user_id = ${companyUserId} and v.deleted_at is null
      group by 1
      order by ${by === 'month' ? sql`1 desc` : sql`4 desc, 1`}
      limit ${limit}`,
    );
  }
}
