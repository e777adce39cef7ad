import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { expiry, rows } from './fleet-compliance.repository.ts';

/** One fleet vehicle's six document dates as the Alertas screen judges them (YYYY-MM-DD, or null when unknown). */
export interface AlertFactsRow {
  vehicle_id: number;
  placa: string;
  city_code: string | null;
  city_name: string | null;
  /** Registry snapshot answered ('ok'): a missing SOAT then means there is none. */
  registry_ok: boolean;
  soat: string | null;
  rtm: string | null;
  /** The driver's licence: the company's date, else the current driver's (or the owner's) registry licence. */
  licencia: string | null;
  poliza: string | null;
  impuesto: string | null;
  /** The extinguisher's next recharge: the last recharge the company gave plus 12 months. */
  kit: string | null;
  /** The driver's name (null for the owner or a driver without one) and document (the owner's when none). */
  conductor_nombre: string | null;
  conductor_documento: string;
}

const day = (value: string) => sql.raw(`to_char(${value}, 'YYYY-MM-DD')`);

/**
 * SQL only: the company's live vehicles by plate (keyset after `after`), each with the dates of its SOAT, RTM,
 * driving licence, all-risk policy, road tax and extinguisher recharge. A date the company gave (alert_dates
 * source 'user': the upload's columns) wins over the registry's, as in the garage (decision 107).
 */
export class FleetAlertsRepository {
  constructor(private readonly db: Db) {}

  async chunk(companyUserId: number, opts: { limit: number; after?: string }): Promise<AlertFactsRow[]> {
    const after = opts.after === undefined ? sql`` : sql`and v.placa > ${opts.after}`;
    return rows<AlertFactsRow>(
      this.db,
      sql`
      with page as (
        select v.id, v.placa, v.city_id, v.documento_propietario from vehicles v
        where v.user_id = ${companyUserId} and v.deleted_at is null ${after}
        order by v.placa limit ${opts.limit}
      )
      select p.id as vehicle_id, p.placa, c.code as city_code, coalesce(c.common_name, c.name) as city_name,
             (r.vehicle_id is not null) as registry_ok,
             ${expiry(sql`p.id`, 'ALERTA_SOAT', sql`r.data->'soat'->>'fecha_vencimiento'`)} as soat,
             ${expiry(sql`p.id`, 'ALERTA_RTM', sql`r.data->'rtm'->>'fecha_vencimiento'`)} as rtm,
             coalesce(u.licencia, case when fd.vehicle_id is null then owner_licence.due else driver_licence.due end)
               as licencia,
             u.poliza, u.impuesto, u.kit,
             fd.nombre as conductor_nombre, coalesce(fd.documento, p.documento_propietario) as conductor_documento
      from page p
      left join cities c on c.id = p.city_id
      left join provider_snapshots r on r.vehicle_id = p.id and r.kind = 'registry' and r.status = 'ok'
      left join fleet_drivers fd on fd.vehicle_id = p.id
      left join lateral (
        select ${day(`max(ad.fecha_vencimiento) filter (where ad.code = 'ALERTA_LICENCIA')`)} as licencia,
               ${day(`max(ad.fecha_vencimiento) filter (where ad.code = 'ALERTA_TODO_RIESGO')`)} as poliza,
               ${day(`max(ad.fecha_vencimiento) filter (where ad.code = 'ALERTA_IMPUESTO')`)} as impuesto,
               ${day(`max(ad.fecha_vencimiento + interval '12 months') filter (where ad.code = 'ALERTA_KIT')`)}
                 as kit
        from alert_dates ad
        where ad.vehicle_id = p.id and ad.source = 'user' and ad.fecha_vencimiento is not null
      ) u on true
      left join lateral (
        -- The owner drives (no fleet_drivers row): the owner's licence from the vehicle's registry answer.
        select min(x->>'fechaVencimiento') as due
        from jsonb_array_elements(coalesce(r.data->'licencia'->'detalles_lic_transito', '[]'::jsonb)) x
      ) owner_licence on true
      left join lateral (
        -- A driver: the licence of the driver's own look-up, when it is for the current driver's document.
        select min(x->>'fechaVencimiento') as due
        from provider_snapshots d
          cross join lateral jsonb_array_elements(coalesce(d.data->'licencia'->'detalles_lic_transito', '[]'::jsonb)) x
        where d.vehicle_id = p.id and d.kind = 'driver_registry' and d.status = 'ok'
          and d.data->>'documento' = fd.documento
      ) driver_licence on true
      order by p.placa`,
    );
  }
}
