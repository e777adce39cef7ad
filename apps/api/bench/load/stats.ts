/**
 * Latency bookkeeping of bench:load: every response's latency kept per route (never autocannon's histogram), so
 * the p50/p95/p99 are exact order statistics, plus the count of errors (non-2xx, connection errors, timeouts).
 */

/** What one route saw in one stage. */
export interface RouteSamples {
  latencies: number[];
  errors: number;
  /** Status code → count (errors included), for the report of what went wrong. */
  statuses: Map<string, number>;
}

export const newSamples = (): RouteSamples => ({ latencies: [], errors: 0, statuses: new Map() });

/** Records one answer (status 0 = a connection error or a timeout). */
export function record(s: RouteSamples, status: number, ms: number): void {
  const key = status === 0 ? 'error' : String(status);
  s.statuses.set(key, (s.statuses.get(key) ?? 0) + 1);
  if (status >= 200 && status < 300) s.latencies.push(ms);
  else {
    s.errors += 1;
    if (status !== 0) s.latencies.push(ms);
  }
}

/** The nearest-rank quantile (q in 0..1) of the samples, NaN when there is none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))] as number;
}

const round1 = (n: number) => (Number.isFinite(n) ? Number(n.toFixed(1)) : null);

/** A route's figures in a stage. */
export interface RouteFigures {
  requests: number;
  rps: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  max_ms: number | null;
  errors: number;
  /** 'status×count' of the answers that were not 2xx ('-' when none). */
  not_ok: string;
}

export function summarise(s: RouteSamples, seconds: number): RouteFigures {
  const sorted = [...s.latencies].sort((a, b) => a - b);
  const requests = [...s.statuses.values()].reduce((a, b) => a + b, 0);
  const notOk = [...s.statuses].filter(([k]) => !/^2\d\d$/.test(k)).map(([k, n]) => `${k}×${n}`);
  return {
    requests,
    rps: seconds > 0 ? Math.round(requests / seconds) : 0,
    p50_ms: round1(quantile(sorted, 0.5)),
    p95_ms: round1(quantile(sorted, 0.95)),
    p99_ms: round1(quantile(sorted, 0.99)),
    max_ms: round1(sorted.at(-1) ?? NaN),
    errors: s.errors,
    not_ok: notOk.join(' ') || '-',
  };
}
