import { licenceDueDate } from '@togo/domain/garage/vehicle.rules';
import type { RegistryVehicle } from '@togo/domain/garage/registry.contract';
import type { FinesProvider } from '../../integrations/fines/fines-provider.ts';
import { ProviderError } from '../../integrations/registry/provider-error.ts';
import type { OwnerQuery, RegistryProvider } from '../../integrations/registry/registry-provider.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AlertDateValues, GarageRepository, SnapshotKind } from './garage.repository.ts';

/** Alert codes whose dates the registry provides (AHGA §3 "Alert (save)"). */
export const REGISTRY_ALERT_CODES = ['ALERTA_SOAT', 'ALERTA_RTM', 'ALERTA_LICENCIA'] as const;

export interface LookupLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface GarageLookupDeps {
  repo: GarageRepository;
  registry: RegistryProvider;
  fines: FinesProvider;
  clock: Clock;
  /** Called after a registry answer is stored (the alerts area runs its expiry engine for the vehicle). */
  onRegistryUpdated?: ((vehicleId: number) => Promise<void>) | undefined;
  log?: LookupLogger | undefined;
}

/** The registry's dates as alert_dates rows: SOAT, RTM, and the licence's earliest category expiry. */
export function registryAlertDates(answer: RegistryVehicle): AlertDateValues[] {
  const rows: AlertDateValues[] = [];
  if (answer.soat) {
    rows.push({
      code: 'ALERTA_SOAT',
      fechaExpedicion: answer.soat.fecha_expedicion,
      fechaVencimiento: answer.soat.fecha_vencimiento,
    });
  }
  if (answer.rtm) {
    rows.push({
      code: 'ALERTA_RTM',
      fechaExpedicion: answer.rtm.fecha_expedicion,
      fechaVencimiento: answer.rtm.fecha_vencimiento,
    });
  }
  if (answer.licencia) {
    rows.push({
      code: 'ALERTA_LICENCIA',
      fechaExpedicion: answer.licencia.fecha_expedicion_lic_transito,
      fechaVencimiento: licenceDueDate(answer.licencia.detalles_lic_transito),
    });
  }
  return rows;
}

/**
 * Background look-ups of a vehicle (run by the jobs in garage-lookup.jobs.ts). A provider
 * answer is stored in provider_snapshots with the provider's name; failures are counted and re-thrown
 * so the queue retries with backoff, until the last attempt or a non-retryable error marks it failed.
 */
export class GarageLookupService {
  constructor(private readonly deps: GarageLookupDeps) {}

  async runRegistryLookup(vehicleId: number, job: JobContext): Promise<void> {
    const { repo, registry, clock } = this.deps;
    const answer = await this.attempt(vehicleId, 'registry', registry.name, job, (q) =>
      registry.lookupVehicle(q),
    );
    if (!answer) return;
    await repo.saveAnswer(vehicleId, 'registry', registry.name, answer, clock.now(), {
      present: registryAlertDates(answer),
      codes: REGISTRY_ALERT_CODES,
    });
    if (this.deps.onRegistryUpdated) {
      try {
        await this.deps.onRegistryUpdated(vehicleId);
      } catch (err) {
        // The answer is stored; the alerts area's own schedule will pick the dates up.
        this.deps.log?.error({ err, vehicleId }, 'onRegistryUpdated failed');
      }
    }
  }

  async runFinesLookup(vehicleId: number, job: JobContext): Promise<void> {
    const { repo, fines, clock } = this.deps;
    const answer = await this.attempt(vehicleId, 'fines', fines.name, job, (q) => fines.lookupFines(q));
    if (!answer) return;
    await repo.saveAnswer(vehicleId, 'fines', fines.name, answer, clock.now());
  }

  /** Calls the provider; null when there is nothing to store (vehicle gone, or a final failure recorded). */
  private async attempt<T>(
    vehicleId: number,
    kind: SnapshotKind,
    provider: string,
    job: JobContext,
    call: (q: OwnerQuery) => Promise<T>,
  ): Promise<T | null> {
    const { repo, clock } = this.deps;
    const vehicle = await repo.findForLookup(vehicleId);
    if (!vehicle) return null;
    try {
      return await call({
        placa: vehicle.placa,
        documento: vehicle.documento,
        tipoDocumento: vehicle.tipoDocumento,
      });
    } catch (err) {
      const retryable = err instanceof ProviderError ? err.retryable : true;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const final = !retryable || job.isLastAttempt;
      await repo.recordFailure(vehicleId, kind, provider, message, final, clock.now());
      this.deps.log?.warn(
        { vehicleId, kind, attempt: job.attempt, final, err: message },
        'provider look-up failed',
      );
      if (!retryable) return null;
      throw err;
    }
  }
}
