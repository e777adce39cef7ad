/**
 * npm run bench:load — how much load do two API instances sustain? Two real API processes (A and B, as behind a
 * load balancer) on one scratch PostgreSQL database and one S3-compatible server. The home, selected vehicle,
 * alerts, pico y placa, slots, my bookings, fleet compliance and operator agenda reads run under autocannon (half
 * the connections on each instance, rotating over the users) while W workers book trámites paid online and deliver
 * their payment events, and one company's fleet upload runs in the background. First an idle baseline (each route
 * alone, one connection), then stages of 2, 4, 8 connections per read route. Reports per stage the requests/s,
 * each route's p50/p95/p99 and errors, each instance's CPU and peak RSS and PostgreSQL's sessions; at the end every
 * write is accounted for in the database. A measurement: targets are printed PASS/FAIL, never thrown; the exit
 * code is 1 only when a write was lost or the scenario is broken (a route that does not answer 200 at first).
 * Env: DATABASE_URL (the server; default postgres://postgres@127.0.0.1:5432/postgres), BENCH_LOAD_SIZE=ci|full
 * (ci by default when CI=true).
 */
import { writeBenchResult } from './bench-results.ts';
import { fleetFile, uploadInBackground, type UploadFigures } from './load/fleet-upload.ts';
import {
  WRITE_ROUTES,
  idleP99,
  loadTargets,
  printStage,
  printSummary,
  stageFigures,
  type StageFigures,
} from './load/report.ts';
import { startSampler } from './load/sampler.ts';
import { checkRoutes, readRoutes, runRoute, type ReadRoute } from './load/scenarios.ts';
import { runCleanups, startWorld, type Cleanups, type LoadWorld } from './load/setup.ts';
import { newSamples, type RouteSamples } from './load/stats.ts';
import {
  lostWrites,
  runWriters,
  serviceWeekdays,
  writeState,
  type WriteSamples,
  type WriteState,
} from './load/writers.ts';

const SIZES = {
  full: { drivers: 40, connections: [2, 4, 8], seconds: 20, writers: 4, uploadRows: 5000 },
  ci: { drivers: 10, connections: [2], seconds: 6, writers: 2, uploadRows: 500 },
};
const sizeName =
  process.env.BENCH_LOAD_SIZE === 'ci' || (!process.env.BENCH_LOAD_SIZE && process.env.CI === 'true')
    ? 'ci'
    : 'full';
const SIZE = SIZES[sizeName];
const COMPANIES = 2;
/** Requests per route of the idle baseline (half on each instance, one connection) and idle writes. */
const IDLE_REQUESTS = 40;
const IDLE_WRITES = 20;
/** How long the fleet upload may still take once the last stage is over. */
const UPLOAD_GRACE_MS = 60_000;

/** A stage's samples: one per read route and the two writes. */
function stageSamples(routes: ReadRoute[]): { all: Map<string, RouteSamples>; writes: WriteSamples } {
  const all = new Map(routes.map((r) => [r.name, newSamples()]));
  const writes = { booking: newSamples(), webhook: newSamples() };
  all.set(WRITE_ROUTES[0] as string, writes.booking);
  all.set(WRITE_ROUTES[1] as string, writes.webhook);
  return { all, writes };
}

