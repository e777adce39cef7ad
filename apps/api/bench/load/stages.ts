/**
 * The stages of bench:load: the idle baseline (each route alone, one connection) and a load stage (every read
 * route under autocannon at once, plus the writers, for a while), closed loop (as fast as the connections go)
 * or open loop (a rate per route: the search of search.ts). Each answers its samples per route, its wall time
 * and the sampler's figures (CPU, RSS, PostgreSQL sessions).
 */
import { WRITE_ROUTES } from './report.ts';
import { startSampler, type SampledFigures } from './sampler.ts';
import { runRoute, type ReadRoute } from './scenarios.ts';
import type { LoadWorld } from './setup.ts';
import { newSamples, type RouteSamples } from './stats.ts';
import { runWriters, type WriteSamples, type WriteState } from './writers.ts';

/** Requests per route of the idle baseline (half on each instance, one connection) and idle writes. */
const IDLE_REQUESTS = 40;
const IDLE_WRITES = 20;

export interface StageRun {
  all: Map<string, RouteSamples>;
  seconds: number;
  sampled: SampledFigures;
}

/** A stage's samples: one per read route and the two writes. */
function stageSamples(routes: ReadRoute[]): { all: Map<string, RouteSamples>; writes: WriteSamples } {
  const all = new Map(routes.map((r) => [r.name, newSamples()]));
  const writes = { booking: newSamples(), webhook: newSamples() };
  all.set(WRITE_ROUTES[0] as string, writes.booking);
  all.set(WRITE_ROUTES[1] as string, writes.webhook);
  return { all, writes };
}

export async function idleStage(
  world: LoadWorld,
  routes: ReadRoute[],
  writes: WriteState,
): Promise<StageRun> {
  console.log(
    `\n▶ idle baseline: each route alone, 1 connection, ${IDLE_REQUESTS} requests (half on A, half on B)`,
  );
  const { all, writes: writeSamples } = stageSamples(routes);
  const sampler = startSampler([world.a, world.b], world.database, world.databaseName);
  const started = performance.now();
  for (const route of routes) {
    const into = all.get(route.name) as RouteSamples;
    for (const base of [world.a.url, world.b.url]) {
      await runRoute(route, [base], { connections: 1, amount: IDLE_REQUESTS / 2 }, into);
    }
  }
  await runWriters(writes, { stage: 'idle', workers: 1, until: (done) => done >= IDLE_WRITES }, writeSamples);
  const seconds = (performance.now() - started) / 1000;
  return { all, seconds, sampled: await sampler.stop() };
}

export interface LoadStageOptions {
  /** The stage's name in the write log (lost writes are counted per stage). */
  stage: string;
  connections: number;
  seconds: number;
  writers: number;
  /**
   * Open loop: requests per second of each route (autocannon's overallRate), the routes' starts spread over the
   * first second so that their per-second bursts do not all land together (see search.ts). Closed loop without.
   */
  ratePerRoute?: number;
}

/** Every read route at once (half the connections on A, half on B) and the writers, for `seconds`. */
export async function loadStage(
  world: LoadWorld,
  routes: ReadRoute[],
  writes: WriteState,
  opts: LoadStageOptions,
): Promise<StageRun> {
  const { all, writes: writeSamples } = stageSamples(routes);
  const sampler = startSampler([world.a, world.b], world.database, world.databaseName);
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const rate = opts.ratePerRoute;
  await Promise.all([
    ...routes.map(async (route, i) => {
      if (rate !== undefined) await new Promise((resolve) => setTimeout(resolve, (i * 1000) / routes.length));
      await runRoute(
        route,
        [world.a.url, world.b.url],
        { connections: opts.connections, duration: opts.seconds, ...(rate ? { overallRate: rate } : {}) },
        all.get(route.name) as RouteSamples,
      );
    }),
    runWriters(
      writes,
      { stage: opts.stage, workers: opts.writers, until: () => performance.now() >= deadline },
      writeSamples,
    ),
  ]);
  // The open loop's staggered starts make the wall time up to a second longer than each route ran.
  const seconds = rate === undefined ? (performance.now() - started) / 1000 : opts.seconds;
  if (writes.exhausted) console.warn('  every seat of the booking days is taken: the writers stopped early');
  return { all, seconds, sampled: await sampler.stop() };
}
