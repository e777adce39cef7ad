import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cities,
  departments,
  documentTypes,
  fleetDrivers,
  fleetUploadErrors,
  fleetUploads,
  providerSnapshots,
  vehicleCounts,
  vehicles,
} from '../../db/schema.ts';
import type { InvalidFleetRow, ReferenceRows, ValidFleetRow } from './fleet-rows.ts';

/** Lock class for pg_advisory_xact_lock(class, company id): one import chunk of a company at a time. */
const FLEET_LOCK_CLASS = 7_420_060;

/** provider_snapshots kinds of a fleet vehicle's driver (the vehicle's own are the garage's). */
export type DriverSnapshotKind = 'driver_registry' | 'driver_fines';
const DRIVER_KINDS: DriverSnapshotKind[] = ['driver_registry', 'driver_fines'];

export type FleetUploadRow = typeof fleetUploads.$inferSelect;

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with { rows }.
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export interface FleetVehicleView {
  id: number;
  placa: string;
  kilometrajeDigitado: number;
  created: Date;
  documentoPropietario: string;
  tipoDocumentoPropietario: number;
  documentTypeName: string;
  documentTypeCode: string;
  departmentId: number | null;
  cityId: number | null;
  cityName: string | null;
  registryStatus: string | null;
  registryProvider: string | null;
  registryData: unknown;
  driverNombre: string | null;
}

export interface FleetDriverRow {
  vehicleId: number;
  origin: string;
  nombre: string | null;
  tipoDocumento: number;
  documentTypeName: string;
  documentTypeCode: string;
  documento: string;
  telefono: string | null;
  cityId: number | null;
  cityName: string | null;
}

export interface ChunkResult {
  /** Vehicles inserted or changed. */
  added: number;
  /** Error records inserted (a retried chunk inserts none twice). */
  errors: number;
}

/** SQL only: the fleet's rules live in the services. */
export class FleetRepository {
  constructor(private readonly db: Db) {}

  // ——— reference data

  async referenceRows(): Promise<ReferenceRows> {
    const [deps, cits, types] = await Promise.all([
      this.db
        .select({ id: departments.id, code: departments.code, name: departments.name })
        .from(departments),
      this.db
        .select({
          id: cities.id,
          code: cities.code,
          name: cities.name,
          commonName: cities.commonName,
          departmentId: cities.departmentId,
        })
        .from(cities),
      this.db
        .select({ id: documentTypes.id, code: documentTypes.code, name: documentTypes.name })
        .from(documentTypes),
    ]);
    return { departments: deps, cities: cits, documentTypes: types };
  }

  // ——— uploads

