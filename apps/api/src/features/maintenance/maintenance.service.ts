import { bogotaToday } from '@togo/domain/bogota-time';
import { MAINTENANCE_MSG, type MaintenanceType } from '@togo/domain/maintenance/maintenance.catalogue';
import type {
  FuelCreate,
  FuelRecord,
  MaintenanceCreate,
  MaintenanceRecord,
  Reminder,
  ReminderCreate,
} from '@togo/domain/maintenance/maintenance.contract';
import { chronological, fuelEconomy } from '@togo/domain/maintenance/fuel-economy';
import {
  mileageAfter,
  odometerConflict,
  type OdometerConflict,
  type OdometerReading,
} from '@togo/domain/maintenance/odometer';
import {
  nextService,
  reminderState,
  servicesReminder,
  STATE_RANK,
} from '@togo/domain/maintenance/reminder-schedule';
import { AppError } from '../../http/app-error.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  VehicleGone,
  type FuelRow,
  type MaintenanceRepository,
  type MaintenanceRow,
  type ReminderRow,
  type ReminderWrite,
  type Tx,
  type VehicleRow,
} from './maintenance.repository.ts';

/** 45000 → '45.000' (es-CO thousands). */
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** '2026-11-01' → '01-11-2026' (dates as the app shows them). */
export const dayMonthYear = (iso: string): string => iso.split('-').reverse().join('-');

/** The Spanish refusal of a reading that contradicts another, naming it (decision 075). */
export function odometerMessage(conflict: OdometerConflict): string {
  const km = thousands(conflict.reading.kilometraje);
  const fecha = dayMonthYear(conflict.reading.fecha);
  return conflict.kind === 'lower'
    ? MAINTENANCE_MSG.odometerLower(km, fecha)
    : MAINTENANCE_MSG.odometerHigher(km, fecha);
}

/** A past service of a company's spreadsheet (decision 092), already checked but for the odometer. */
export type ImportedService = Omit<MaintenanceCreate, 'descripcion' | 'taller'> & {
  descripcion: string | null;
  taller: string | null;
};
/** What became of one imported row: stored, already there, or refused by the odometer rule. */
export type ImportOutcome = 'importada' | 'repetida' | { error: string };

export interface MaintenanceDeps {
  repo: MaintenanceRepository;
  signer: FileUrlSigner;
  clock: Clock;
}

/**
 * A vehicle's services, fill-ups and reminders (issue 39 "Contract", decision 075). The routes hand over a vehicle
 * the caller may see (reads) or change (writes): maintenance-access.ts. Every write of a reading holds
 * the vehicle row's lock while it checks the odometer rule, stores the record, moves the mileage and (for a
 * service) its reminder forward: two concurrent writes never both pass a check the other would fail.
 */
export class MaintenanceService {
  constructor(private readonly d: MaintenanceDeps) {}

  private today(): string {
    return bogotaToday(this.d.clock.now());
  }

  private notFuture(field: string, fecha: string | null): void {
    if (fecha !== null && fecha > this.today()) throw AppError.field(field, MAINTENANCE_MSG.future);
  }

  /** Checks the odometer rule against every reading, then answers the vehicle's mileage after this one. */
  private checkReading(readings: OdometerReading[], current: number, next: OdometerReading): number {
    const conflict = odometerConflict(readings, next);
    if (conflict) throw AppError.field('kilometraje', odometerMessage(conflict));
    return mileageAfter(current, readings, next);
  }

  /** Runs a write under the vehicle's lock; a vehicle deleted meanwhile is a 404. */
  private async locked<T>(vehicleId: number, work: (tx: Tx, km: number) => Promise<T>): Promise<T> {
    try {
      return await this.d.repo.inVehicleLock(vehicleId, work);
    } catch (err) {
      if (err instanceof VehicleGone) throw AppError.notFound();
      throw err;
    }
  }

  // services

  async listRecords(vehicle: VehicleRow): Promise<MaintenanceRecord[]> {
    const vehicleId = vehicle.id;
    const now = this.d.clock.now();
    const rows = await this.d.repo.listRecords(vehicleId);
    return rows.map((r) =>
      this.recordOut(r, r.facturaFileId ? this.d.signer.url(r.facturaFileId, r.facturaExt, now) : null),
    );
  }

