import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { InvalidFleetRow, ValidFleetRow } from './fleet-rows.ts';
import type { ChunkResult } from './fleet.views.ts';

/** Lock class for pg_advisory_xact_lock(class, company id): one import chunk of a company at a time. */
const FLEET_LOCK_CLASS = 7_420_060;

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with { rows }.
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Applies one chunk in one transaction, set-based, in three round trips (begin + lock, one statement,
 * commit): rows whose plate is already in the fleet with another owner document become errors
 * (`otherOwnerMessage`, a second statement only when there are any); the rest are upserted by (company,
 * plate) (unchanged rows are not touched), their drivers and expiry dates upserted, new and changed vehicles
 * counted apart, earlier errors of their plates removed, the chunk's error rows inserted and the progress
 * recorded — all by one statement of data-modifying CTEs.
 */
export async function applyChunk(
  db: Db,
  companyUserId: number,
  uploadId: number,
  valid: ValidFleetRow[],
  invalid: InvalidFleetRow[],
  rowsDone: number,
  otherOwnerMessage: (row: ValidFleetRow) => InvalidFleetRow,
  now: Date,
): Promise<ChunkResult> {
  const at = now.toISOString();
  const validPayload = JSON.stringify(
    valid.map((r) => ({
      n: r.rowNumber,
      placa: r.placa,
      doc: r.documento,
      tipo: r.tipoDocumento,
      km: r.kilometraje,
      dep: r.departmentId,
      city: r.cityId,
      dn: r.driver?.nombre ?? null,
      dt: r.driver?.tipoDocumento ?? null,
      dd: r.driver?.documento ?? null,
      dp: r.driver?.telefono ?? null,
      dc: r.driver?.cityId ?? null,
      vs: r.fechas.soat,
      vr: r.fechas.rtm,
      vl: r.fechas.licencia,
      vp: r.fechas.poliza,
      vi: r.fechas.impuesto,
      vk: r.fechas.extintor,
    })),
  );
  return db.transaction(async (tx) => {
    // One chunk of a company at a time: the owner check below reads plates after the lock is held (each
    // statement takes a new snapshot). No WAL flush wait per chunk: the upload is marked done by a later,
    // synchronous commit (which flushes the WAL written before it), and a crash before that only loses
    // chunks the job's retry writes again.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${FLEET_LOCK_CLASS}::int, ${companyUserId}::int),
                 set_config('synchronous_commit', 'off', true)`,
    );
    const [result] = await rows<{ added: number; updated: number; errors: number; conflicts: number[] }>(
      tx,
      sql`with input as (
            select * from jsonb_to_recordset(${validPayload}::jsonb) as x(n integer, placa text, doc text,
              tipo smallint, km integer, dep integer, city integer,
              dn text, dt smallint, dd text, dp text, dc integer, vs date, vr date, vl date,
              vp date, vi date, vk date)
          ),
          existing as (
            -- One probe of the (user_id, placa) index per plate of the chunk, never a scan of the whole
            -- fleet (the planner would pick one from statistics taken before the import grew the table):
            -- LIMIT keeps the lateral subquery a parameterised index probe (the index is unique anyway).
            select v.id, i.placa, v.doc
            from input i
              cross join lateral (
                select v.id, v.documento_propietario as doc from vehicles v
                where v.user_id = ${companyUserId} and v.placa = i.placa and v.deleted_at is null
                limit 1
              ) v
          ),
          conflicts as (
            select i.n, i.placa from input i join existing e on e.placa = i.placa and e.doc <> i.doc
          ),
          upserted as (
            -- Every input row: a plate registered with another owner document meets the conflict and is
            -- left alone by the WHERE (it is reported through conflicts). Selecting from input
            -- rather than a filtered CTE keeps the planner's row estimates (and so the joins below) sane.
            insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario,
              kilometraje_digitado, department_id, city_id, created, updated)
            select ${companyUserId}, i.placa, i.doc, i.tipo, i.km, i.dep, i.city, ${at}::timestamptz,
              ${at}::timestamptz
            from input i
            on conflict (user_id, placa) where deleted_at is null do update set
              tipo_documento_propietario = excluded.tipo_documento_propietario,
              kilometraje_digitado = excluded.kilometraje_digitado,
              department_id = excluded.department_id,
              city_id = excluded.city_id,
              updated = excluded.updated
            where vehicles.documento_propietario = excluded.documento_propietario
              and (vehicles.tipo_documento_propietario, vehicles.kilometraje_digitado,
                   vehicles.department_id, vehicles.city_id)
              is distinct from (excluded.tipo_documento_propietario, excluded.kilometraje_digitado,
                   excluded.department_id, excluded.city_id)
            returning id, placa
          ),
          drivers as (
            insert into fleet_drivers (vehicle_id, origin, nombre, tipo_documento, documento, telefono,
              city_id, updated)
            select coalesce(u.id, e.id), 'archivo', i.dn, i.dt, i.dd, i.dp, i.dc, ${at}::timestamptz
            from input i
              left join upserted u on u.placa = i.placa
              left join existing e on e.placa = i.placa and e.doc = i.doc
            where i.dd is not null and coalesce(u.id, e.id) is not null
            on conflict (vehicle_id) do update set
              origin = 'archivo', nombre = excluded.nombre, tipo_documento = excluded.tipo_documento,
              documento = excluded.documento, telefono = excluded.telefono, city_id = excluded.city_id,
              updated = excluded.updated
            where (fleet_drivers.nombre, fleet_drivers.tipo_documento, fleet_drivers.documento,
                   fleet_drivers.telefono, fleet_drivers.city_id)
              is distinct from (excluded.nombre, excluded.tipo_documento, excluded.documento,
                   excluded.telefono, excluded.city_id)
            returning vehicle_id
          ),
          dates as (
            -- The file's expiry dates are the user's (alert_dates source 'user', which win over the registry's
            -- until it answers a later one); a blank cell leaves a stored date alone (decision 107). The kit's
            -- fecha_vencimiento is the last extinguisher recharge, as the kit screen stores it.
            insert into alert_dates (vehicle_id, code, source, fecha_vencimiento, updated)
            select coalesce(u.id, e.id), d.code, 'user', d.day, ${at}::timestamptz
            from input i
              left join upserted u on u.placa = i.placa
              left join existing e on e.placa = i.placa and e.doc = i.doc
              cross join lateral (values ('ALERTA_SOAT', i.vs), ('ALERTA_RTM', i.vr), ('ALERTA_LICENCIA', i.vl),
                ('ALERTA_TODO_RIESGO', i.vp), ('ALERTA_IMPUESTO', i.vi), ('ALERTA_KIT', i.vk)) as d(code, day)
            where d.day is not null and coalesce(u.id, e.id) is not null
            on conflict (vehicle_id, code, source) do update set
              fecha_vencimiento = excluded.fecha_vencimiento, updated = excluded.updated
            where alert_dates.fecha_vencimiento is distinct from excluded.fecha_vencimiento
            returning vehicle_id
          ),
          counted as (
            -- New vehicles (not in the fleet before this statement) and vehicles already there whose data or
            -- driver changed; a row neither added, updated nor refused is unchanged (decision 107).
            select
              (select count(*) from upserted u where not exists (select 1 from existing e where e.id = u.id))
                as added,
              (select count(*) from (
                 select u.id from upserted u join existing e on e.id = u.id
                 union
                 select d.vehicle_id from drivers d join existing e on e.id = d.vehicle_id
                 union
                 select a.vehicle_id from dates a join existing e on e.id = a.vehicle_id
               ) changed) as updated
          ),
          cleared as (
            -- Probes (company, plate) per imported plate, then deletes by primary key (same reason).
            delete from fleet_upload_errors e
            where e.id = any(array(
              select x.id from input i
                cross join lateral (
                  select e2.id from fleet_upload_errors e2
                  where e2.company_user_id = ${companyUserId} and e2.placa_normalizada = i.placa
                    and e2.upload_id <> ${uploadId}
                  offset 0
                ) x
              where i.placa not in (select c.placa from conflicts c)
            ))
          ),
          errs as (
            ${insertErrors(companyUserId, uploadId, invalid, at)}
          ),
          progress as (
            update fleet_uploads set
              rows_done = ${rowsDone},
              rows_total = greatest(rows_total, ${rowsDone}),
              vehicles_added = vehicles_added + (select added from counted),
              vehicles_updated = vehicles_updated + (select updated from counted),
              error_rows = error_rows + (select count(*) from errs)
            where id = ${uploadId}
          )
          select (select added from counted)::int as added, (select updated from counted)::int as updated,
            (select count(*) from errs)::int as errors,
            coalesce((select array_agg(c.n order by c.n) from conflicts c), '{}')::int[] as conflicts`,
    );
    const added = result?.added ?? 0;
    const updated = result?.updated ?? 0;
    let errors = result?.errors ?? 0;
    const conflicting = new Set(result?.conflicts ?? []);
    if (conflicting.size > 0) {
      // Rare: plates registered with another owner document become error rows of this upload.
      const bad = valid.filter((r) => conflicting.has(r.rowNumber)).map(otherOwnerMessage);
      const [more] = await rows<{ errors: number }>(
        tx,
        sql`with errs as (${insertErrors(companyUserId, uploadId, bad, at)}),
            progress as (
              update fleet_uploads set error_rows = error_rows + (select count(*) from errs)
              where id = ${uploadId}
            )
            select (select count(*) from errs)::int as errors`,
      );
      errors += more?.errors ?? 0;
    }
    return { added, updated, errors };
  });
}

/** `insert … returning 1` of error rows (unique per upload and row: a retried chunk inserts none twice). */
function insertErrors(companyUserId: number, uploadId: number, bad: InvalidFleetRow[], at: string) {
  const payload = JSON.stringify(
    bad.map((r) => ({
      row: r.rowNumber,
      placa: r.placa,
      norm: r.placaNormalizada,
      msg: r.message,
      km: r.kilometraje,
      doc: r.documento,
      vals: r.valores,
    })),
  );
  return sql`insert into fleet_upload_errors (upload_id, company_user_id, row_number, placa, placa_normalizada,
              message, kilometraje, documento_propietario, valores, created)
            select ${uploadId}, ${companyUserId}, x.row, x.placa, x.norm, x.msg, x.km, x.doc, x.vals, ${at}::timestamptz
            from jsonb_to_recordset(${payload}::jsonb)
              as x(row integer, placa text, norm text, msg text, km text, doc text, vals jsonb)
            on conflict (upload_id, row_number) do nothing
            returning 1`;
}

/**
 * Refreshes the planner's statistics of the tables an import writes (decision 133). Until autovacuum analyzes
 * them — a minute later at best, never when the rows are under 10 % of a large table — the planner does not
 * know the company's new fleet (it estimates one vehicle where there are thousands), and the compliance grid,
 * the alerts and the reports read it with plans made for one row.
 */
export async function analyzeImportedTables(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`analyze vehicles, fleet_drivers, alert_dates`);
}
