import type { Clock } from '../lib/clock.ts';
import type { FinesProvider } from './fines/fines-provider.ts';
import { ProviderError } from './registry/provider-error.ts';
import type { RegistryProvider } from './registry/registry-provider.ts';
import type { VehicleValueProvider } from './vehicle-value/vehicle-value-provider.ts';

/**
 * A circuit breaker per outside data provider (issue 40, docs/decisions/127): after `failures` calls in a row that
 * found the provider down (no answer in time, or a 5xx / connection failure), calls fail at once for `openMs`
 * instead of each waiting its full timeout; then one call is let through (half-open): an answer closes the circuit,
 * another failure opens it again. Answers that are the provider speaking (not found, refused, rate limited, a
 * malformed body) count as "up". The failure thrown while open is a retryable 'unavailable' ProviderError, which
 * the refresh jobs already back off from and the screens already show as "fuente no disponible".
 */
export interface BreakerOptions {
  /** Consecutive "down" failures that open the circuit (≥ 1). */
  failures: number;
  /** How long the circuit stays open before one trial call. */
  openMs: number;
  clock: Clock;
}

export type BreakerState = 'closed' | 'open' | 'half_open';

const DOWN_KINDS = new Set(['timeout', 'unavailable']);

function isDown(error: unknown): boolean {
  return error instanceof ProviderError && DOWN_KINDS.has(error.kind);
}

export class CircuitBreaker {
  private consecutive = 0;
  private openedAt: number | null = null;
  private trial = false;

  constructor(
    readonly provider: string,
    private readonly opts: BreakerOptions,
  ) {}

  state(): BreakerState {
    if (this.openedAt === null) return 'closed';
    if (this.opts.clock.now().getTime() - this.openedAt < this.opts.openMs) return 'open';
    return 'half_open';
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    const state = this.state();
    if (state === 'open' || (state === 'half_open' && this.trial)) {
      const retryAt = new Date((this.openedAt ?? 0) + this.opts.openMs).toISOString();
      throw new ProviderError(
        this.provider,
        'unavailable',
        `circuit open after ${this.consecutive} failed calls in a row; next try after ${retryAt}`,
      );
    }
    if (state === 'half_open') this.trial = true;
    try {
      const result = await call();
      this.close();
      return result;
    } catch (error) {
      if (isDown(error)) this.failed();
      else this.close();
      throw error;
    } finally {
      if (state === 'half_open') this.trial = false;
    }
  }

  private close(): void {
    this.consecutive = 0;
    this.openedAt = null;
  }

  private failed(): void {
    this.consecutive++;
    // A failed trial opens it again at once; otherwise the threshold does.
    if (this.openedAt !== null || this.consecutive >= Math.max(1, this.opts.failures)) {
      this.openedAt = this.opts.clock.now().getTime();
    }
  }
}

/** The registry provider behind a circuit breaker. */
export function registryBehindBreaker(provider: RegistryProvider, breaker: CircuitBreaker): RegistryProvider {
  return {
    name: provider.name,
    ...(provider.quota ? { quota: provider.quota } : {}),
    lookupVehicle: (query) => breaker.run(() => provider.lookupVehicle(query)),
  };
}

/** The fines provider behind a circuit breaker. */
export function finesBehindBreaker(provider: FinesProvider, breaker: CircuitBreaker): FinesProvider {
  return {
    name: provider.name,
    ...(provider.quota ? { quota: provider.quota } : {}),
    lookupFines: (query) => breaker.run(() => provider.lookupFines(query)),
  };
}

/** The vehicle value provider behind a circuit breaker. */
export function valueBehindBreaker(
  provider: VehicleValueProvider,
  breaker: CircuitBreaker,
): VehicleValueProvider {
  return { name: provider.name, valueOf: (query) => breaker.run(() => provider.valueOf(query)) };
}
