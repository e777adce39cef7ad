import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The outside systems whose failures are counted (togo_provider_errors_total{provider}). */
export type ProviderKind = 'registry' | 'fines' | 'value' | 'messaging' | 'payments';

/**
 * Prometheus metrics of one app instance (its own registry: several apps in one test process do not clash).
 * Exposed at GET /metrics (features/metrics); docs/decisions/019-production-runtime.md.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'togo_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly providerErrors = new Counter({
    name: 'togo_provider_errors_total',
    help: 'Failed calls to outside systems (registry, fines, value, messaging, payments)',
    labelNames: ['provider'] as const,
    registers: [this.registry],
  });

  constructor(queueDepth?: () => Promise<Record<string, number>>) {
    for (const provider of ['registry', 'fines', 'value', 'messaging', 'payments'] as const) {
      this.providerErrors.inc({ provider }, 0);
    }
    if (queueDepth) {
      new Gauge({
        name: 'togo_job_queue_depth',
        help: 'Jobs waiting in each background queue',
        labelNames: ['queue'] as const,
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const [queue, depth] of Object.entries(await queueDepth())) this.set({ queue }, depth);
        },
      });
    }
  }

  providerError(provider: ProviderKind): void {
    this.providerErrors.inc({ provider });
  }
}

/**
 * The provider with every async method counted: a rejection increments the provider's error counter and is
 * rethrown unchanged. `counts` can leave out errors that are the caller's fault (a forged webhook).
 */
export function countingErrors<T extends object>(
  target: T,
  provider: ProviderKind,
  metrics: Metrics,
  counts: (err: unknown) => boolean = () => true,
): T {
  return new Proxy(target, {
    get(obj, key) {
      const value: unknown = Reflect.get(obj, key);
      if (typeof value !== 'function' || key === 'constructor') return value;
      return function (this: unknown, ...args: unknown[]) {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(obj, args);
        if (result instanceof Promise) {
          return result.catch((err: unknown) => {
            if (counts(err)) metrics.providerError(provider);
            throw err;
          });
        }
        return result;
      };
    },
  });
}
