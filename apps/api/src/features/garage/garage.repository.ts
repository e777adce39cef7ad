import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  cities,
  departments,
  documentTypes,
  providerSnapshots,
  storedFiles,
  users,
  vehicles,
} from '../../db/schema.ts';

import { GarageSnapshotRepository } from './garage-snapshots.repository.ts';
import type { SnapshotKind, StoredFileRow, VehicleInsert, VehicleView } from './garage.views.ts';

export type {
  AlertDateValues,
  SnapshotKind,
  StoredFileRow,
  VehicleInsert,
  VehicleView,
} from './garage.views.ts';

const imageFiles = alias(storedFiles, 'image_files');
const licenceFiles = alias(storedFiles, 'licence_files');

/** Lock class for pg_advisory_xact_lock(class, user id): serialises one user's garage changes. */
const GARAGE_LOCK_CLASS = 7_420_012;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** SQL only: the garage's rules live in the services. */
export class GarageRepository extends GarageSnapshotRepository {
  // The garage screens' reads, built once (prepared statements on PostgreSQL): no query building per request.
  private readonly liveByOwnerQuery;
  private readonly selectedQuery;

  constructor(db: Db) {
    super(db);
    this.liveByOwnerQuery = this.selectView()
      .where(and(eq(vehicles.userId, sql.placeholder('userId')), isNull(vehicles.deletedAt)))
      .orderBy(desc(vehicles.created), desc(vehicles.id))
      .prepare('garage_live_by_owner');
    this.selectedQuery = this.selectView()
      .where(
        and(
          eq(vehicles.userId, sql.placeholder('userId')),
          eq(vehicles.isSelected, true),
          isNull(vehicles.deletedAt),
        ),
      )
      .limit(1)
      .prepare('garage_selected');
  }

  private selectView(db: Db | Tx = this.db) {
    return db
      .select({
        id: vehicles.id,
        userId: vehicles.userId,
        placa: vehicles.placa,
        kilometrajeDigitado: vehicles.kilometrajeDigitado,
        score: vehicles.score,
        created: vehicles.created,
        imageFileId: vehicles.imageFileId,
        imageExtension: imageFiles.extension,
        licenceFileId: vehicles.licenceFileId,
        licenceExtension: licenceFiles.extension,
        documentoPropietario: vehicles.documentoPropietario,
        tipoDocumentoPropietario: vehicles.tipoDocumentoPropietario,
        documentTypeName: documentTypes.name,
        documentTypeCode: documentTypes.code,
        cityId: vehicles.cityId,
        cityName: sql<string | null>`coalesce(${cities.commonName}, ${cities.name})`,
        departmentId: vehicles.departmentId,
        isSelected: vehicles.isSelected,
        registryStatus: providerSnapshots.status,
        registryProvider: providerSnapshots.provider,
        registryData: providerSnapshots.data,
      })
      .from(vehicles)
      .innerJoin(documentTypes, eq(documentTypes.id, vehicles.tipoDocumentoPropietario))
      .leftJoin(cities, eq(cities.id, vehicles.cityId))
      .leftJoin(imageFiles, eq(imageFiles.id, vehicles.imageFileId))
      .leftJoin(licenceFiles, eq(licenceFiles.id, vehicles.licenceFileId))
      .leftJoin(
        providerSnapshots,
        and(eq(providerSnapshots.vehicleId, vehicles.id), eq(providerSnapshots.kind, 'registry')),
      );
  }

  /** The user's live vehicles, newest first. */
  findLiveByOwner(userId: number): Promise<VehicleView[]> {
    return this.liveByOwnerQuery.execute({ userId });
  }

