import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { MaintenanceType } from '@togo/domain/maintenance/maintenance.catalogue';
import type { OdometerReading } from '@togo/domain/maintenance/odometer';
import type { Db } from '../../db/client.ts';
import {
  fuelRecords,
  maintenanceRecords,
  maintenanceReminders,
  storedFiles,
  users,
  vehicles,
} from '../../db/schema.ts';
import type { NewStoredFile } from '../../integrations/files/stored-upload.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A live vehicle as the maintenance routes see it: its owner and that owner's group (company or not). */
export interface VehicleRow {
  id: number;
  userId: number;
  ownerGroupId: number;
  placa: string;
  kilometraje: number;
}

export type MaintenanceRow = typeof maintenanceRecords.$inferSelect;
export type FuelRow = typeof fuelRecords.$inferSelect;
export type ReminderRow = typeof maintenanceReminders.$inferSelect;

export interface ReminderWrite {
  cadaKm: number | null;
  cadaMeses: number | null;
  ultimoKm: number | null;
  ultimaFecha: string | null;
  proximoKm: number | null;
  proximaFecha: string | null;
}

/** SQL only: a vehicle's maintenance records, fill-ups and reminders (decision 075). */
export class MaintenanceRepository {
  constructor(readonly db: Db) {}

  async findVehicle(vehicleId: number): Promise<VehicleRow | undefined> {
    const [row] = await this.db
      .select({
        id: vehicles.id,
        userId: vehicles.userId,
        ownerGroupId: users.groupId,
        placa: vehicles.placa,
        kilometraje: vehicles.kilometrajeDigitado,
      })
      .from(vehicles)
      .innerJoin(users, eq(users.id, vehicles.userId))
      .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.deletedAt)));
    return row;
  }

  /** The live vehicles of an owner (a company's fleet) by plate as the fleet stores it (upper case, no spaces). */
  async platesOf(ownerId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ id: vehicles.id, placa: vehicles.placa })
      .from(vehicles)
      .where(and(eq(vehicles.userId, ownerId), isNull(vehicles.deletedAt)));
    return new Map(rows.map((r) => [r.placa.toUpperCase().replace(/[\s-]/g, ''), r.id]));
  }

  /** Runs `work` in a transaction holding the vehicle row's lock: odometer checks and writes never interleave. */
  inVehicleLock<T>(vehicleId: number, work: (tx: Tx, km: number) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ km: vehicles.kilometrajeDigitado })
        .from(vehicles)
        .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.deletedAt)))
        .for('update');
      if (!row) throw new VehicleGone();
      return work(tx, row.km);
    });
  }

  /** Every odometer reading of the vehicle (services and fill-ups). */
  async readings(tx: Tx | Db, vehicleId: number): Promise<OdometerReading[]> {
    const res = (await tx.execute(sql`
      select to_char(fecha, 'YYYY-MM-DD') as fecha, kilometraje, correccion
        from maintenance_records where vehicle_id = ${vehicleId}
      union all
      select to_char(fecha, 'YYYY-MM-DD') as fecha, kilometraje, correccion
        from fuel_records where vehicle_id = ${vehicleId}`)) as unknown as { rows: OdometerReading[] };
    return res.rows.map((r) => ({
      fecha: r.fecha,
      kilometraje: Number(r.kilometraje),
      correccion: r.correccion,
    }));
  }

  async setMileage(tx: Tx, vehicleId: number, km: number, now: Date): Promise<void> {
    await tx
      .update(vehicles)
      .set({ kilometrajeDigitado: km, updated: now })
      .where(eq(vehicles.id, vehicleId));
  }

  /** An imported service; false when the same one was imported before (maintenance_records_import_uq). */
  async insertImported(tx: Tx, values: typeof maintenanceRecords.$inferInsert): Promise<boolean> {
    const rows = await tx
      .insert(maintenanceRecords)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: maintenanceRecords.id });
    return rows.length > 0;
  }

  async insertRecord(tx: Tx, values: typeof maintenanceRecords.$inferInsert): Promise<MaintenanceRow> {
    const [row] = await tx.insert(maintenanceRecords).values(values).returning();
    if (!row) throw new Error('insert maintenance_records returned nothing');
    return row;
  }

  async insertFuel(tx: Tx, values: typeof fuelRecords.$inferInsert): Promise<FuelRow> {
    const [row] = await tx.insert(fuelRecords).values(values).returning();
    if (!row) throw new Error('insert fuel_records returned nothing');
    return row;
  }

  /** Newest first, each with its invoice's extension (null without one). */
  listRecords(vehicleId: number): Promise<(MaintenanceRow & { facturaExt: string | null })[]> {
    return this.db
      .select({ ...getTableColumns(maintenanceRecords), facturaExt: storedFiles.extension })
      .from(maintenanceRecords)
      .leftJoin(storedFiles, eq(storedFiles.id, maintenanceRecords.facturaFileId))
      .where(eq(maintenanceRecords.vehicleId, vehicleId))
      .orderBy(
        desc(maintenanceRecords.fecha),
        desc(maintenanceRecords.kilometraje),
        desc(maintenanceRecords.id),
      );
  }

  listFuel(vehicleId: number): Promise<FuelRow[]> {
    return this.db
      .select()
      .from(fuelRecords)
      .where(eq(fuelRecords.vehicleId, vehicleId))
      .orderBy(desc(fuelRecords.fecha), desc(fuelRecords.kilometraje), desc(fuelRecords.id));
  }

  async findRecord(vehicleId: number, recordId: number): Promise<MaintenanceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(maintenanceRecords)
      .where(and(eq(maintenanceRecords.vehicleId, vehicleId), eq(maintenanceRecords.id, recordId)));
    return row;
  }

  /** Deletes a record; answers its invoice file id (to discard), or undefined when there was no such record. */
  async deleteRecord(
    vehicleId: number,
    recordId: number,
  ): Promise<{ facturaFileId: string | null } | undefined> {
    const [row] = await this.db
      .delete(maintenanceRecords)
      .where(and(eq(maintenanceRecords.vehicleId, vehicleId), eq(maintenanceRecords.id, recordId)))
      .returning({ facturaFileId: maintenanceRecords.facturaFileId });
    return row;
  }

  async deleteFuel(vehicleId: number, recordId: number): Promise<boolean> {
    const rows = await this.db
      .delete(fuelRecords)
      .where(and(eq(fuelRecords.vehicleId, vehicleId), eq(fuelRecords.id, recordId)))
      .returning({ id: fuelRecords.id });
    return rows.length > 0;
  }

  // reminders

  listReminders(vehicleId: number): Promise<ReminderRow[]> {
    return this.db
      .select()
      .from(maintenanceReminders)
      .where(eq(maintenanceReminders.vehicleId, vehicleId))
      .orderBy(maintenanceReminders.id);
  }

  async findReminderForUpdate(
    tx: Tx,
    vehicleId: number,
    tipo: MaintenanceType,
  ): Promise<ReminderRow | undefined> {
    const [row] = await tx
      .select()
      .from(maintenanceReminders)
      .where(and(eq(maintenanceReminders.vehicleId, vehicleId), eq(maintenanceReminders.tipo, tipo)))
      .for('update');
    return row;
  }

  /**
   * Creates the vehicle's reminder of `tipo`, or replaces its settings (a new cycle: its notices start again).
   */
  async upsertReminder(
    tx: Tx,
    vehicleId: number,
    tipo: MaintenanceType,
    values: ReminderWrite,
    now: Date,
  ): Promise<ReminderRow> {
    const [row] = await tx
      .insert(maintenanceReminders)
      .values({ vehicleId, tipo, ...values, created: now, updated: now })
      .onConflictDoUpdate({
        target: [maintenanceReminders.vehicleId, maintenanceReminders.tipo],
        set: { ...values, ciclo: sql`${maintenanceReminders.ciclo} + 1`, updated: now },
      })
      .returning();
    if (!row) throw new Error('upsert maintenance_reminders returned nothing');
    return row;
  }

  /** A service moved the reminder forward: new last service, next service, and a new cycle. */
  async moveReminder(tx: Tx, id: number, values: ReminderWrite, now: Date): Promise<void> {
    await tx
      .update(maintenanceReminders)
      .set({ ...values, ciclo: sql`${maintenanceReminders.ciclo} + 1`, updated: now })
      .where(eq(maintenanceReminders.id, id));
  }

  /** The latest service of `tipo` (the default start of a new reminder). */
  async latestRecordOfType(
    tx: Tx,
    vehicleId: number,
    tipo: MaintenanceType,
  ): Promise<{ fecha: string; kilometraje: number } | undefined> {
    const [row] = await tx
      .select({ fecha: maintenanceRecords.fecha, kilometraje: maintenanceRecords.kilometraje })
      .from(maintenanceRecords)
      .where(and(eq(maintenanceRecords.vehicleId, vehicleId), eq(maintenanceRecords.tipo, tipo)))
      .orderBy(desc(maintenanceRecords.fecha), desc(maintenanceRecords.kilometraje))
      .limit(1);
    return row;
  }

  async deleteReminder(vehicleId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(maintenanceReminders)
      .where(and(eq(maintenanceReminders.vehicleId, vehicleId), eq(maintenanceReminders.id, id)))
      .returning({ id: maintenanceReminders.id });
    return rows.length > 0;
  }

  // invoices

  /**
   * Records the stored file and points the record at it (one transaction); answers the file it replaced.
   * Undefined when the record is gone.
   */
  async attachInvoice(
    vehicleId: number,
    recordId: number,
    file: NewStoredFile,
  ): Promise<{ previous: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ facturaFileId: maintenanceRecords.facturaFileId })
        .from(maintenanceRecords)
        .where(and(eq(maintenanceRecords.vehicleId, vehicleId), eq(maintenanceRecords.id, recordId)))
        .for('update');
      if (!before) return undefined;
      await tx.insert(storedFiles).values(file);
      await tx
        .update(maintenanceRecords)
        .set({ facturaFileId: file.id })
        .where(eq(maintenanceRecords.id, recordId));
      return { previous: before.facturaFileId };
    });
  }

  /** Deletes a stored invoice no record points at any more; answers its storage key. */
  async deleteUnreferencedInvoice(id: string): Promise<string | null> {
    const rows = await this.db
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.id, id),
          sql`not exists (select 1 from ${maintenanceRecords} where ${maintenanceRecords.facturaFileId} = ${storedFiles.id})`,
        ),
      )
      .returning({ storageKey: storedFiles.storageKey });
    return rows[0]?.storageKey ?? null;
  }
}

/** The vehicle was deleted between the access check and the lock. */
export class VehicleGone extends Error {}
