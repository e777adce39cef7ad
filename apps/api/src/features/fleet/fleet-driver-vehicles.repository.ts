import { sql } from 'drizzle-orm';
import type { DriverCompanyVehicle } from '@togo/domain/fleet/fleet-driver-vehicles.contract';
import { GROUP_COMPANY } from '@togo/domain/roles';
import type { Db } from '../../db/client.ts';

/**
 * The fleet vehicles whose driver record (fleet_drivers) carries the signed-in user's document type and number
 * (decision 038). Only live vehicles of company accounts; never the user's own garage. A user without a
 * document on their profile has none.
 */
export class DriverCompanyVehiclesRepository {
  constructor(private readonly db: Db) {}

  async forUser(userId: number): Promise<DriverCompanyVehicle[]> {
    const res = (await this.db.execute(
      sql`select v.placa,
                 coalesce(nullif(trim(o.razon_social), ''), trim(o.nombres || ' ' || o.apellidos)) as empresa,
                 coalesce(c.common_name, c.name) as ciudad,
                 r.data->'soat'->>'fecha_vencimiento' as soat_vence,
                 r.data->'rtm'->>'fecha_vencimiento' as rtm_vence
          from users u
          join document_types t on t.code = u.tipo_documento
          join fleet_drivers d on d.documento = upper(trim(u.identificacion)) and d.tipo_documento = t.id
          join vehicles v on v.id = d.vehicle_id and v.deleted_at is null and v.user_id <> u.id
          join users o on o.id = v.user_id and o.group_id = ${GROUP_COMPANY} and o.deleted_at is null
          left join cities c on c.id = v.city_id
          left join provider_snapshots r on r.vehicle_id = v.id and r.kind = 'registry' and r.status = 'ok'
          where u.id = ${userId} and u.deleted_at is null
            and u.identificacion is not null and trim(u.identificacion) <> ''
          order by empresa, v.placa
          limit 200`,
    )) as unknown as { rows: DriverCompanyVehicle[] };
    return res.rows;
  }
}
