import type { FinesResult, RegistryVehicle } from '@togo/domain/garage/registry.contract';
import type { FinesProvider } from '../../integrations/fines/fines-provider.ts';
import { ProviderError } from '../../integrations/registry/provider-error.ts';
import type { OwnerQuery, RegistryProvider } from '../../integrations/registry/registry-provider.ts';
import type { Clock } from '../../lib/clock.ts';
import { finesChanges, registryChanges, type ChangeEvent } from './garage-refresh.changes.ts';
import type { GarageRefreshRepository, RefreshTarget } from './garage-refresh.repository.ts';
import {
  MINUTE_MS,
  minuteOf,
  nextDue,
  REFRESH_KINDS,
  type RefreshKind,
  type RefreshSettings,
} from './garage-refresh.schedule.ts';
import { REGISTRY_ALERT_CODES, registryAlertDates, type LookupLogger } from './garage-lookup.service.ts';
import type { NotificationSink } from '../../lib/notification-sink.ts';
import { faultPause } from '../../lib/fault-pause.ts';

export interface GarageRefreshDeps {
  repo: GarageRefreshRepository;
  registry: RegistryProvider;
  fines: FinesProvider;
  clock: Clock;
  settings: RefreshSettings;
  notifications: NotificationSink;
  /** After new registry dates are stored (the expiry engine runs for the vehicle). */
  onRegistryUpdated?: ((vehicleId: number) => Promise<void>) | undefined;
  log?: LookupLogger | undefined;
  /** Look-ups run at once within a tick. */
  concurrency?: number;
}

export type RefreshOutcome = 'refreshed' | 'fresh' | 'failed' | 'gone';

export interface TickResult {
  calls: Record<RefreshKind, number>;
  refreshed: number;
  failed: number;
  notifications: number;
}

/** Vehicles claimed per reservation: small, so one instance never holds the minute's whole budget idle. */
const CLAIM_BATCH = 50;

/**
 * The scheduled refresh (decision 032). A tick (every minute, on every instance) claims the due vehicles of each
 * kind under the provider's per-minute quota (reserved in PostgreSQL), looks each up, stores the answer with its
 * change events in one transaction and delivers the new notifications.
 */
export class GarageRefreshService {
  constructor(private readonly d: GarageRefreshDeps) {}

  private provider(kind: RefreshKind): RegistryProvider | FinesProvider {
    return kind === 'registry' ? this.d.registry : this.d.fines;
  }

  /**
   * Quota key of a kind's provider: the provider account's own key when it has a per-minute limit (registry and
   * fines on one Verifik account share it), else one per kind and provider.
   */
  providerKey(kind: RefreshKind): string {
    const p = this.provider(kind);
    return p.quota ? p.quota.key : `${kind}:${p.name}`;
  }

  /** Calls a minute under {@link providerKey}: the account's limit, else REGISTRY_/FINES_QUOTA_PER_MINUTE. */
  quotaPerMinute(kind: RefreshKind): number {
    return this.provider(kind).quota?.perMinute ?? this.d.settings.quotaPerMinute[kind];
  }

  async tick(): Promise<TickResult> {
    const result: TickResult = {
      calls: { registry: 0, fines: 0 },
      refreshed: 0,
      failed: 0,
      notifications: 0,
    };
    for (const kind of REFRESH_KINDS) await this.tickKind(kind, result);
    // Change notifications committed by a process that stopped before delivering them.
    const leftover = await this.d.repo.undeliveredChangeNotifications(
      new Date(this.d.clock.now().getTime() - MINUTE_MS),
      500,
    );
    if (leftover.length > 0) await this.d.notifications.deliver(leftover);
    return result;
  }

  /**
   * Claims due rows first (an idle tick writes nothing else), then reserves that many calls of the minute's
   * quota; rows beyond the calls granted are handed back at once for a later tick.
   */
  private async tickKind(kind: RefreshKind, result: TickResult): Promise<void> {
    const { repo, clock, settings } = this.d;
    const provider = this.providerKey(kind);
    for (;;) {
      const now = clock.now();
      const minute = minuteOf(now);
      const ids = await repo.claimDue(kind, now, CLAIM_BATCH, new Date(now.getTime() + settings.leaseMs));
      if (ids.length === 0) return;
      const granted = await repo.reserveQuota(provider, minute, ids.length, this.quotaPerMinute(kind));
      if (granted < ids.length) await repo.releaseLeases(kind, ids.slice(granted));
      const outcomes = await this.pool(ids.slice(0, granted), (id) => this.refreshClaimed(id, kind, false));
      const calls = outcomes.filter((o) => o.outcome === 'refreshed' || o.outcome === 'failed').length;
      await repo.releaseQuota(provider, minute, granted - calls);
      result.calls[kind] += calls;
      for (const o of outcomes) {
        if (o.outcome === 'refreshed') result.refreshed += 1;
        if (o.outcome === 'failed') result.failed += 1;
        result.notifications += o.notifications;
      }
      if (granted < ids.length || ids.length < CLAIM_BATCH) return;
    }
  }