async function idleStage(world: LoadWorld, routes: ReadRoute[], writes: WriteState) {
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

async function loadStage(
  world: LoadWorld,
  routes: ReadRoute[],
  writes: WriteState,
  stage: string,
  connections: number,
) {
  console.log(
    `\n▶ stage ${stage}: ${connections} connections per read route (${routes.length} routes, ` +
      `${connections * routes.length} in all, half on A, half on B) + ${SIZE.writers} writers, ${SIZE.seconds} s`,
  );
  const { all, writes: writeSamples } = stageSamples(routes);
  const sampler = startSampler([world.a, world.b], world.database, world.databaseName);
  const started = performance.now();
  const deadline = started + SIZE.seconds * 1000;
  await Promise.all([
    ...routes.map((route) =>
      runRoute(
        route,
        [world.a.url, world.b.url],
        { connections, duration: SIZE.seconds },
        all.get(route.name) as RouteSamples,
      ),
    ),
    runWriters(
      writes,
      { stage, workers: SIZE.writers, until: () => performance.now() >= deadline },
      writeSamples,
    ),
  ]);
  const seconds = (performance.now() - started) / 1000;
  if (writes.exhausted) console.warn('  every seat of the booking days is taken: the writers stopped early');
  return { all, seconds, sampled: await sampler.stop() };
}

/** Answers the exit code: 1 when the scenario is broken or a write was lost. */
async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    console.log(
      `bench:load — size ${sizeName} (${SIZE.drivers} drivers, stages ${SIZE.connections.join('/')} connections ` +
        `per route × ${SIZE.seconds} s, ${SIZE.writers} writers, fleet upload of ${SIZE.uploadRows} rows), ` +
        `Node ${process.version}`,
    );
    console.log('▶ starting PostgreSQL scratch database, s3rver and API instances A and B');
    const world = await startWorld({ drivers: SIZE.drivers, companies: COMPANIES }, cleanups);
    const fecha = serviceWeekdays(1)[0] as string;
    const routes = readRoutes(world, fecha);
    console.log(`▶ checking every read route once on each instance (service day ${fecha})`);
    if (!(await checkRoutes(routes, [world.a.url, world.b.url]))) {
      console.error('the scenario is broken: a read route did not answer 200');
      return 1;
    }
    const writes = writeState(world);

    const idle = await idleStage(world, routes, writes);
    const idleErrors = [...idle.all.values()].reduce((sum, s) => sum + s.errors, 0);
    if (idleErrors > 0) {
      console.error(`the scenario is broken: ${idleErrors} idle requests failed`);
      return 1;
    }
    const idleP99s = idleP99(idle.all, idle.seconds);
    const stages: Record<string, StageFigures> = {};
    const raw: Record<string, Awaited<ReturnType<typeof idleStage>>> = { idle };

    const upload = await fleetFile(SIZE.uploadRows);
    let uploadDeadline = Infinity;
    let uploading: Promise<UploadFigures> | null = null;
    for (const connections of SIZE.connections) {
      const stage = `c${connections}`;
      uploading ??= uploadInBackground(
        upload,
        SIZE.uploadRows,
        world.companies[0] as LoadWorld['companies'][number],
        world.a,
        world.b,
        () => performance.now() > uploadDeadline,
      );
      raw[stage] = await loadStage(world, routes, writes, stage, connections);
    }
    uploadDeadline = performance.now() + UPLOAD_GRACE_MS;
    const fleetUpload = await uploading;

    console.log(`\n▶ accounting for ${writes.log.length} writes in the database`);
    const lost = await lostWrites(writes);
    const lostTotal = [...lost.values()].reduce((a, b) => a + b, 0);
    for (const [stage, r] of Object.entries(raw)) {
      stages[stage] = stageFigures({
        connections: stage === 'idle' ? 1 : Number(stage.slice(1)),
        writers: stage === 'idle' ? 1 : SIZE.writers,
        seconds: r.seconds,
        samples: r.all,
        idle: idleP99s,
        sampled: r.sampled,
        lostWrites: lost.get(stage) ?? 0,
      });
      printStage(stage, stages[stage]);
    }
    const loadStages = Object.keys(stages).filter((s) => s !== 'idle');
    const best = loadStages.filter((s) => stages[s]?.meets_targets).at(-1) ?? null;
    printSummary(stages);
    console.log(
      `fleet upload: ${fleetUpload?.outcome ?? 'not started'}` +
        (fleetUpload?.seconds != null ? ` in ${fleetUpload.seconds} s` : ''),
    );
    console.log(
      `highest stage meeting every target: ${best ?? 'none'}` +
        (best ? ` → sustained_rps ${stages[best]?.rps}` : ''),
    );
    writeBenchResult(
      'load',
      {
        size: sizeName,
        drivers: SIZE.drivers,
        companies: COMPANIES,
        writers: SIZE.writers,
        stage_seconds: SIZE.seconds,
        service_day: fecha,
        writes: writes.log.length,
        bookings_ok: writes.log.filter((e) => e.booked).length,
        payments_confirmed: writes.log.filter((e) => e.confirmed).length,
        lost_writes: lostTotal,
        fleet_upload: fleetUpload,
        stages,
        highest_stage_meeting_targets: best,
        sustained_rps: best ? (stages[best]?.rps ?? null) : null,
      },
      loadTargets(loadStages),
    );
    if (lostTotal > 0) console.error(`${lostTotal} writes answered as done are not in the database`);
    return lostTotal > 0 ? 1 : 0;
  } finally {
    console.log('\n▶ stopping the instances, dropping the scratch database');
    await runCleanups(cleanups);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
