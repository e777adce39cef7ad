import {
  refreshFailureReason,
  VEHICLE_REFRESH_MSG,
  type FleetLookupProgress,
  type LookupCount,
  type RefreshKindStatus,
  type VehicleRefreshStatus,
} from '@togo/domain/garage/vehicle-refresh.contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GarageRefreshRepository, RefreshStatusRow } from './garage-refresh.repository.ts';
import type { GarageRefreshService } from './garage-refresh.service.ts';
import {
  minuteOf,
  REFRESH_KINDS,
  type RefreshKind,
  type RefreshSettings,
} from './garage-refresh.schedule.ts';

const isoOf = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * One kind's status at `now`: stale past twice its refresh period (decision 072), the Spanish reason of the last
 * failure, and whether it is due now and waiting for the provider's quota.
 */
function kindStatus(
  row: RefreshStatusRow | undefined,
  now: Date,
  periodMs: number,
  source: 'RUNT' | 'SIMIT',
): RefreshKindStatus {
  if (!row) {
    return {
      ultima_actualizacion: null,
      estado: 'pendiente',
      proxima: null,
      desactualizado: false,
      motivo: null,
      en_cola: false,
    };
  }
  const last = row.refreshed_at === null ? null : new Date(row.refreshed_at);
  const failing = row.failures > 0;
  return {
    ultima_actualizacion: isoOf(row.refreshed_at),
    estado: failing ? 'error' : last ? 'al_dia' : 'pendiente',
    proxima: isoOf(row.due_at),
    desactualizado: last !== null && now.getTime() - last.getTime() > 2 * periodMs,
    motivo: failing ? refreshFailureReason(source, row.last_error_kind) : null,
    en_cola: new Date(row.due_at).getTime() <= now.getTime(),
  };
}

const emptyCount = (): LookupCount => ({ hechas: 0, total: 0, errores: 0 });

/**
 * 'Última actualización' and the manual "Actualizar" of one vehicle (at most once an hour, guarded by one
 * atomic upsert), and the fleet's look-up progress. The caller has checked that the vehicle is the user's
 * (garage) or the company's (fleet): `owner` is the vehicle's user id.
 */
export class GarageRefreshManualService {
  constructor(
    private readonly d: {
      repo: GarageRefreshRepository;
      refresh: GarageRefreshService;
      clock: Clock;
      settings: RefreshSettings;
    },
  ) {}

  /** 404 unless the vehicle is live and owned by `ownerId`. */
  private async check(ownerId: number, vehicleId: number): Promise<void> {
    if ((await this.d.repo.ownerOf(vehicleId)) !== ownerId) throw AppError.notFound();
  }

  async status(ownerId: number, vehicleId: number): Promise<VehicleRefreshStatus> {
    await this.check(ownerId, vehicleId);
    return this.read(vehicleId);
  }

  private async read(vehicleId: number): Promise<VehicleRefreshStatus> {
    const { rows, manualAt } = await this.d.repo.status(vehicleId);
    const byKind = new Map(rows.map((r) => [r.kind, r]));
    const now = this.d.clock.now();
    const { periodMs } = this.d.settings;
    const waitMs = manualAt ? manualAt.getTime() + this.d.settings.manualIntervalMs - now.getTime() : 0;
    return {
      registro: kindStatus(byKind.get('registry'), now, periodMs.registry, 'RUNT'),
      multas: kindStatus(byKind.get('fines'), now, periodMs.fines, 'SIMIT'),
      actualizar_en: Math.max(0, Math.ceil(waitMs / 1000)),
    };
  }

  /**
   * Refreshes both kinds now: leases each row (a vehicle already being refreshed is left to that worker) and
   * takes one call of the provider's quota; without quota left this minute the row is made due at once and the
   * next tick refreshes it.
   */
  async refreshNow(ownerId: number, vehicleId: number): Promise<VehicleRefreshStatus> {
    await this.check(ownerId, vehicleId);
    const { repo, clock, settings } = this.d;
    const askedAt = clock.now();
    const previous = await repo.requestManual(vehicleId, askedAt, settings.manualIntervalMs);
    if (previous) {
      const left = (previous.getTime() + settings.manualIntervalMs - askedAt.getTime()) / 1000;
      throw AppError.tooMany(VEHICLE_REFRESH_MSG.tooSoon, left);
    }
    for (const kind of REFRESH_KINDS) await this.refreshKind(vehicleId, kind, askedAt);
    return this.read(vehicleId);
  }

  private async refreshKind(vehicleId: number, kind: RefreshKind, askedAt: Date): Promise<void> {
    const { repo, clock, settings, refresh } = this.d;
    const now = clock.now();
    const until = new Date(now.getTime() + settings.leaseMs);
    if (!(await repo.claimOne(vehicleId, kind, { now, until, askedAt }))) return;
    const provider = refresh.providerKey(kind);
    const minute = minuteOf(now);
    if ((await repo.reserveQuota(provider, minute, 1, refresh.quotaPerMinute(kind))) === 0) {
      await repo.reschedule(vehicleId, kind, now);
      return;
    }
    const { outcome } = await refresh.refreshClaimed(vehicleId, kind, true);
    if (outcome !== 'refreshed' && outcome !== 'failed') await repo.releaseQuota(provider, minute, 1);
  }

  async fleetProgress(companyUserId: number): Promise<FleetLookupProgress> {
    const rows = await this.d.repo.fleetProgress(companyUserId);
    const out = { registro: emptyCount(), multas: emptyCount() };
    for (const r of rows) {
      const count = { hechas: Number(r.done), total: Number(r.total), errores: Number(r.failed) };
      if (r.kind === 'registry') out.registro = count;
      else out.multas = count;
    }
    return {
      ...out,
      en_curso: out.registro.hechas < out.registro.total || out.multas.hechas < out.multas.total,
    };
  }
}
