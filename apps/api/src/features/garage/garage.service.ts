import { bogotaToday } from '@togo/domain/bogota-time';
import {
  GARAGE_MSG,
  type Vehicle,
  type VehicleCreate,
  type VehicleValueResponse,
  type VehicleMileage,
} from '@togo/domain/garage/garage.contract';
import type { FinesResult, RegistryVehicle, VehicleValue } from '@togo/domain/garage/registry.contract';
import { AppError } from '../../http/app-error.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import { withCop, type UsdCopRate } from './vehicle-value-cop.ts';
import type { VehicleValueProvider } from '../../integrations/vehicle-value/vehicle-value-provider.ts';
import {
  FINES_LOOKUP_JOB,
  LOOKUP_JOB_OPTIONS,
  REGISTRY_LOOKUP_JOB,
  type LookupJobData,
} from './garage-lookup.job-names.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { toVehicle } from './garage.mapper.ts';
import type { GarageRepository, SnapshotKind } from './garage.repository.ts';

/** A stored provider answer, typed by kind. */
export interface SnapshotData {
  registry: RegistryVehicle;
  fines: FinesResult;
  value: VehicleValue & { basis: string };
}

export interface Snapshot<K extends SnapshotKind> {
  kind: K;
  /** Name of the provider that answered ('demo', 'http'). */
  provider: string;
  /** The data comes from the demo provider and must be shown as 'Datos de demostración'. */
  demo: boolean;
  status: 'pending' | 'ok' | 'failed';
  /** The latest answer (kept when a later look-up failed); null before the first one. */
  data: SnapshotData[K] | null;
  attempts: number;
  lastError: string | null;
  updated: Date;
}

export interface GarageServiceDeps {
  repo: GarageRepository;
  jobs: JobQueue;
  clock: Clock;
  signer: FileUrlSigner;
  /** Names recorded on the pending snapshots of a new vehicle. */
  providerNames: { registry: string; fines: string };
  value: VehicleValueProvider;
  /** Reference USD→COP rate for the value; undefined = the value is answered in USD only. */
  usdCopRate?: UsdCopRate | undefined;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

/** A pending look-up untouched for this long is re-queued by the sweep (longer than the whole retry cycle). */
const STALE_LOOKUP_MS = 45 * 60_000;

/** A value answer is reused for this long when the registry data it was computed from has not changed. */
const VALUE_TTL_MS = 7 * 86_400_000;

/** The garage (AHGA §4, §7): a user's vehicles, the selected one, and background look-ups. */
export class GarageService {
  constructor(private readonly deps: GarageServiceDeps) {}

  private map(row: Parameters<typeof toVehicle>[0]): Vehicle {
    return toVehicle(row, this.deps.signer, this.deps.clock.now());
  }

  async create(userId: number, input: VehicleCreate): Promise<Vehicle> {
    const { repo, clock, providerNames } = this.deps;
    const [docOk, deptOk, city] = await Promise.all([
      repo.documentTypeExists(input.tipo_documento_propietario),
      repo.departmentExists(input.department),
      repo.findCity(input.city),
    ]);
    const errors: Record<string, string[]> = {};
    if (!docOk) errors.tipo_documento_propietario = [GARAGE_MSG.documentTypeInvalid];
    if (!deptOk) errors.department = [GARAGE_MSG.departmentInvalid];
    if (!city) errors.city = [GARAGE_MSG.cityInvalid];
    else if (deptOk && city.departmentId !== input.department) errors.city = [GARAGE_MSG.cityNotInDepartment];
    if (Object.keys(errors).length > 0) throw AppError.badRequest(errors);

    const now = clock.now();
    const id = await repo.createVehicle(
      {
        userId,
        placa: input.placa,
        documentoPropietario: input.documento_propietario,
        tipoDocumentoPropietario: input.tipo_documento_propietario,
        kilometrajeDigitado: input.kilometraje_digitado,
        departmentId: input.department,
        cityId: input.city,
        created: now,
        updated: now,
      },
      [
        { kind: 'registry', provider: providerNames.registry },
        { kind: 'fines', provider: providerNames.fines },
      ],
    );
    if (id === null) throw AppError.field('placa', GARAGE_MSG.plateDuplicate);
    try {
      await this.enqueueLookups(id);
    } catch (err) {
      // The vehicle exists with its look-ups 'pending'; the sweep queues them again later.
      this.deps.log?.warn({ err, vehicleId: id }, 'could not queue the look-ups');
    }
    return this.getOwnedVehicle(userId, id);
  }

  /** Queues the registry and fines look-ups of a vehicle (retried with backoff on provider failures). */
  async enqueueLookups(vehicleId: number): Promise<void> {
    const data: LookupJobData = { vehicleId };
    const options = { ...LOOKUP_JOB_OPTIONS, singletonKey: `vehicle:${vehicleId}` };
    await this.deps.jobs.send(REGISTRY_LOOKUP_JOB, data, options);
    await this.deps.jobs.send(FINES_LOOKUP_JOB, data, options);
  }