  async createRecord(
    vehicle: VehicleRow,
    callerId: number,
    input: MaintenanceCreate,
  ): Promise<MaintenanceRecord> {
    const vehicleId = vehicle.id;
    this.notFuture('fecha', input.fecha);
    const now = this.d.clock.now();
    const row = await this.locked(vehicleId, async (tx, km) => {
      const readings = await this.d.repo.readings(tx, vehicleId);
      const mileage = this.checkReading(readings, km, input);
      const inserted = await this.d.repo.insertRecord(tx, {
        vehicleId,
        fecha: input.fecha,
        kilometraje: input.kilometraje,
        tipo: input.tipo,
        descripcion: input.descripcion,
        costo: input.costo,
        taller: input.taller,
        correccion: input.correccion,
        createdBy: callerId,
        created: now,
      });
      if (mileage !== km) await this.d.repo.setMileage(tx, vehicleId, mileage, now);
      await this.moveReminderForward(tx, vehicleId, input.tipo, input.kilometraje, input.fecha, now);
      return inserted;
    });
    return this.recordOut(row, null);
  }

  /**
   * Past services of one vehicle from a company's spreadsheet (decision 092), in file order under the vehicle's
   * lock: each is checked against the odometer rule (the stored readings and the rows accepted before it), stored
   * with origen 'importacion' unless the same service was imported before (the partial unique index
   * maintenance_records_import_uq: nothing is written, 'repetida'), then moves the mileage and its reminder as a
   * service typed in does.
   */
  async importRecords(
    vehicleId: number,
    callerId: number,
    rows: readonly ImportedService[],
  ): Promise<ImportOutcome[]> {
    const now = this.d.clock.now();
    return this.locked(vehicleId, async (tx, startKm) => {
      const readings = await this.d.repo.readings(tx, vehicleId);
      let km = startKm;
      const out: ImportOutcome[] = [];
      for (const row of rows) {
        const conflict = odometerConflict(readings, row);
        if (conflict) {
          out.push({ error: odometerMessage(conflict) });
          continue;
        }
        const stored = await this.d.repo.insertImported(tx, {
          vehicleId,
          fecha: row.fecha,
          kilometraje: row.kilometraje,
          tipo: row.tipo,
          descripcion: row.descripcion,
          costo: row.costo,
          taller: row.taller,
          correccion: row.correccion,
          origen: 'importacion',
          createdBy: callerId,
          created: now,
        });
        if (!stored) {
          out.push('repetida');
          continue;
        }
        km = mileageAfter(km, readings, row);
        readings.push({ fecha: row.fecha, kilometraje: row.kilometraje, correccion: row.correccion });
        await this.moveReminderForward(tx, vehicleId, row.tipo, row.kilometraje, row.fecha, now);
        out.push('importada');
      }
      if (km !== startKm) await this.d.repo.setMileage(tx, vehicleId, km, now);
      return out;
    });
  }

  /** A service of the reminder's type, not older than what it counts from, starts its next cycle. */
  private async moveReminderForward(
    tx: Tx,
    vehicleId: number,
    tipo: MaintenanceType,
    km: number,
    fecha: string,
    now: Date,
  ): Promise<void> {
    const reminder = await this.d.repo.findReminderForUpdate(tx, vehicleId, tipo);
    if (!reminder) return;
    const plan = planOf(reminder);
    if (!servicesReminder(plan, km, fecha)) return;
    await this.d.repo.moveReminder(
      tx,
      reminder.id,
      withNext({ ...plan, ultimo_km: km, ultima_fecha: fecha }),
      now,
    );
  }

  async deleteRecord(vehicle: VehicleRow, recordId: number): Promise<{ facturaFileId: string | null }> {
    const vehicleId = vehicle.id;
    const gone = await this.d.repo.deleteRecord(vehicleId, recordId);
    if (!gone) throw AppError.notFound();
    return gone;
  }

  private recordOut(r: MaintenanceRow, facturaUrl: string | null): MaintenanceRecord {
    return {
      id: r.id,
      fecha: r.fecha,
      kilometraje: r.kilometraje,
      tipo: r.tipo as MaintenanceType,
      descripcion: r.descripcion,
      costo: r.costo,
      taller: r.taller,
      correccion: r.correccion,
      factura_url: facturaUrl,
    };
  }

  // fuel

  async listFuel(vehicle: VehicleRow): Promise<FuelRecord[]> {
    const vehicleId = vehicle.id;
    return fuelOut(await this.d.repo.listFuel(vehicleId));
  }

  async createFuel(vehicle: VehicleRow, callerId: number, input: FuelCreate): Promise<FuelRecord> {
    const vehicleId = vehicle.id;
    this.notFuture('fecha', input.fecha);
    const now = this.d.clock.now();
    const id = await this.locked(vehicleId, async (tx, km) => {
      const readings = await this.d.repo.readings(tx, vehicleId);
      const mileage = this.checkReading(readings, km, input);
      const inserted = await this.d.repo.insertFuel(tx, {
        vehicleId,
        fecha: input.fecha,
        kilometraje: input.kilometraje,
        galones: input.galones.toFixed(3),
        costo: input.costo,
        tanqueLleno: input.tanque_lleno,
        correccion: input.correccion,
        createdBy: callerId,
        created: now,
      });
      if (mileage !== km) await this.d.repo.setMileage(tx, vehicleId, mileage, now);
      return inserted.id;
    });
    // Its figure depends on the fill-ups around it: computed over the whole log, as the list does.
    const all = fuelOut(await this.d.repo.listFuel(vehicleId));
    const created = all.find((f) => f.id === id);
    if (!created) throw AppError.notFound();
    return created;
  }

