import { onlyUnpaid } from '@togo/domain/garage/fine-states';
import {
  FLEET_MSG,
  type FleetDriver,
  type FleetDriverAssign,
  type FleetVehicleDetail,
} from '@togo/domain/fleet/fleet.contract';
import type {
  DrivingLicence,
  Fine,
  FinesResult,
  RegistryVehicle,
} from '@togo/domain/garage/registry.contract';
import { ANONYMISED_DRIVER_DOCUMENT } from '@togo/domain/profile/personal-data.contract';
import { AppError } from '../../http/app-error.ts';
import type { FinesProvider } from '../../integrations/fines/fines-provider.ts';
import { ProviderError } from '../../integrations/registry/provider-error.ts';
import type { RegistryProvider } from '../../integrations/registry/registry-provider.ts';
import type { JobContext, JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GarageRepository } from '../garage/garage.repository.ts';
import type { GarageService } from '../garage/garage.service.ts';
import { currentPerson, type DriverPhotoUrl } from './fleet-driver-person.ts';
import { requireCompany, toFleetVehicle, type CompanyUser } from './fleet.service.ts';
import type { DriverSnapshotKind, FleetRepository, FleetVehicleView } from './fleet.repository.ts';

/** The driver's licence and fines, looked up with the driver's document (vehicle's plate). */
export const FLEET_DRIVER_LOOKUP_JOB = 'fleet-driver-lookup';
export interface FleetDriverLookupJobData {
  vehicleId: number;
}
export const FLEET_DRIVER_LOOKUP_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

/** What a driver snapshot holds: the answer for one document (a new driver makes it stale). */
export interface DriverSnapshotData {
  documento: string;
  licencia?: DrivingLicence | null;
  comparendos_persona?: Fine[];
}

export interface FleetDetailDeps {
  repo: FleetRepository;
  garage: Pick<GarageService, 'enqueueLookups' | 'getSnapshot'>;
  garageRepo: Pick<GarageRepository, 'ensureSnapshot' | 'softDelete'>;
  registry: RegistryProvider;
  fines: FinesProvider;
  jobs: JobQueue;
  clock: Clock;
  /** The signed URL of the driver's photo (fleet_person_photos); without it `foto_url` is always null. */
  photoUrl?: DriverPhotoUrl | undefined;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

function status(s: string | null | undefined): 'pending' | 'ok' | 'failed' {
  return s === 'ok' || s === 'failed' ? s : 'pending';
}

/**
 * Fleet vehicle detail and its driver (SPPF §2 'Vehicle detail', §3). The vehicle's registry and fines come from
 * the garage's look-up machinery (provider_snapshots 'registry'/'fines', queued on first view); a driver other
 * than the owner gets its own look-ups ('driver_registry'/'driver_fines') with its document.
 */
export class FleetDetailService {
  constructor(private readonly deps: FleetDetailDeps) {}

  private async ownedVehicle(user: CompanyUser, vehicleId: number): Promise<FleetVehicleView> {
    const row = await this.deps.repo.findVehicle(requireCompany(user), vehicleId);
    if (!row) throw AppError.notFound();
    return row;
  }

  async detail(user: CompanyUser, vehicleId: number): Promise<FleetVehicleDetail> {
    const { garage, garageRepo, clock } = this.deps;
    const vehicle = await this.ownedVehicle(user, vehicleId);
    const [registry, fines] = await Promise.all([
      garage.getSnapshot(vehicleId, 'registry'),
      garage.getSnapshot(vehicleId, 'fines'),
    ]);
    if (!registry || !fines) {
      // Imported vehicles are looked up when first viewed (an import does not queue thousands of look-ups).
      const now = clock.now();
      await garageRepo.ensureSnapshot(vehicleId, 'registry', this.deps.registry.name, now);
      await garageRepo.ensureSnapshot(vehicleId, 'fines', this.deps.fines.name, now);
      await this.queue(() => garage.enqueueLookups(vehicleId), vehicleId);
    }
    const finesData = fines?.status === 'ok' || fines?.data ? (fines.data as FinesResult | null) : null;
    const registryData = registry?.data ? (registry.data as RegistryVehicle) : null;
    const driver = await this.driver(requireCompany(user), vehicle, registryData, finesData);
    return {
      ...toFleetVehicle(vehicle),
      url_imagen_vehiculo: null,
      comparendos_vehiculo: onlyUnpaid(finesData?.comparendos_vehiculo ?? []),
      fines_status: status(fines?.status),
      conductor: driver,
    };
  }