  /** Re-queues look-ups left pending (see LOOKUP_SWEEP_JOB). Returns how many were queued. */
  async requeueStaleLookups(): Promise<number> {
    const now = this.deps.clock.now();
    const stale = await this.deps.repo.claimStalePendingLookups(
      new Date(now.getTime() - STALE_LOOKUP_MS),
      now,
      200,
    );
    for (const s of stale) {
      const job = s.kind === 'registry' ? REGISTRY_LOOKUP_JOB : FINES_LOOKUP_JOB;
      const data: LookupJobData = { vehicleId: s.vehicleId };
      await this.deps.jobs.send(job, data, { ...LOOKUP_JOB_OPTIONS, singletonKey: `vehicle:${s.vehicleId}` });
    }
    return stale.length;
  }

  async list(userId: number): Promise<Vehicle[]> {
    const rows = await this.deps.repo.findLiveByOwner(userId);
    return rows.map((r) => this.map(r));
  }

  /** A live vehicle of this user in its wire shape; 404 for anyone else's or a deleted one. */
  async getOwnedVehicle(userId: number, vehicleId: number): Promise<Vehicle> {
    const row = await this.deps.repo.findLiveOwned(userId, vehicleId);
    if (!row) throw AppError.notFound();
    return this.map(row);
  }

  async getSelected(userId: number): Promise<Vehicle> {
    const row = await this.deps.repo.findSelected(userId);
    if (!row) throw AppError.notFound(GARAGE_MSG.noSelected);
    return this.map(row);
  }

  async select(userId: number, vehicleId: number): Promise<Vehicle> {
    const ok = await this.deps.repo.selectVehicle(userId, vehicleId, this.deps.clock.now());
    if (!ok) throw AppError.notFound();
    return this.getOwnedVehicle(userId, vehicleId);
  }

  /** The driver's correction of the mileage typed at creation (issue 36); the vehicle as it now reads. */
  async correctMileage(userId: number, vehicleId: number, input: VehicleMileage): Promise<Vehicle> {
    const ok = await this.deps.repo.setMileage(
      userId,
      vehicleId,
      input.kilometraje_digitado,
      this.deps.clock.now(),
    );
    if (!ok) throw AppError.notFound();
    return this.getOwnedVehicle(userId, vehicleId);
  }

  async remove(userId: number, vehicleId: number): Promise<{ detail: string }> {
    const ok = await this.deps.repo.softDelete(userId, vehicleId, this.deps.clock.now());
    if (!ok) throw AppError.notFound();
    return { detail: 'Vehículo eliminado de tu garaje.' };
  }

  /** The latest stored answer of a provider for a vehicle (no ownership check: callers have done it). */
  async getSnapshot<K extends SnapshotKind>(vehicleId: number, kind: K): Promise<Snapshot<K> | null> {
    const row = await this.deps.repo.findSnapshot(vehicleId, kind);
    if (!row) return null;
    const status = row.status === 'ok' || row.status === 'failed' ? row.status : 'pending';
    return {
      kind,
      provider: row.provider,
      demo: row.provider === 'demo',
      status,
      data: (row.data ?? null) as SnapshotData[K] | null,
      attempts: row.attempts,
      lastError: row.lastError,
      updated: row.updated,
    };
  }

  /**
   * Value in USD from the registry data (AHGA §7 valor_vehicle). 409 while the registry has not answered;
   * 503 when the value provider fails. Answers are kept as the 'value' snapshot and reused for a week.
   */
  async value(userId: number, vehicleId: number): Promise<VehicleValueResponse> {
    const { repo, clock, value } = this.deps;
    await this.getOwnedVehicle(userId, vehicleId);
    const registry = await this.getSnapshot(vehicleId, 'registry');
    if (!registry?.data) throw AppError.conflict(GARAGE_MSG.valueNotReady);
    const v = registry.data.vehiculo;
    const query = {
      placa: registry.data.placa,
      marca: v.marca,
      linea: v.linea,
      modelo: v.modelo,
      clase: v.clase,
      combustible: v.combustible,
      cilindraje: v.cilindraje,
    };
    const basis = `${registry.provider}|${JSON.stringify(query)}`;
    const demo = registry.demo || value.name === 'demo';
    const cached = await this.getSnapshot(vehicleId, 'value');
    const now = clock.now();
    if (
      cached?.status === 'ok' &&
      cached.data?.basis === basis &&
      cached.provider === value.name &&
      now.getTime() - cached.updated.getTime() < VALUE_TTL_MS
    ) {
      return withCop(cached.data, demo, this.deps.usdCopRate, bogotaToday(cached.updated));
    }
    let answer: VehicleValue;
    try {
      answer = await value.valueOf(query);
    } catch {
      throw AppError.unavailable(GARAGE_MSG.valueUnavailable);
    }
    await repo.saveAnswer(vehicleId, 'value', value.name, { ...answer, basis }, now);
    return withCop(answer, demo, this.deps.usdCopRate, bogotaToday(now));
  }
}