  async deleteFuel(vehicle: VehicleRow, recordId: number): Promise<void> {
    const vehicleId = vehicle.id;
    if (!(await this.d.repo.deleteFuel(vehicleId, recordId))) throw AppError.notFound();
  }

  // reminders

  async listReminders(vehicle: VehicleRow): Promise<Reminder[]> {
    const vehicleId = vehicle.id;
    const today = this.today();
    const list = (await this.d.repo.listReminders(vehicleId)).map((r) =>
      reminderOut(r, vehicle.kilometraje, today),
    );
    return list.sort((a, b) => STATE_RANK[a.estado] - STATE_RANK[b.estado] || nearness(a, b) || a.id - b.id);
  }

  /**
   * Creates the reminder of a type, or replaces that type's reminder. Without `ultimo_km` / `ultima_fecha` it
   * counts from the latest service of that type, else from today's mileage and date.
   */
  async createReminder(vehicle: VehicleRow, callerId: number, input: ReminderCreate): Promise<Reminder> {
    const vehicleId = vehicle.id;
    this.notFuture('ultima_fecha', input.ultima_fecha);
    const now = this.d.clock.now();
    const today = this.today();
    const { row, km } = await this.locked(vehicleId, async (tx, km) => {
      const last = await this.d.repo.latestRecordOfType(tx, vehicleId, input.tipo);
      const plan = {
        cada_km: input.cada_km,
        cada_meses: input.cada_meses,
        ultimo_km: input.cada_km === null ? input.ultimo_km : (input.ultimo_km ?? last?.kilometraje ?? km),
        ultima_fecha:
          input.cada_meses === null ? input.ultima_fecha : (input.ultima_fecha ?? last?.fecha ?? today),
      };
      return { row: await this.d.repo.upsertReminder(tx, vehicleId, input.tipo, withNext(plan), now), km };
    });
    return reminderOut(row, km, today);
  }

  async deleteReminder(vehicle: VehicleRow, id: number): Promise<void> {
    const vehicleId = vehicle.id;
    if (!(await this.d.repo.deleteReminder(vehicleId, id))) throw AppError.notFound();
  }
}

function planOf(r: ReminderRow) {
  return { cada_km: r.cadaKm, cada_meses: r.cadaMeses, ultimo_km: r.ultimoKm, ultima_fecha: r.ultimaFecha };
}

/** The columns a reminder stores: its plan and the next service the domain rule computes from it. */
function withNext(plan: ReturnType<typeof planOf>): ReminderWrite {
  const next = nextService(plan);
  return {
    cadaKm: plan.cada_km,
    cadaMeses: plan.cada_meses,
    ultimoKm: plan.ultimo_km,
    ultimaFecha: plan.ultima_fecha,
    proximoKm: next.proximo_km,
    proximaFecha: next.proxima_fecha,
  };
}

export function reminderOut(r: ReminderRow, currentKm: number, today: string): Reminder {
  const next = { proximo_km: r.proximoKm, proxima_fecha: r.proximaFecha };
  return {
    id: r.id,
    tipo: r.tipo as MaintenanceType,
    cada_km: r.cadaKm,
    cada_meses: r.cadaMeses,
    ultimo_km: r.ultimoKm,
    ultima_fecha: r.ultimaFecha,
    ...next,
    estado: reminderState(next, currentKm, today),
  };
}

/** Inside one state, the one with the nearer date first (then the nearer km). */
function nearness(a: Reminder, b: Reminder): number {
  const da = a.proxima_fecha ?? '9999-12-31';
  const db = b.proxima_fecha ?? '9999-12-31';
  if (da !== db) return da < db ? -1 : 1;
  return (a.proximo_km ?? Number.MAX_SAFE_INTEGER) - (b.proximo_km ?? Number.MAX_SAFE_INTEGER);
}

/** Fill-ups newest first, each with its fuel economy between full tanks. */
export function fuelOut(rows: readonly FuelRow[]): FuelRecord[] {
  const fills = rows.map((r) => ({
    id: r.id,
    fecha: r.fecha,
    kilometraje: r.kilometraje,
    galones: Number(r.galones),
    tanque_lleno: r.tanqueLleno,
    correccion: r.correccion,
    costo: r.costo,
  }));
  const economy = fuelEconomy(fills);
  return chronological(fills)
    .reverse()
    .map((f) => ({ ...f, rendimiento_km_gal: economy.get(f.id) ?? null }));
}