  private async driver(
    companyUserId: number,
    vehicle: FleetVehicleView,
    registry: RegistryVehicle | null,
    fines: FinesResult | null,
  ): Promise<FleetDriver> {
    const row = await this.deps.repo.findDriver(vehicle.id);
    const { photoUrl } = this.deps;
    const fotoUrl = photoUrl ? await photoUrl(currentPerson(companyUserId, vehicle, row)) : null;
    if (!row) {
      return {
        origen: 'propietario',
        nombre: null,
        tipo_documento: vehicle.tipoDocumentoPropietario,
        tipo_documento_data: { name: vehicle.documentTypeName },
        documento: vehicle.documentoPropietario,
        telefono: null,
        city: vehicle.cityId,
        city_data:
          vehicle.cityId !== null && vehicle.cityName !== null
            ? { id: vehicle.cityId, name: vehicle.cityName }
            : null,
        foto_url: fotoUrl,
        licencia: registry?.licencia ?? null,
        comparendos_persona: onlyUnpaid(fines?.comparendos_persona ?? []),
      };
    }
    const snaps = await this.deps.repo.findDriverSnapshots(vehicle.id);
    const current = (kind: DriverSnapshotKind) => {
      const s = snaps.find((x) => x.kind === kind);
      const data = s?.data as DriverSnapshotData | null | undefined;
      // A snapshot for another document (an earlier driver) is stale.
      return s && data?.documento === row.documento ? data : undefined;
    };
    const reg = current('driver_registry');
    const fin = current('driver_fines');
    // A purged person (decision 021) is looked up no more.
    if (row.documento !== ANONYMISED_DRIVER_DOCUMENT && (reg === undefined || fin === undefined)) {
      // No look-up yet for this driver's document: queue one.
      await this.deps.repo.resetDriverSnapshots(
        vehicle.id,
        { registry: this.deps.registry.name, fines: this.deps.fines.name },
        row.documento,
        this.deps.clock.now(),
      );
      await this.queue(() => this.enqueueDriverLookup(vehicle.id), vehicle.id);
    }
    return {
      origen: row.origin === 'asignado' ? 'asignado' : 'archivo',
      nombre: row.nombre,
      tipo_documento: row.tipoDocumento,
      tipo_documento_data: { name: row.documentTypeName },
      documento: row.documento,
      telefono: row.telefono,
      city: row.cityId,
      city_data: row.cityId !== null && row.cityName !== null ? { id: row.cityId, name: row.cityName } : null,
      foto_url: fotoUrl,
      licencia: reg?.licencia ?? null,
      comparendos_persona: onlyUnpaid(fin?.comparendos_persona ?? []),
    };
  }

  /** DELETE eliminar_flota: the vehicle leaves the fleet (soft delete, as a garage vehicle); 404 if not ours. */
  async remove(user: CompanyUser, vehicleId: number): Promise<{ detail: string }> {
    const removed = await this.deps.garageRepo.softDelete(
      requireCompany(user),
      vehicleId,
      this.deps.clock.now(),
    );
    if (!removed) throw AppError.notFound();
    return { detail: FLEET_MSG.removed };
  }

  /** PUT conductor_flota: a driver for the vehicle, or the owner again. */
  async assignDriver(
    user: CompanyUser,
    vehicleId: number,
    input: FleetDriverAssign,
  ): Promise<FleetVehicleDetail> {
    const { repo, clock } = this.deps;
    await this.ownedVehicle(user, vehicleId);
    if (input.propietario) {
      await repo.deleteDriver(vehicleId);
      return this.detail(user, vehicleId);
    }
    const [typeOk, cityOk] = await Promise.all([
      repo.documentTypeExists(input.tipo_documento),
      input.city === null ? Promise.resolve(true) : repo.cityExists(input.city),
    ]);
    const errors: Record<string, string[]> = {};
    if (!typeOk) errors.tipo_documento = ['Tipo de documento no válido.'];
    if (!cityOk) errors.city = ['Ciudad no válida.'];
    if (Object.keys(errors).length > 0) throw AppError.badRequest(errors);
    await repo.upsertDriver({
      vehicleId,
      origin: 'asignado',
      nombre: input.nombre,
      tipoDocumento: input.tipo_documento,
      documento: input.documento,
      telefono: input.telefono,
      cityId: input.city,
      updated: clock.now(),
    });
    return this.detail(user, vehicleId);
  }

  async enqueueDriverLookup(vehicleId: number): Promise<void> {
    const data: FleetDriverLookupJobData = { vehicleId };
    await this.deps.jobs.send(FLEET_DRIVER_LOOKUP_JOB, data, {
      ...FLEET_DRIVER_LOOKUP_OPTIONS,
      singletonKey: `driver:${vehicleId}`,
    });
  }

  private async queue(send: () => Promise<void>, vehicleId: number): Promise<void> {
    try {
      await send();
    } catch (err) {
      // The snapshots stay 'pending'; the garage's sweep re-queues vehicle look-ups, the next view the driver's.
      this.deps.log?.warn({ err, vehicleId }, 'could not queue the fleet look-ups');
    }
  }

  /** The driver look-up job: the registry (licence) and the fines provider (person fines) by the driver's document. */
  async runDriverLookup(vehicleId: number, job: JobContext): Promise<void> {
    const { repo, registry, fines, clock } = this.deps;
    const target = await repo.findDriverLookupTarget(vehicleId);
    if (!target) return;
    const query = {
      placa: target.placa,
      documento: target.documento,
      tipoDocumento: target.documentTypeCode,
    };
    const calls: [DriverSnapshotKind, string, () => Promise<DriverSnapshotData>][] = [
      [
        'driver_registry',
        registry.name,
        async () => ({
          documento: target.documento,
          licencia: (await registry.lookupVehicle(query)).licencia,
        }),
      ],
      [
        'driver_fines',
        fines.name,
        async () => ({
          documento: target.documento,
          comparendos_persona: (await fines.lookupFines(query)).comparendos_persona,
        }),
      ],
    ];
    let retry: unknown = null;
    for (const [kind, provider, call] of calls) {
      try {
        const data = await call();
        await repo.saveDriverSnapshot(vehicleId, kind, provider, 'ok', data, null, clock.now());
      } catch (err) {
        const retryable = err instanceof ProviderError ? err.retryable : true;
        const final = !retryable || job.isLastAttempt;
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        await repo.saveDriverSnapshot(
          vehicleId,
          kind,
          provider,
          final ? 'failed' : 'pending',
          { documento: target.documento },
          message,
          clock.now(),
        );
        if (!final) retry = err;
      }
    }
    if (retry) throw retry;
  }
}
