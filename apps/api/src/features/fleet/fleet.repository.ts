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

import { analyzeImportedTables, applyChunk } from './fleet-chunk.repository.ts';
import {
  findDriverSnapshots,
  resetDriverSnapshots,
  saveDriverSnapshot,
  type DriverSnapshotKind,
} from './fleet-driver-snapshots.repository.ts';
import type { ChunkResult, FleetDriverRow, FleetVehicleView } from './fleet.views.ts';

export type { DriverSnapshotKind } from './fleet-driver-snapshots.repository.ts';
export type { ChunkResult, FleetDriverRow, FleetVehicleView } from './fleet.views.ts';

export type FleetUploadRow = typeof fleetUploads.$inferSelect;

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

  async finishUpload(id: number, rowsTotal: number, now: Date, ignoredColumns: string[] = []): Promise<void> {
    await this.db
      .update(fleetUploads)
      .set({ status: 'terminado', rowsTotal, rowsDone: rowsTotal, finished: now, ignoredColumns })
      .where(eq(fleetUploads.id, id));
  }

  async failUpload(id: number, message: string, now: Date): Promise<void> {
    await this.db
      .update(fleetUploads)
      .set({ status: 'fallido', message, finished: now })
      .where(eq(fleetUploads.id, id));
  }

  /** en_cola/procesando → fallido; false when the upload had ended already. */
  async failUnfinishedUpload(id: number, message: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(fleetUploads)
      .set({ status: 'fallido', message, finished: now })
      .where(and(eq(fleetUploads.id, id), inArray(fleetUploads.status, ['en_cola', 'procesando'])))
      .returning({ id: fleetUploads.id });
    return rows.length > 0;
  }

  async setProgress(id: number, rowsDone: number): Promise<void> {
    await this.db
      .update(fleetUploads)
      .set({ rowsDone, rowsTotal: sql`greatest(${fleetUploads.rowsTotal}, ${rowsDone})` })
      .where(eq(fleetUploads.id, id));
  }

  /** ANALYZE of the tables an import writes (fleet-chunk.repository.ts). */
  analyzeImportedTables(): Promise<void> {
    return analyzeImportedTables(this.db);
  }

  /** Applies one import chunk in one transaction, set-based (fleet-chunk.repository.ts). */
  applyChunk(
    companyUserId: number,
    uploadId: number,
    valid: ValidFleetRow[],
    invalid: InvalidFleetRow[],
    rowsDone: number,
    otherOwnerMessage: (row: ValidFleetRow) => InvalidFleetRow,
    now: Date,
  ): Promise<ChunkResult> {
    return applyChunk(this.db, companyUserId, uploadId, valid, invalid, rowsDone, otherOwnerMessage, now);
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
    return findDriverSnapshots(this.db, vehicleId);
  }

  /** Pending snapshots for a (new) driver document, replacing an earlier driver's answers. */
  resetDriverSnapshots(
    vehicleId: number,
    providers: { registry: string; fines: string },
    documento: string,
    now: Date,
  ): Promise<void> {
    return resetDriverSnapshots(this.db, vehicleId, providers, documento, now);
  }

  saveDriverSnapshot(
    vehicleId: number,
    kind: DriverSnapshotKind,
    provider: string,
    status: 'ok' | 'pending' | 'failed',
    data: unknown,
    lastError: string | null,
    now: Date,
  ): Promise<void> {
    return saveDriverSnapshot(this.db, vehicleId, kind, provider, status, data, lastError, now);
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
