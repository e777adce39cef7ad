/**
 * The refresh schedule's arithmetic (pure; docs/decisions/032-scheduled-refresh.md).
 * - Each vehicle has a stable phase in [0, period): Knuth's multiplicative hash of its id, so consecutive ids
 *   (a fleet import) land far apart and the vehicles are spread evenly over the period.
 * - After a refresh at t the next one is the vehicle's first slot (epoch + k·period + phase) at least half a
 *   period after t: intervals stay within [period/2, 1.5·period] and converge on the phase, never a burst.
 * - Provider errors back off exponentially: base·2^(failures−1), capped.
 */

export type RefreshKind = 'registry' | 'fines';
export const REFRESH_KINDS: readonly RefreshKind[] = ['registry', 'fines'];

export interface RefreshSettings {
  /** Milliseconds between refreshes of one vehicle, per kind. */
  periodMs: Record<RefreshKind, number>;
  /** Provider calls per minute, per kind (one provider per kind). */
  quotaPerMinute: Record<RefreshKind, number>;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long a claimed vehicle stays leased to its worker. */
  leaseMs: number;
  /** Between two manual "Actualizar" of a vehicle. */
  manualIntervalMs: number;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** Settings from the environment (config.ts). */
export function refreshSettings(c: {
  REFRESH_REGISTRY_HOURS: number;
  REFRESH_FINES_HOURS: number;
  REGISTRY_QUOTA_PER_MINUTE: number;
  FINES_QUOTA_PER_MINUTE: number;
  REFRESH_BACKOFF_BASE_SECONDS: number;
  REFRESH_BACKOFF_MAX_SECONDS: number;
  REFRESH_LEASE_SECONDS?: number;
}): RefreshSettings {
  return {
    periodMs: { registry: c.REFRESH_REGISTRY_HOURS * HOUR_MS, fines: c.REFRESH_FINES_HOURS * HOUR_MS },
    quotaPerMinute: { registry: c.REGISTRY_QUOTA_PER_MINUTE, fines: c.FINES_QUOTA_PER_MINUTE },
    backoffBaseMs: c.REFRESH_BACKOFF_BASE_SECONDS * 1000,
    backoffMaxMs: Math.max(c.REFRESH_BACKOFF_BASE_SECONDS, c.REFRESH_BACKOFF_MAX_SECONDS) * 1000,
    leaseMs: (c.REFRESH_LEASE_SECONDS ?? 300) * 1000,
    manualIntervalMs: HOUR_MS,
  };
}

/** The vehicle's stable offset within a period, in milliseconds. */
export function phaseMs(vehicleId: number, periodMs: number): number {
  const hash = Number((BigInt(vehicleId) * 2654435761n) % 4294967296n);
  return Math.floor((hash / 4294967296) * periodMs);
}

/** The vehicle's first slot at least half a period after `after`. */
export function nextDue(vehicleId: number, after: Date, periodMs: number): Date {
  const phase = phaseMs(vehicleId, periodMs);
  const earliest = after.getTime() + periodMs / 2;
  const k = Math.ceil((earliest - phase) / periodMs);
  return new Date(k * periodMs + phase);
}

/** The start of the minute of `now` (the quota's counting unit). */
export function minuteOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
}