  private async pool<T>(ids: number[], run: (id: number) => Promise<T>): Promise<T[]> {
    const out: T[] = new Array<T>(ids.length);
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const i = next++;
        out[i] = await run(ids[i] as number);
        await faultPause('garage-refresh-vehicle');
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.d.concurrency ?? 8, ids.length) }, worker));
    return out;
  }

  /**
   * Refreshes one leased (vehicle, kind). `force` (manual "Actualizar") calls the provider even when the
   * look-up job answered a moment ago.
   */
  async refreshClaimed(
    vehicleId: number,
    kind: RefreshKind,
    force: boolean,
  ): Promise<{ outcome: RefreshOutcome; notifications: number }> {
    const { repo, clock, settings } = this.d;
    const now = clock.now();
    const period = settings.periodMs[kind];
    const target = await repo.target(vehicleId, kind);
    if (!target) {
      await repo.reschedule(vehicleId, kind, new Date(now.getTime() + period));
      return { outcome: 'gone', notifications: 0 };
    }
    const answeredAt =
      target.snapshot_status === 'ok' && target.snapshot_updated ? new Date(target.snapshot_updated) : null;
    // A vehicle's first scheduled run right after its own look-up job answered: no second call.
    if (!force && !target.refreshed_at && answeredAt && answeredAt.getTime() > now.getTime() - period / 2) {
      await repo.reschedule(vehicleId, kind, nextDue(vehicleId, answeredAt, period), answeredAt);
      return { outcome: 'fresh', notifications: 0 };
    }
    const query: OwnerQuery = {
      placa: target.placa,
      documento: target.documento,
      tipoDocumento: target.tipo_documento,
    };
    let answer: RegistryVehicle | FinesResult;
    try {
      answer =
        kind === 'registry'
          ? await this.d.registry.lookupVehicle(query)
          : await this.d.fines.lookupFines(query);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const typed = err instanceof ProviderError ? err : null;
      const failed = await repo.recordFailure(
        vehicleId,
        kind,
        clock.now(),
        {
          message,
          kind: typed?.kind ?? null,
          retryAfterMs: typed?.retryAfterSeconds != null ? typed.retryAfterSeconds * 1000 : null,
        },
        { baseMs: settings.backoffBaseMs, maxMs: settings.backoffMaxMs },
      );
      this.d.log?.warn(
        {
          vehicleId,
          kind,
          failures: failed?.failures,
          errorKind: typed?.kind ?? 'unknown',
          retryable: typed ? typed.retryable : true,
          err: message,
        },
        'scheduled refresh failed',
      );
      return { outcome: 'failed', notifications: 0 };
    }
    const ids = await this.store(target, kind, answer);
    if (ids.length > 0) await this.d.notifications.deliver(ids);
    if (kind === 'registry' && this.d.onRegistryUpdated) {
      try {
        await this.d.onRegistryUpdated(vehicleId);
      } catch (err) {
        this.d.log?.error({ err, vehicleId }, 'onRegistryUpdated failed');
      }
    }
    return { outcome: 'refreshed', notifications: ids.length };
  }

  private store(
    target: RefreshTarget,
    kind: RefreshKind,
    answer: RegistryVehicle | FinesResult,
  ): Promise<number[]> {
    const now = this.d.clock.now();
    const previous = target.snapshot_status === 'ok' ? target.snapshot_data : null;
    let events: ChangeEvent[];
    if (kind === 'registry') {
      events = registryChanges(previous as RegistryVehicle | null, answer as RegistryVehicle, target.placa);
    } else {
      events = finesChanges(previous as FinesResult | null, answer as FinesResult, target.placa);
    }
    return this.d.repo.saveSuccess({
      vehicleId: target.vehicle_id,
      userId: Number(target.user_id),
      kind,
      provider: kind === 'registry' ? this.d.registry.name : this.d.fines.name,
      data: answer,
      now,
      nextDue: nextDue(target.vehicle_id, now, this.d.settings.periodMs[kind]),
      events,
      ...(kind === 'registry'
        ? {
            registryDates: {
              present: registryAlertDates(answer as RegistryVehicle),
              codes: REGISTRY_ALERT_CODES,
            },
          }
        : {}),
    });
  }
}
