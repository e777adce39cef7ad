import { sql, type SQL } from 'drizzle-orm';
import type { MaintenanceType, ReminderState } from '@togo/domain/maintenance/maintenance.catalogue';
import type { Db } from '../../db/client.ts';
import { reminderStateSql } from './maintenance-notices.repository.ts';

export interface FleetDueVehicle {
  id: number;
  placa: string;
  kilometraje: number;
  /** 2 vencido, 1 pronto, 0 al día. */
  rank: number;
  total: number;
}

export interface FleetDueService {
  vehicle_id: number;
  tipo: MaintenanceType;
  estado: ReminderState;
  proximo_km: number | null;
  proxima_fecha: string | null;
}

async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The reminders of an organisation's live vehicles with their state today (the notices' rule, in SQL). */
const states = (organisationId: number, today: string) => sql`
  select r.vehicle_id, r.tipo, r.proximo_km, r.proxima_fecha,
         ${reminderStateSql(sql`v.kilometraje_digitado`, today)} as estado
  from maintenance_reminders r
  join vehicles v on v.id = r.vehicle_id and v.deleted_at is null
  where v.user_id = ${organisationId}`;

const RANK = sql`case s.estado when 'vencido' then 2 when 'pronto' then 1 else 0 end`;

/** SQL only of the fleet-wide maintenance view (decision 077). */
export class FleetMaintenanceRepository {
  constructor(private readonly db: Db) {}

  /** One page of vehicles whose worst reminder ranks at least `minRank`: worst first, then nearest date, plate. */
  page(organisationId: number, today: string, minRank: number, limit: number, offset: number) {
    return rows<FleetDueVehicle>(
      this.db,
      sql`
      with s as (${states(organisationId, today)}),
      per as (
        select s.vehicle_id, max(${RANK})::int as rank,
               min(s.proxima_fecha) filter (where s.estado <> 'al_dia') as nearest
        from s group by s.vehicle_id
      )
      select v.id, v.placa, v.kilometraje_digitado as kilometraje, per.rank, (count(*) over ())::int as total
      from per join vehicles v on v.id = per.vehicle_id
      where per.rank >= ${minRank}
      order by per.rank desc, per.nearest asc nulls last, v.placa asc
      limit ${limit} offset ${offset}`,
    );
  }

  /** How many vehicles have a service overdue, and how many one due soon (their worst state). */
  async summary(organisationId: number, today: string): Promise<{ vencido: number; pronto: number }> {
    const [row] = await rows<{ vencido: number; pronto: number }>(
      this.db,
      sql`
      with s as (${states(organisationId, today)}),
      per as (select s.vehicle_id, max(${RANK}) as rank from s group by s.vehicle_id)
      select (count(*) filter (where rank = 2))::int as vencido, (count(*) filter (where rank = 1))::int as pronto
      from per`,
    );
    return row ?? { vencido: 0, pronto: 0 };
  }

  /** The reminders of these vehicles, worst and nearest first. */
  services(organisationId: number, today: string, vehicleIds: readonly number[]) {
    if (vehicleIds.length === 0) return Promise.resolve([]);
    return rows<FleetDueService>(
      this.db,
      sql`
      with s as (${states(organisationId, today)})
      select s.vehicle_id, s.tipo, s.estado, s.proximo_km, to_char(s.proxima_fecha, 'YYYY-MM-DD') as proxima_fecha
      from s
      where s.vehicle_id in (${sql.join(
        vehicleIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by ${RANK} desc, s.proxima_fecha asc nulls last, s.proximo_km asc nulls last, s.tipo`,
    );
  }
}