  async findLiveUploadByHash(companyUserId: number, sha: string): Promise<FleetUploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(fleetUploads)
      .where(
        and(
          eq(fleetUploads.companyUserId, companyUserId),
          eq(fleetUploads.fileSha256, sha),
          sql`${fleetUploads.status} <> 'fallido'`,
        ),
      )
      .limit(1);
    return row;
  }

  /** Inserts an upload; undefined when a live upload of the same file exists (concurrent duplicate). */
  async insertUpload(values: typeof fleetUploads.$inferInsert): Promise<FleetUploadRow | undefined> {
    const [row] = await this.db
      .insert(fleetUploads)
      .values(values)
      .onConflictDoNothing({
        target: [fleetUploads.companyUserId, fleetUploads.fileSha256],
        where: sql`${fleetUploads.status} <> 'fallido'`,
      })
      .returning();
    return row;
  }

  async findUpload(id: number): Promise<FleetUploadRow | undefined> {
    const [row] = await this.db.select().from(fleetUploads).where(eq(fleetUploads.id, id)).limit(1);
    return row;
  }

  async findOwnedUpload(companyUserId: number, id: number): Promise<FleetUploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(fleetUploads)
      .where(and(eq(fleetUploads.id, id), eq(fleetUploads.companyUserId, companyUserId)))
      .limit(1);
    return row;
  }

  async findLatestUpload(companyUserId: number): Promise<FleetUploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(fleetUploads)
      .where(eq(fleetUploads.companyUserId, companyUserId))
      .orderBy(desc(fleetUploads.id))
      .limit(1);
    return row;
  }

  /** en_cola/procesando → procesando; undefined when the upload is finished (a duplicate job run). */
  async claimUpload(id: number, now: Date): Promise<FleetUploadRow | undefined> {
    const [row] = await this.db
      .update(fleetUploads)
      .set({ status: 'procesando', started: now })
      .where(and(eq(fleetUploads.id, id), inArray(fleetUploads.status, ['en_cola', 'procesando'])))
      .returning();
    return row;
  }

  async finishUpload(id: number, rowsTotal: number, now: Date): Promise<void> {
    await this.db
      .update(fleetUploads)
      .set({ status: 'terminado', rowsTotal, rowsDone: rowsTotal, finished: now })
      .where(eq(fleetUploads.id, id));
  }

  async failUpload(id: number, message: string, now: Date): Promise<void> {
    await this.db
      .update(fleetUploads)
      .set({ status: 'fallido', message, finished: now })
      .where(eq(fleetUploads.id, id));
  }

  async setProgress(id: number, rowsDone: number): Promise<void> {
    await this.db
      .update(fleetUploads)
      .set({ rowsDone, rowsTotal: sql`greatest(${fleetUploads.rowsTotal}, ${rowsDone})` })
      .where(eq(fleetUploads.id, id));
  }

  /**
   * Applies one chunk in one transaction, set-based, in three round trips (begin + lock, one statement,
   * commit): rows whose plate is already in the fleet with another owner document become errors
   * (`otherOwnerMessage`, a second statement only when there are any); the rest are upserted by (company,
   * plate) (unchanged rows are not touched), their drivers upserted, earlier errors of their plates removed,
   * the chunk's error rows inserted and the progress recorded — all by one statement of data-modifying CTEs.
   */
  async applyChunk(
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
      })),
    );
    return this.db.transaction(async (tx) => {
      // One chunk of a company at a time: the owner check below reads plates after the lock is held (each
      // statement takes a new snapshot). No WAL flush wait per chunk: the upload is marked done by a later,
      // synchronous commit (which flushes the WAL written before it), and a crash before that only loses
      // chunks the job's retry writes again.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${FLEET_LOCK_CLASS}::int, ${companyUserId}::int),
                   set_config('synchronous_commit', 'off', true)`,
      );
      const [result] = await rows<{ added: number; errors: number; conflicts: number[] }>(
        tx,
        sql`with input as (
              select * from jsonb_to_recordset(${validPayload}::jsonb) as x(n integer, placa text, doc text,
                tipo smallint, km integer, dep integer, city integer,
                dn text, dt smallint, dd text, dp text, dc integer)
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
              ${this.insertErrors(companyUserId, uploadId, invalid, at)}
            ),
            progress as (
              update fleet_uploads set
                rows_done = ${rowsDone},
                rows_total = greatest(rows_total, ${rowsDone}),
                vehicles_added = vehicles_added + (select count(*) from upserted),
                error_rows = error_rows + (select count(*) from errs)
              where id = ${uploadId}
            )
            select (select count(*) from upserted)::int as added, (select count(*) from errs)::int as errors,
              coalesce((select array_agg(c.n order by c.n) from conflicts c), '{}')::int[] as conflicts`,
      );
      const added = result?.added ?? 0;
      let errors = result?.errors ?? 0;
      const conflicting = new Set(result?.conflicts ?? []);
      if (conflicting.size > 0) {
        // Rare: plates registered with another owner document become error rows of this upload.
        const bad = valid.filter((r) => conflicting.has(r.rowNumber)).map(otherOwnerMessage);
        const [more] = await rows<{ errors: number }>(
          tx,
          sql`with errs as (${this.insertErrors(companyUserId, uploadId, bad, at)}),
              progress as (
                update fleet_uploads set error_rows = error_rows + (select count(*) from errs)
                where id = ${uploadId}
              )
              select (select count(*) from errs)::int as errors`,
        );
        errors += more?.errors ?? 0;
      }
      return { added, errors };
    });
  }

  /** `insert … returning 1` of error rows (unique per upload and row: a retried chunk inserts none twice). */
  private insertErrors(companyUserId: number, uploadId: number, bad: InvalidFleetRow[], at: string) {
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

  // ——— errors

  async countErrors(companyUserId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(fleetUploadErrors)
      .where(eq(fleetUploadErrors.companyUserId, companyUserId));
    return row?.n ?? 0;
  }

  /** Newest first (latest upload first, then by row). */
  pageErrors(companyUserId: number, limit: number, offset: number) {
    return this.db
      .select({
        id: fleetUploadErrors.id,
        uploadId: fleetUploadErrors.uploadId,
        rowNumber: fleetUploadErrors.rowNumber,
        placa: fleetUploadErrors.placa,
        message: fleetUploadErrors.message,
        kilometraje: fleetUploadErrors.kilometraje,
        documentoPropietario: fleetUploadErrors.documentoPropietario,
        created: fleetUploadErrors.created,
      })
      .from(fleetUploadErrors)
      .where(eq(fleetUploadErrors.companyUserId, companyUserId))
      .orderBy(desc(fleetUploadErrors.uploadId), asc(fleetUploadErrors.rowNumber))
      .limit(limit)
      .offset(offset);
  }

  /** Every current error row's cells and message, for the errors download (bounded by the caller). */
  allErrorRows(companyUserId: number, limit: number) {
    return this.db
      .select({ valores: fleetUploadErrors.valores, message: fleetUploadErrors.message })
      .from(fleetUploadErrors)
      .where(eq(fleetUploadErrors.companyUserId, companyUserId))
      .orderBy(desc(fleetUploadErrors.uploadId), asc(fleetUploadErrors.rowNumber))
      .limit(limit);
  }

  // ——— fleet vehicles

  private vehicleView() {
    return this.db
      .select({
        id: vehicles.id,
        placa: vehicles.placa,
        kilometrajeDigitado: vehicles.kilometrajeDigitado,
        created: vehicles.created,
        documentoPropietario: vehicles.documentoPropietario,
        tipoDocumentoPropietario: vehicles.tipoDocumentoPropietario,
        documentTypeName: documentTypes.name,
        documentTypeCode: documentTypes.code,
        departmentId: vehicles.departmentId,
        cityId: vehicles.cityId,
        cityName: sql<string | null>`coalesce(${cities.commonName}, ${cities.name})`,
        registryStatus: providerSnapshots.status,
        registryProvider: providerSnapshots.provider,
        registryData: providerSnapshots.data,
        driverNombre: fleetDrivers.nombre,
      })
      .from(vehicles)
      .innerJoin(documentTypes, eq(documentTypes.id, vehicles.tipoDocumentoPropietario))
      .leftJoin(cities, eq(cities.id, vehicles.cityId))
      .leftJoin(fleetDrivers, eq(fleetDrivers.vehicleId, vehicles.id))
      .leftJoin(
        providerSnapshots,
        and(eq(providerSnapshots.vehicleId, vehicles.id), eq(providerSnapshots.kind, 'registry')),
      );
  }

  private fleetWhere(companyUserId: number, placa: string) {
    return and(
      eq(vehicles.userId, companyUserId),
      isNull(vehicles.deletedAt),
      placa ? sql`${vehicles.placa} like ${`%${placa}%`}` : undefined,
    );
  }

  async countVehicles(companyUserId: number, placa: string): Promise<number> {
    if (!placa) {
      // The whole fleet: the count kept by the vehicles triggers (migration 0011), not a scan of every vehicle.
      const [kept] = await this.db
        .select({ n: vehicleCounts.live })
        .from(vehicleCounts)
        .where(eq(vehicleCounts.userId, companyUserId));
      return kept?.n ?? 0;
    }
    const [row] = await this.db
      .select({ n: count() })
      .from(vehicles)
      .where(this.fleetWhere(companyUserId, placa));
    return row?.n ?? 0;
  }

  /** By plate, for a stable table order. */
  pageVehicles(
    companyUserId: number,
    placa: string,
    limit: number,
    offset: number,
  ): Promise<FleetVehicleView[]> {
    return this.vehicleView()
      .where(this.fleetWhere(companyUserId, placa))
      .orderBy(asc(vehicles.placa))
      .limit(limit)
      .offset(offset);
  }

  async findVehicle(companyUserId: number, vehicleId: number): Promise<FleetVehicleView | undefined> {
    const [row] = await this.vehicleView()
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, companyUserId), isNull(vehicles.deletedAt)))
      .limit(1);
    return row;
  }

  async findDriver(vehicleId: number): Promise<FleetDriverRow | undefined> {
    const [row] = await this.db
      .select({
        vehicleId: fleetDrivers.vehicleId,
        origin: fleetDrivers.origin,
        nombre: fleetDrivers.nombre,
        tipoDocumento: fleetDrivers.tipoDocumento,
        documentTypeName: documentTypes.name,
        documentTypeCode: documentTypes.code,
        documento: fleetDrivers.documento,
        telefono: fleetDrivers.telefono,
        cityId: fleetDrivers.cityId,
        cityName: sql<string | null>`coalesce(${cities.commonName}, ${cities.name})`,
      })
      .from(fleetDrivers)
      .innerJoin(documentTypes, eq(documentTypes.id, fleetDrivers.tipoDocumento))
      .leftJoin(cities, eq(cities.id, fleetDrivers.cityId))
      .where(eq(fleetDrivers.vehicleId, vehicleId))
      .limit(1);
    return row;
  }

  async upsertDriver(values: typeof fleetDrivers.$inferInsert): Promise<void> {
    await this.db
      .insert(fleetDrivers)
      .values(values)
      .onConflictDoUpdate({
        target: fleetDrivers.vehicleId,
        set: {
          origin: values.origin,
          nombre: values.nombre ?? null,
          tipoDocumento: values.tipoDocumento,
          documento: values.documento,
          telefono: values.telefono ?? null,
          cityId: values.cityId ?? null,
          updated: values.updated,
        },
      });
  }

  async deleteDriver(vehicleId: number): Promise<void> {
    await this.db.delete(fleetDrivers).where(eq(fleetDrivers.vehicleId, vehicleId));
  }

  async documentTypeExists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(eq(documentTypes.id, id));
    return !!row;
  }

  async cityExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: cities.id }).from(cities).where(eq(cities.id, id));
    return !!row;
  }

  // ——— driver look-ups (provider_snapshots kinds driver_registry / driver_fines)

  findDriverSnapshots(vehicleId: number) {
    return this.db
      .select({
        kind: providerSnapshots.kind,
        status: providerSnapshots.status,
        data: providerSnapshots.data,
      })
      .from(providerSnapshots)
      .where(and(eq(providerSnapshots.vehicleId, vehicleId), inArray(providerSnapshots.kind, DRIVER_KINDS)));
  }

  /** Pending snapshots for a (new) driver document, replacing an earlier driver's answers. */
  async resetDriverSnapshots(
    vehicleId: number,
    providers: { registry: string; fines: string },
    documento: string,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(providerSnapshots)
      .values(
        DRIVER_KINDS.map((kind) => ({
          vehicleId,
          kind,
          provider: kind === 'driver_registry' ? providers.registry : providers.fines,
          status: 'pending',
          data: { documento },
          updated: now,
        })),
      )
      .onConflictDoUpdate({
        target: [providerSnapshots.vehicleId, providerSnapshots.kind],
        set: { status: 'pending', data: { documento }, attempts: 0, lastError: null, updated: now },
      });
  }

  async saveDriverSnapshot(
    vehicleId: number,
    kind: DriverSnapshotKind,
    provider: string,
    status: 'ok' | 'pending' | 'failed',
    data: unknown,
    lastError: string | null,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(providerSnapshots)
      .values({ vehicleId, kind, provider, status, data, attempts: 1, lastError, updated: now })
      .onConflictDoUpdate({
        target: [providerSnapshots.vehicleId, providerSnapshots.kind],
        set: {
          provider,
          status,
          data,
          lastError,
          attempts: sql`least(${providerSnapshots.attempts} + 1, 32767)`,
          updated: now,
        },
      });
  }

  /** Plate and driver document of a live fleet vehicle that has a driver. */
  async findDriverLookupTarget(
    vehicleId: number,
  ): Promise<{ placa: string; documento: string; documentTypeCode: string } | undefined> {
    const [row] = await this.db
      .select({
        placa: vehicles.placa,
        documento: fleetDrivers.documento,
        documentTypeCode: documentTypes.code,
      })
      .from(fleetDrivers)
      .innerJoin(vehicles, and(eq(vehicles.id, fleetDrivers.vehicleId), isNull(vehicles.deletedAt)))
      .innerJoin(documentTypes, eq(documentTypes.id, fleetDrivers.tipoDocumento))
      .where(eq(fleetDrivers.vehicleId, vehicleId))
      .limit(1);
    return row;
  }
}
