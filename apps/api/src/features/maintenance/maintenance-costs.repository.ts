import { sql, type SQL } from 'drizzle-orm';
import type { CostCategory } from '@togo/domain/maintenance/costs';
import type { Db } from '../../db/client.ts';

export interface CategoryTotal {
  /** 'YYYY-MM' when grouped by month, else null. */
  mes: string | null;
  categoria: CostCategory;
  total: number;
}

/** The vehicles whose costs are summed: one vehicle, or every live vehicle of a company. */
export type CostScope = { vehicleId: number } | { ownerId: number };

async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * The four cost sources of a vehicle as (category, date, amount) rows (decision 075):
 * - mantenimiento, combustible: the records' own date and cost;
 * - servicios: TOGO bookings of the vehicle's owner for its plate that were paid — online (payment APPROVED, not
 *   cancelled afterwards: a cancelled paid booking is refunded) or on site and attended — on the service date, at
 *   the booking's price;
 * - multas: the vehicle's fines the fines provider answers as paid, on the day TOGO saw them change to paid (the
 *   'multa_pagada' change event of the scheduled refresh); a fine already paid at the first look-up has no known
 *   payment day and counts on its infraction date.
 */
export function costRows(scope: CostScope): SQL {
  const vehiclesOf =
    'vehicleId' in scope
      ? sql`select id, user_id, placa from vehicles where id = ${scope.vehicleId}`
      : sql`select id, user_id, placa from vehicles where user_id = ${scope.ownerId} and deleted_at is null`;
  return sql`
    with v as (${vehiclesOf})
    select v.id as vehicle_id, 'mantenimiento' as categoria, m.fecha, m.costo::bigint as monto
      from v join maintenance_records m on m.vehicle_id = v.id
    union all
    select v.id, 'combustible', f.fecha, f.costo::bigint
      from v join fuel_records f on f.vehicle_id = v.id
    union all
    select v.id, 'servicios', b.fecha, b.precio::bigint
      from v join bookings b on b.user_id = v.user_id and upper(b.placa) = upper(v.placa)
      join payments p on p.booking_id = b.id
     where (p.status = 'APPROVED' and b.estado <> 'cancelada') or (p.status = 'EN_SITIO' and b.estado = 'atendido')
    union all
    select v.id, 'multas',
           coalesce((e.created at time zone 'America/Bogota')::date, (fine->>'fecha_infraccion')::date),
           (fine->>'total')::bigint
      from v join provider_snapshots s on s.vehicle_id = v.id and s.kind = 'fines' and s.status = 'ok'
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(s.data->'comparendos_vehiculo') = 'array' then s.data->'comparendos_vehiculo'
             else '[]'::jsonb end) as fine
      left join vehicle_change_events e
        on e.vehicle_id = v.id and e.kind = 'multa_pagada' and e.event_key = fine->>'numero'
     where lower(trim(fine->>'estado')) in ('pagado', 'pagada')`;
}

/** SQL only: what vehicles cost, by category (and month), and who drove them (decision 075). */
export class MaintenanceCostsRepository {
  constructor(private readonly db: Db) {}

  /** Totals per category (and per month when `byMonth`) of `scope` between two dates, inclusive. */
  async totals(scope: CostScope, desde: string, hasta: string, byMonth: boolean): Promise<CategoryTotal[]> {
    const list = await rows<{ mes: string | null; categoria: CostCategory; total: string }>(
      this.db,
      sql`select ${byMonth ? sql`to_char(c.fecha, 'YYYY-MM')` : sql`null::text`} as mes, c.categoria,
                 sum(c.monto)::text as total
          from (${costRows(scope)}) c
          where c.fecha between ${desde}::date and ${hasta}::date
          group by 1, 2`,
    );
    return list.map((r) => ({ mes: r.mes, categoria: r.categoria, total: Number(r.total) }));
  }
}
