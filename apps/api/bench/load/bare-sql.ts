/**
 * The same SQL timed bare for the heaviest routes (issue 40), as bench:ops and bench:fleet-compliance do beside
 * their endpoints: once the load is over and the background work has drained, the three read routes with the
 * highest p99 in the highest load stage run their SQL (route-sql.ts, through the app's repositories) straight
 * on the scratch database with node-postgres — at 1 connection (sequential runs) and at the stage's concurrency
 * (as many clients as the route had connections, each running back to back for a few seconds) — beside the
 * endpoint's p50/p99 idle and loaded. The ratio endpoint p99 / bare p99 says how much of a route's latency is
 * its SQL and how much is the rest (HTTP, the session look-up, zod, JSON, the event loop, the CPU it shares).
 */
import { openPostgres } from '../../src/db/client.ts';
import { WRITE_ROUTES, type StageFigures } from './report.ts';
import { routeSql } from './route-sql.ts';
import type { ReadRoute } from './scenarios.ts';
import type { LoadWorld } from './setup.ts';
import { quantile } from './stats.ts';

const HEAVIEST = 3;
const WARM_UP_RUNS = 5;
/** How often and how long the bench waits for the background look-ups to drain before timing. */
const QUIET_POLL_MS = 1000;

export interface BareSqlOptions {
  /** Sequential runs at one connection. */
  runs: number;
  /** How long the clients at the stage's concurrency run. */
  seconds: number;
  /** The longest wait for the background work (the fleet's look-ups) to end. */
  quietWaitS: number;
}

interface Timed {
  runs: number;
  p50_ms: number | null;
  p99_ms: number | null;
}

export interface BareSqlRow {
  route: string;
  connections: number;
  endpoint_idle: { p50_ms: number | null; p99_ms: number | null };
  endpoint_loaded: { p50_ms: number | null; p99_ms: number | null };
  bare_1_connection: Timed;
  bare_at_concurrency: Timed;
  /** Endpoint idle p99 / bare p99 at 1 connection. */
  idle_over_bare: number | null;
  /** Endpoint loaded p99 / bare p99 at the stage's concurrency. */
  loaded_over_bare: number | null;
}

export interface BareSqlFigures {
  stage: string;
  /** Background look-ups still pending and PostgreSQL sessions running a query when the timing started. */
  pending_lookups: number;
  active_sessions: number;
  routes: BareSqlRow[];
}

const round1 = (n: number | null) => (n !== null && Number.isFinite(n) ? Number(n.toFixed(1)) : null);
const ratio = (a: number | null, b: number | null) => (a !== null && b ? Number((a / b).toFixed(2)) : null);

function timed(latencies: number[]): Timed {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50_ms: round1(quantile(sorted, 0.5)),
    p99_ms: round1(quantile(sorted, 0.99)),
  };
}

/** Waits (bounded) until no registry or fines look-up is pending; answers what was still going on. */
async function waitForQuiet(world: LoadWorld, maxSeconds: number) {
  const deadline = performance.now() + maxSeconds * 1000;
  const state = async () => {
    const [pending] = await world.database.query<{ n: number }>(
      `select count(*)::int as n from provider_snapshots where status = 'pending'`,
    );
    const [active] = await world.database.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [world.databaseName],
    );
    return { pending: pending?.n ?? 0, active: active?.n ?? 0 };
  };
  let now = await state();
  while (now.pending > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS));
    now = await state();
  }
  return now;
}

/** `runs` sequential runs on a pool of one connection. */
async function atOneConnection(world: LoadWorld, route: ReadRoute, runs: number): Promise<number[]> {
  const database = await openPostgres(world.databaseUrl, 1);
  try {
    const sql = routeSql(database.db);
    for (let n = 0; n < WARM_UP_RUNS; n += 1) await route.bare(sql, n);
    const latencies: number[] = [];
    for (let n = 0; n < runs; n += 1) {
      const started = performance.now();
      await route.bare(sql, n);
      latencies.push(performance.now() - started);
    }
    return latencies;
  } finally {
    await database.close();
  }
}

