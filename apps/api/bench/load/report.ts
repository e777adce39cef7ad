/**
 * The figures and targets of bench:load: per stage the requests/s, each route's p50/p95/p99 against its idle p99,
 * the errors and lost writes, the instances' CPU and memory and PostgreSQL's sessions; whether the stage meets
 * every target; and the highest stage that does (sustained_rps). Also the tables printed at the end.
 */
import type { BenchTarget } from '../bench-results.ts';
import type { SampledFigures } from './sampler.ts';
import { summarise, type RouteFigures, type RouteSamples } from './stats.ts';

export const READ_P99_MS = 250;
export const WRITE_P99_MS = 500;
export const MAX_P99_OVER_IDLE = 3;
export const WRITE_ROUTES = ['booking (POST)', 'payment webhook (POST)'];

export interface RouteRow extends RouteFigures {
  idle_p99_ms: number | null;
  /** p99 / idle p99. */
  p99_over_idle: number | null;
}

export interface StageFigures {
  connections_per_route: number;
  writers: number;
  duration_s: number;
  rps: number;
  requests: number;
  errors: number;
  lost_writes: number;
  max_read_p99_ms: number | null;
  max_write_p99_ms: number | null;
  max_p99_over_idle: number | null;
  routes: Record<string, RouteRow>;
  instances: SampledFigures['instances'];
  max_pg_connections: number | null;
  meets_targets: boolean;
}

const maxOf = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.max(...known) : null;
};

export function idleP99(samples: Map<string, RouteSamples>, seconds: number): Map<string, number | null> {
  return new Map([...samples].map(([name, s]) => [name, summarise(s, seconds).p99_ms]));
}

export function stageFigures(input: {
  connections: number;
  writers: number;
  seconds: number;
  samples: Map<string, RouteSamples>;
  idle: Map<string, number | null>;
  sampled: SampledFigures;
  lostWrites: number;
}): StageFigures {
  const routes: Record<string, RouteRow> = {};
  for (const [name, s] of input.samples) {
    const f = summarise(s, input.seconds);
    const idle = input.idle.get(name) ?? null;
    const ratio = f.p99_ms !== null && idle ? Number((f.p99_ms / idle).toFixed(2)) : null;
    routes[name] = { ...f, idle_p99_ms: idle, p99_over_idle: ratio };
  }
  const rows = Object.entries(routes);
  const reads = rows.filter(([n]) => !WRITE_ROUTES.includes(n)).map(([, r]) => r.p99_ms);
  const writes = rows.filter(([n]) => WRITE_ROUTES.includes(n)).map(([, r]) => r.p99_ms);
  const requests = rows.reduce((sum, [, r]) => sum + r.requests, 0);
  const errors = rows.reduce((sum, [, r]) => sum + r.errors, 0);
  const figures: StageFigures = {
    connections_per_route: input.connections,
    writers: input.writers,
    duration_s: Number(input.seconds.toFixed(1)),
    rps: Math.round(requests / input.seconds),
    requests,
    errors,
    lost_writes: input.lostWrites,
    max_read_p99_ms: maxOf(reads),
    max_write_p99_ms: maxOf(writes),
    max_p99_over_idle: maxOf(rows.map(([, r]) => r.p99_over_idle)),
    routes,
    instances: input.sampled.instances,
    max_pg_connections: input.sampled.max_pg_connections,
    meets_targets: false,
  };
  figures.meets_targets =
    errors === 0 &&
    input.lostWrites === 0 &&
    figures.max_read_p99_ms !== null &&
    figures.max_read_p99_ms <= READ_P99_MS &&
    (figures.max_write_p99_ms ?? Infinity) <= WRITE_P99_MS &&
    (figures.max_p99_over_idle ?? Infinity) <= MAX_P99_OVER_IDLE;
  return figures;
}

/** The targets of every load stage, read from `stages.<name>.…`, and of the whole run. */
export function loadTargets(stages: string[]): Record<string, BenchTarget> {
  const targets: Record<string, BenchTarget> = {
    'no lost write': { figure: 'lost_writes', op: '==', value: 0 },
  };
  for (const s of stages) {
    const at = (f: string) => `stages.${s}.${f}`;
    targets[`${s}: 0 errors`] = { figure: at('errors'), op: '==', value: 0 };
    targets[`${s}: 0 lost writes`] = { figure: at('lost_writes'), op: '==', value: 0 };
    targets[`${s}: read p99 ≤ ${READ_P99_MS} ms`] = {
      figure: at('max_read_p99_ms'),
      op: '<=',
      value: READ_P99_MS,
    };
    targets[`${s}: write p99 ≤ ${WRITE_P99_MS} ms`] = {
      figure: at('max_write_p99_ms'),
      op: '<=',
      value: WRITE_P99_MS,
    };
    targets[`${s}: p99 ≤ ${MAX_P99_OVER_IDLE}× idle p99`] = {
      figure: at('max_p99_over_idle'),
      op: '<=',
      value: MAX_P99_OVER_IDLE,
    };
  }
  return targets;
}

/** The per-route table of one stage. */
export function printStage(name: string, f: StageFigures): void {
  console.log(
    `\n  ${name}: ${f.rps} req/s, ${f.requests} requests, ${f.errors} errors, ${f.lost_writes} lost writes, ` +
      `CPU ${Object.entries(f.instances)
        .map(([p, i]) => `${p} ${i.cpu_percent ?? '?'}% (peak ${i.peak_cpu_percent ?? '?'}%)`)
        .join(', ')}, RSS ${Object.entries(f.instances)
        .map(([p, i]) => `${p} ${i.max_rss_mb ?? '?'} MB`)
        .join(
          ', ',
        )}, PostgreSQL sessions ≤ ${f.max_pg_connections ?? '?'} → ${f.meets_targets ? 'PASS' : 'FAIL'}`,
  );
  console.table(
    Object.entries(f.routes).map(([route, r]) => ({
      route,
      requests: r.requests,
      'req/s': r.rps,
      'p50 ms': r.p50_ms,
      'p95 ms': r.p95_ms,
      'p99 ms': r.p99_ms,
      'idle p99': r.idle_p99_ms,
      '×idle': r.p99_over_idle,
      errors: r.errors,
      'not 2xx': r.not_ok,
    })),
  );
}

/** One line per stage. */
export function printSummary(stages: Record<string, StageFigures>): void {
  console.log('\nbench:load — summary');
  console.table(
    Object.entries(stages).map(([stage, f]) => ({
      stage,
      'conn/route': f.connections_per_route,
      writers: f.writers,
      'req/s': f.rps,
      errors: f.errors,
      lost: f.lost_writes,
      'read p99': f.max_read_p99_ms,
      'write p99': f.max_write_p99_ms,
      'max ×idle': f.max_p99_over_idle,
      'CPU A %': f.instances.A?.cpu_percent,
      'CPU B %': f.instances.B?.cpu_percent,
      'RSS A MB': f.instances.A?.max_rss_mb,
      'RSS B MB': f.instances.B?.max_rss_mb,
      'pg conns': f.max_pg_connections,
      targets: f.meets_targets ? 'PASS' : 'FAIL',
    })),
  );
}
