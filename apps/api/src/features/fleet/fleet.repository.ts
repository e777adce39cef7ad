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
   * Applies one chunk in one transaction, set-based: rows whose plate is already in the fleet with another
   * owner document become errors (`otherOwnerMessage`); the rest are upserted by (company, plate) in one
   * statement (unchanged rows are not touched), their drivers upserted in one statement, the errors inserted
   * in one statement, earlier errors of the imported plates removed, and the progress recorded.
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
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FLEET_LOCK_CLASS}::int, ${companyUserId}::int)`);
      // No WAL flush wait per chunk: the upload is marked done by a later, synchronous commit (which flushes
      // the WAL written before it), and a crash before that only loses chunks the job's retry writes again.
      await tx.execute(sql`set local synchronous_commit = off`);
      let good = valid;
      const bad = [...invalid];
      // Plates are validated (A-Z, 0-9 only), so a text[] literal is safe and probes the (user_id, placa) index.
      const plateArray = (list: ValidFleetRow[]) => `{${list.map((r) => r.placa).join(',')}}`;
      const ids = new Map<string, number>();
      if (valid.length > 0) {
        const existing = await rows<{ id: number; placa: string; documento: string }>(
          tx,
          sql`select v.id, v.placa, v.documento_propietario as documento
              from vehicles v
              where v.user_id = ${companyUserId} and v.deleted_at is null
                and v.placa = any(${plateArray(valid)}::text[])`,
        );
        const owner = new Map(existing.map((e) => [e.placa, e.documento]));
        for (const e of existing) ids.set(e.placa, e.id);
        good = [];
        for (const r of valid) {
          const doc = owner.get(r.placa);
          if (doc !== undefined && doc !== r.documento) bad.push(otherOwnerMessage(r));
          else good.push(r);
        }
      }
      let added = 0;
      if (good.length > 0) {
        const payload = JSON.stringify(
          good.map((r) => ({
            placa: r.placa,
            doc: r.documento,
            tipo: r.tipoDocumento,
            km: r.kilometraje,
            dep: r.departmentId,
            city: r.cityId,
          })),
        );
        const changed = await rows<{ id: number; placa: string }>(
          tx,
          sql`insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario,
                kilometraje_digitado, department_id, city_id, created, updated)
              select ${companyUserId}, x.placa, x.doc, x.tipo, x.km, x.dep, x.city,
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
              from jsonb_to_recordset(${payload}::jsonb)
                as x(placa text, doc text, tipo smallint, km integer, dep integer, city integer)
              on conflict (user_id, placa) where deleted_at is null do update set
                tipo_documento_propietario = excluded.tipo_documento_propietario,
                kilometraje_digitado = excluded.kilometraje_digitado,
                department_id = excluded.department_id,
                city_id = excluded.city_id,
                updated = excluded.updated
              where (vehicles.tipo_documento_propietario, vehicles.kilometraje_digitado,
                     vehicles.department_id, vehicles.city_id)
                is distinct from (excluded.tipo_documento_propietario, excluded.kilometraje_digitado,
                     excluded.department_id, excluded.city_id)
              returning id, placa`,
        );
        added = changed.length;
        for (const c of changed) ids.set(c.placa, c.id);
        const drivers = good.filter((r) => r.driver && ids.has(r.placa));
        if (drivers.length > 0) {
          const driverPayload = JSON.stringify(
            drivers.map((r) => ({
              id: ids.get(r.placa),
              nombre: r.driver?.nombre ?? null,
              tipo: r.driver?.tipoDocumento,
              doc: r.driver?.documento,
              tel: r.driver?.telefono ?? null,
              city: r.driver?.cityId ?? null,
            })),
          );
          await tx.execute(
            sql`insert into fleet_drivers (vehicle_id, origin, nombre, tipo_documento, documento, telefono, city_id, updated)
                select x.id, 'archivo', x.nombre, x.tipo, x.doc, x.tel, x.city, ${now.toISOString()}::timestamptz
                from jsonb_to_recordset(${driverPayload}::jsonb)
                  as x(id integer, nombre text, tipo smallint, doc text, tel text, city integer)
                on conflict (vehicle_id) do update set
                  origin = 'archivo', nombre = excluded.nombre, tipo_documento = excluded.tipo_documento,
                  documento = excluded.documento, telefono = excluded.telefono, city_id = excluded.city_id,
                  updated = excluded.updated
                where (fleet_drivers.nombre, fleet_drivers.tipo_documento, fleet_drivers.documento,
                       fleet_drivers.telefono, fleet_drivers.city_id)
                  is distinct from (excluded.nombre, excluded.tipo_documento, excluded.documento,
                       excluded.telefono, excluded.city_id)`,
          );
        }
        await tx.execute(
          sql`delete from fleet_upload_errors e
              where e.company_user_id = ${companyUserId} and e.upload_id <> ${uploadId}
                and e.placa_normalizada = any(${plateArray(good)}::text[])`,
        );
      }
      let errors = 0;
      if (bad.length > 0) {
        const errorPayload = JSON.stringify(
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
        const inserted = await rows<{ id: number }>(
          tx,
          sql`insert into fleet_upload_errors (upload_id, company_user_id, row_number, placa, placa_normalizada,
                message, kilometraje, documento_propietario, valores, created)
              select ${uploadId}, ${companyUserId}, x.row, x.placa, x.norm, x.msg, x.km, x.doc, x.vals, ${now.toISOString()}::timestamptz
              from jsonb_to_recordset(${errorPayload}::jsonb)
                as x(row integer, placa text, norm text, msg text, km text, doc text, vals jsonb)
              on conflict (upload_id, row_number) do nothing
              returning id`,
        );
        errors = inserted.length;
      }
      await tx
        .update(fleetUploads)
        .set({
          rowsDone,
          rowsTotal: sql`greatest(${fleetUploads.rowsTotal}, ${rowsDone})`,
          vehiclesAdded: sql`${fleetUploads.vehiclesAdded} + ${added}`,
          errorRows: sql`${fleetUploads.errorRows} + ${errors}`,
        })
        .where(eq(fleetUploads.id, uploadId));
      return { added, errors };
    });
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