  async findLiveOwned(userId: number, vehicleId: number): Promise<VehicleView | undefined> {
    const [row] = await this.selectView()
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId), isNull(vehicles.deletedAt)))
      .limit(1);
    return row;
  }

  async findSelected(userId: number): Promise<VehicleView | undefined> {
    const [row] = await this.selectedQuery.execute({ userId });
    return row;
  }

  /** What a provider look-up needs; undefined when the vehicle is gone or deleted. */
  async findForLookup(vehicleId: number) {
    const [row] = await this.db
      .select({
        id: vehicles.id,
        placa: vehicles.placa,
        documento: vehicles.documentoPropietario,
        tipoDocumento: documentTypes.code,
      })
      .from(vehicles)
      .innerJoin(documentTypes, eq(documentTypes.id, vehicles.tipoDocumentoPropietario))
      .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.deletedAt)))
      .limit(1);
    return row;
  }

  // reference data
  async documentTypeExists(id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(eq(documentTypes.id, id));
    return rows.length > 0;
  }

  async departmentExists(id: number): Promise<boolean> {
    const rows = await this.db.select({ id: departments.id }).from(departments).where(eq(departments.id, id));
    return rows.length > 0;
  }

  async findCity(id: number): Promise<{ id: number; departmentId: number } | undefined> {
    const [row] = await this.db
      .select({ id: cities.id, departmentId: cities.departmentId })
      .from(cities)
      .where(eq(cities.id, id))
      .limit(1);
    return row;
  }

  private async lockGarage(tx: Tx, userId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${GARAGE_LOCK_CLASS}::int, ${userId}::int)`);
  }

  /**
   * Inserts a vehicle (selected when it is the user's first live one) and its pending look-up snapshots,
   * atomically. Returns null when the plate is already live in the user's garage.
   */
  async createVehicle(
    values: VehicleInsert,
    snapshots: { kind: SnapshotKind; provider: string }[],
  ): Promise<number | null> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.lockGarage(tx, values.userId);
        const live = await tx
          .select({ placa: vehicles.placa })
          .from(vehicles)
          .where(and(eq(vehicles.userId, values.userId), isNull(vehicles.deletedAt)));
        if (live.some((v) => v.placa === values.placa)) return null;
        const [row] = await tx
          .insert(vehicles)
          .values({ ...values, isSelected: live.length === 0 })
          .returning({ id: vehicles.id });
        if (!row) throw new Error('insert vehicles returned nothing');
        if (snapshots.length > 0) {
          await tx.insert(providerSnapshots).values(
            snapshots.map((s) => ({
              vehicleId: row.id,
              kind: s.kind,
              provider: s.provider,
              status: 'pending',
              updated: values.created,
            })),
          );
        }
        return row.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /** Makes `vehicleId` the user's only selected vehicle. False when it is not a live vehicle of the user. */
  async selectVehicle(userId: number, vehicleId: number, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await this.lockGarage(tx, userId);
      const owned = and(eq(vehicles.userId, userId), isNull(vehicles.deletedAt));
      const [target] = await tx
        .select({ id: vehicles.id, isSelected: vehicles.isSelected })
        .from(vehicles)
        .where(and(owned, eq(vehicles.id, vehicleId)));
      if (!target) return false;
      if (target.isSelected) return true;
      // Two statements (not one swap) so the partial unique index never sees two selected rows.
      await tx
        .update(vehicles)
        .set({ isSelected: false, updated: now })
        .where(and(owned, eq(vehicles.isSelected, true), ne(vehicles.id, vehicleId)));
      await tx.update(vehicles).set({ isSelected: true, updated: now }).where(eq(vehicles.id, vehicleId));
      return true;
    });
  }

  /**
   * Soft-deletes a live vehicle of the user; if it was selected, the most recent other live vehicle
   * becomes selected. False when it is not a live vehicle of the user.
   */
  async softDelete(userId: number, vehicleId: number, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await this.lockGarage(tx, userId);
      const owned = and(eq(vehicles.userId, userId), isNull(vehicles.deletedAt));
      const [target] = await tx
        .select({ id: vehicles.id, isSelected: vehicles.isSelected })
        .from(vehicles)
        .where(and(owned, eq(vehicles.id, vehicleId)));
      if (!target) return false;
      await tx
        .update(vehicles)
        .set({ deletedAt: now, isSelected: false, updated: now })
        .where(eq(vehicles.id, vehicleId));
      if (target.isSelected) {
        const [next] = await tx
          .select({ id: vehicles.id })
          .from(vehicles)
          .where(owned)
          .orderBy(desc(vehicles.created), desc(vehicles.id))
          .limit(1);
        if (next) {
          await tx.update(vehicles).set({ isSelected: true, updated: now }).where(eq(vehicles.id, next.id));
        }
      }
      return true;
    });
  }

  /** Sets a live vehicle's typed mileage; false when it is not a live vehicle of the user. */
  async setMileage(userId: number, vehicleId: number, km: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(vehicles)
      .set({ kilometrajeDigitado: km, updated: now })
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId), isNull(vehicles.deletedAt)))
      .returning({ id: vehicles.id });
    return rows.length > 0;
  }

  // files
  async insertFileAndAttach(
    file: StoredFileRow & { created: Date },
    vehicleId: number,
    column: 'image' | 'licence',
    now: Date,
  ): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ imageFileId: vehicles.imageFileId, licenceFileId: vehicles.licenceFileId })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId))
        .for('update');
      await tx.insert(storedFiles).values(file);
      await tx
        .update(vehicles)
        .set(
          column === 'image'
            ? { imageFileId: file.id, updated: now }
            : { licenceFileId: file.id, updated: now },
        )
        .where(eq(vehicles.id, vehicleId));
      return (column === 'image' ? before?.imageFileId : before?.licenceFileId) ?? null;
    });
  }

  /** A stored file behind a signed URL; none once its owner's account is deleted (issue 35, finding 4). */
  async findStoredFile(id: string): Promise<StoredFileRow | undefined> {
    const [row] = await this.db
      .select({
        id: storedFiles.id,
        ownerUserId: storedFiles.ownerUserId,
        purpose: storedFiles.purpose,
        contentType: storedFiles.contentType,
        extension: storedFiles.extension,
        size: storedFiles.size,
        storageKey: storedFiles.storageKey,
      })
      .from(storedFiles)
      .leftJoin(users, eq(users.id, storedFiles.ownerUserId))
      .where(and(eq(storedFiles.id, id), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  /** Deletes a stored-file row no vehicle points at any more; returns its storage key. */
  async deleteUnreferencedFile(id: string): Promise<string | null> {
    const rows = await this.db
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.id, id),
          sql`not exists (select 1 from ${vehicles} where ${vehicles.imageFileId} = ${storedFiles.id} or ${vehicles.licenceFileId} = ${storedFiles.id})`,
        ),
      )
      .returning({ storageKey: storedFiles.storageKey });
    return rows[0]?.storageKey ?? null;
  }
}
