import { sql, type SQL } from 'drizzle-orm';
import type { CostCategory } from '@togo/domain/maintenance/costs';
import type { OdometerReading } from '@togo/domain/maintenance/odometer';
import type { Db } from '../../db/client.ts';
import { costRows } from './maintenance-costs.repository.ts';

/** A live vehicle of the company with its assigned driver (fleet_drivers), if any. */
export interface VehicleDriver {
  vehicle_id: number;
  placa: string;
  tipo_documento: string | null;
  documento: string | null;
  nombre: string | null;
}

export interface VehicleCategoryTotal {
  vehicle_id: number;
  categoria: CostCategory;
  total: number;
}

export type VehicleReading = OdometerReading & { vehicle_id: number };

async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** SQL only of the costs per driver (decision 091). The driver tables are read directly, as the calendar does. */
export class FleetDriverCostsRepository {
  constructor(private readonly db: Db) {}

  /** Every live vehicle of the company and its driver today (document type as its code, 'CC'). */
  vehicles(organisationId: number): Promise<VehicleDriver[]> {
    return rows<VehicleDriver>(
      this.db,
      sql`
      select v.id as vehicle_id, v.placa, t.code as tipo_documento, upper(d.documento) as documento, d.nombre
      from vehicles v
      left join fleet_drivers d on d.vehicle_id = v.id
      left join document_types t on t.id = d.tipo_documento
      where v.user_id = ${organisationId} and v.deleted_at is null`,
    );
  }

  /** Each vehicle's totals per category between two dates, inclusive (the same sources as a vehicle's costs). */
  async totals(organisationId: number, desde: string, hasta: string): Promise<VehicleCategoryTotal[]> {
    const list = await rows<{ vehicle_id: number; categoria: CostCategory; total: string }>(
      this.db,
      sql`select c.vehicle_id, c.categoria, sum(c.monto)::text as total
          from (${costRows({ ownerId: organisationId })}) c
          where c.fecha between ${desde}::date and ${hasta}::date
          group by 1, 2`,
    );
    return list.map((r) => ({
      vehicle_id: Number(r.vehicle_id),
      categoria: r.categoria,
      total: Number(r.total),
    }));
  }

  /** The odometer readings (services and fill-ups) of the company's live vehicles up to `hasta`. */
  async readings(organisationId: number, hasta: string): Promise<VehicleReading[]> {
    const list = await rows<VehicleReading>(
      this.db,
      sql`
      with v as (select id from vehicles where user_id = ${organisationId} and deleted_at is null)
      select m.vehicle_id, to_char(m.fecha, 'YYYY-MM-DD') as fecha, m.kilometraje, m.correccion
        from maintenance_records m join v on v.id = m.vehicle_id where m.fecha <= ${hasta}::date
      union all
      select f.vehicle_id, to_char(f.fecha, 'YYYY-MM-DD') as fecha, f.kilometraje, f.correccion
        from fuel_records f join v on v.id = f.vehicle_id where f.fecha <= ${hasta}::date`,
    );
    return list.map((r) => ({
      vehicle_id: Number(r.vehicle_id),
      fecha: r.fecha,
      kilometraje: Number(r.kilometraje),
      correccion: r.correccion,
    }));
  }
}