/** `clients` loops running back to back for `seconds` on a pool of as many connections. */
async function atConcurrency(
  world: LoadWorld,
  route: ReadRoute,
  clients: number,
  seconds: number,
): Promise<number[]> {
  const database = await openPostgres(world.databaseUrl, clients);
  try {
    const sql = routeSql(database.db);
    // Opens every connection (and prepares the statements on each) before the timing.
    await Promise.all(Array.from({ length: clients }, (_, i) => route.bare(sql, i)));
    const latencies: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    let n = 0;
    const client = async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await route.bare(sql, n++);
        latencies.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    return latencies;
  } finally {
    await database.close();
  }
}

/** The heaviest read routes of `stage` (highest p99 first). */
function heaviest(stage: StageFigures, routes: ReadRoute[]): ReadRoute[] {
  return routes
    .filter((r) => !WRITE_ROUTES.includes(r.name))
    .sort((a, b) => (stage.routes[b.name]?.p99_ms ?? 0) - (stage.routes[a.name]?.p99_ms ?? 0))
    .slice(0, HEAVIEST);
}

export async function timeBareSql(
  world: LoadWorld,
  routes: ReadRoute[],
  stages: { idle: StageFigures; loaded: StageFigures; loadedName: string },
  opts: BareSqlOptions,
): Promise<BareSqlFigures> {
  const picked = heaviest(stages.loaded, routes);
  const clients = stages.loaded.connections_per_route;
  console.log(
    `\n▶ bare SQL of the ${picked.length} heaviest reads of ${stages.loadedName} (${picked
      .map((r) => r.name)
      .join(', ')}): waiting for the background look-ups to end (at most ${opts.quietWaitS} s)`,
  );
  const quiet = await waitForQuiet(world, opts.quietWaitS);
  console.log(
    `  ${quiet.pending} look-ups pending, ${quiet.active} other sessions running a query; ` +
      `${opts.runs} runs at 1 connection, then ${clients} clients for ${opts.seconds} s`,
  );
  const rows: BareSqlRow[] = [];
  for (const route of picked) {
    const one = timed(await atOneConnection(world, route, opts.runs));
    const many = timed(await atConcurrency(world, route, clients, opts.seconds));
    const idle = stages.idle.routes[route.name];
    const loaded = stages.loaded.routes[route.name];
    rows.push({
      route: route.name,
      connections: clients,
      endpoint_idle: { p50_ms: idle?.p50_ms ?? null, p99_ms: idle?.p99_ms ?? null },
      endpoint_loaded: { p50_ms: loaded?.p50_ms ?? null, p99_ms: loaded?.p99_ms ?? null },
      bare_1_connection: one,
      bare_at_concurrency: many,
      idle_over_bare: ratio(idle?.p99_ms ?? null, one.p99_ms),
      loaded_over_bare: ratio(loaded?.p99_ms ?? null, many.p99_ms),
    });
  }
  return {
    stage: stages.loadedName,
    pending_lookups: quiet.pending,
    active_sessions: quiet.active,
    routes: rows,
  };
}

export function printBareSql(f: BareSqlFigures): void {
  console.log(`\nbench:load — the same SQL bare, heaviest reads of ${f.stage}`);
  console.table(
    f.routes.map((r) => ({
      route: r.route,
      'idle p50': r.endpoint_idle.p50_ms,
      'idle p99': r.endpoint_idle.p99_ms,
      'SQL×1 p50': r.bare_1_connection.p50_ms,
      'SQL×1 p99': r.bare_1_connection.p99_ms,
      'idle/SQL p99': r.idle_over_bare,
      [`${f.stage} p50`]: r.endpoint_loaded.p50_ms,
      [`${f.stage} p99`]: r.endpoint_loaded.p99_ms,
      [`SQL×${r.connections} p50`]: r.bare_at_concurrency.p50_ms,
      [`SQL×${r.connections} p99`]: r.bare_at_concurrency.p99_ms,
      'loaded/SQL p99': r.loaded_over_bare,
    })),
  );
}
