import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  alertDates,
  cities,
  departments,
  documentTypes,
  providerSnapshots,
  storedFiles,
  vehicles,
} from '../../db/schema.ts';

const imageFiles = alias(storedFiles, 'image_files');
const licenceFiles = alias(storedFiles, 'licence_files');

/** Lock class for pg_advisory_xact_lock(class, user id): serialises one user's garage changes. */
const GARAGE_LOCK_CLASS = 7_420_012;

export type SnapshotKind = 'registry' | 'fines' | 'value';

export type VehicleInsert = Pick<
  typeof vehicles.$inferInsert,
  | 'userId'
  | 'placa'
  | 'documentoPropietario'
  | 'tipoDocumentoPropietario'
  | 'kilometrajeDigitado'
  | 'departmentId'
  | 'cityId'
  | 'created'
  | 'updated'
>;

/** A live vehicle with what its wire shape needs, read in one query. */
export interface VehicleView {
  id: number;
  userId: number;
  placa: string;
  kilometrajeDigitado: number;
  score: number | null;
  created: Date;
  imageFileId: string | null;
  imageExtension: string | null;
  licenceFileId: string | null;
  licenceExtension: string | null;
  documentoPropietario: string;
  tipoDocumentoPropietario: number;
  documentTypeName: string;
  documentTypeCode: string;
  cityId: number | null;
  cityName: string | null;
  departmentId: number | null;
  isSelected: boolean;
  registryStatus: string | null;
  registryProvider: string | null;
  registryData: unknown;
}

export interface SnapshotRow {
  kind: string;
  provider: string;
  status: string;
  data: unknown;
  attempts: number;
  lastError: string | null;
  updated: Date;
}

export interface AlertDateValues {
  code: string;
  fechaExpedicion: string | null;
  fechaVencimiento: string | null;
}

export interface StoredFileRow {
  id: string;
  ownerUserId: number;
  purpose: string;
  contentType: string;
  extension: string;
  size: number;
  storageKey: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** SQL only: the garage's rules live in the services. */
export class GarageRepository {
  // The garage screens' reads, built once (prepared statements on PostgreSQL): no query building per request.
  private readonly liveByOwnerQuery;
  private readonly selectedQuery;

  constructor(private readonly db: Db) {
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

  // provider snapshots
  async findSnapshot(vehicleId: number, kind: SnapshotKind): Promise<SnapshotRow | undefined> {
    const [row] = await this.db
      .select({
        kind: providerSnapshots.kind,
        provider: providerSnapshots.provider,
        status: providerSnapshots.status,
        data: providerSnapshots.data,
        attempts: providerSnapshots.attempts,
        lastError: providerSnapshots.lastError,
        updated: providerSnapshots.updated,
      })
      .from(providerSnapshots)
      .where(and(eq(providerSnapshots.vehicleId, vehicleId), eq(providerSnapshots.kind, kind)))
      .limit(1);
    return row;
  }

  /**
   * Registry/fines look-ups of live vehicles still 'pending' and untouched since `olderThan`; marks them
   * touched (`now`) so the next sweep leaves them alone while they are re-queued.
   */
  claimStalePendingLookups(
    olderThan: Date,
    now: Date,
    limit: number,
  ): Promise<{ vehicleId: number; kind: string }[]> {
    const stale = this.db
      .select({ id: providerSnapshots.id })
      .from(providerSnapshots)
      .innerJoin(vehicles, and(eq(vehicles.id, providerSnapshots.vehicleId), isNull(vehicles.deletedAt)))
      .where(
        and(
          eq(providerSnapshots.status, 'pending'),
          inArray(providerSnapshots.kind, ['registry', 'fines']),
          lt(providerSnapshots.updated, olderThan),
        ),
      )
      .orderBy(asc(providerSnapshots.updated))
      .limit(limit);
    return this.db
      .update(providerSnapshots)
      .set({ updated: now })
      .where(inArray(providerSnapshots.id, stale))
      .returning({ vehicleId: providerSnapshots.vehicleId, kind: providerSnapshots.kind });
  }

  /** Creates the snapshot row if missing (pending); existing rows keep their data. */
  async ensureSnapshot(vehicleId: number, kind: SnapshotKind, provider: string, now: Date): Promise<void> {
    await this.db
      .insert(providerSnapshots)
      .values({ vehicleId, kind, provider, status: 'pending', updated: now })
      .onConflictDoNothing();
  }

  /**
   * Records a failed attempt. `final` marks the look-up failed unless earlier data is kept (status 'ok'
   * stays 'ok': an old answer is better than none).
   */
  async recordFailure(
    vehicleId: number,
    kind: SnapshotKind,
    provider: string,
    error: string,
    final: boolean,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(providerSnapshots)
      .values({
        vehicleId,
        kind,
        provider,
        status: final ? 'failed' : 'pending',
        attempts: 1,
        lastError: error,
        updated: now,
      })
      .onConflictDoUpdate({
        target: [providerSnapshots.vehicleId, providerSnapshots.kind],
        set: {
          attempts: sql`least(${providerSnapshots.attempts} + 1, 32767)`,
          lastError: error,
          updated: now,
          status: final
            ? sql`case when ${providerSnapshots.status} = 'ok' then 'ok' else 'failed' end`
            : providerSnapshots.status,
        },
      });
  }

  /**
   * Stores a provider's answer; for the registry also its dates as alert_dates rows with source
   * 'registry' (codes absent from the answer lose their registry row), in one transaction.
   */
  async saveAnswer(
    vehicleId: number,
    kind: SnapshotKind,
    provider: string,
    data: unknown,
    now: Date,
    registryDates?: { present: AlertDateValues[]; codes: readonly string[] },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(providerSnapshots)
        .values({ vehicleId, kind, provider, status: 'ok', data, attempts: 1, lastError: null, updated: now })
        .onConflictDoUpdate({
          target: [providerSnapshots.vehicleId, providerSnapshots.kind],
          set: {
            provider,
            status: 'ok',
            data,
            attempts: sql`least(${providerSnapshots.attempts} + 1, 32767)`,
            lastError: null,
            updated: now,
          },
        });
      if (!registryDates) return;
      const presentCodes = registryDates.present.map((d) => d.code);
      const absent = registryDates.codes.filter((c) => !presentCodes.includes(c));
      if (absent.length > 0) {
        await tx
          .delete(alertDates)
          .where(
            and(
              eq(alertDates.vehicleId, vehicleId),
              eq(alertDates.source, 'registry'),
              inArray(alertDates.code, absent),
            ),
          );
      }
      if (registryDates.present.length > 0) {
        await tx
          .insert(alertDates)
          .values(registryDates.present.map((d) => ({ vehicleId, source: 'registry', ...d, updated: now })))
          .onConflictDoUpdate({
            target: [alertDates.vehicleId, alertDates.code, alertDates.source],
            set: {
              fechaExpedicion: sql`excluded.fecha_expedicion`,
              fechaVencimiento: sql`excluded.fecha_vencimiento`,
              updated: now,
            },
          });
      }
    });
  }

  /** The registry rows of alert_dates of a vehicle (tests and diagnostics). */
  findRegistryDates(vehicleId: number): Promise<AlertDateValues[]> {
    return this.db
      .select({
        code: alertDates.code,
        fechaExpedicion: alertDates.fechaExpedicion,
        fechaVencimiento: alertDates.fechaVencimiento,
      })
      .from(alertDates)
      .where(and(eq(alertDates.vehicleId, vehicleId), eq(alertDates.source, 'registry')))
      .orderBy(alertDates.code);
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
      .where(eq(storedFiles.id, id))
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
