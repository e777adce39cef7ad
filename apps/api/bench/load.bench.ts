/**
 * npm run bench:load — how much load do two API instances sustain? Two real API processes (A and B, as behind a
 * load balancer) on one scratch PostgreSQL database and one S3-compatible server. The home, selected vehicle,
 * alerts, pico y placa, slots, my bookings, fleet compliance and operator agenda reads run under autocannon (half
 * the connections on each instance, rotating over the users) while W workers book trámites paid online and deliver
 * their payment events, and one company's fleet upload runs in the background. First an idle baseline (each route
 * alone, one connection), then stages of 2, 4, 8 connections per read route (closed loop), then an open-loop
 * search for the highest rate meeting the latency targets without errors (load/search.ts: sustained_rps), then
 * the SQL of the three heaviest reads timed bare (load/bare-sql.ts). Reports per stage and step the requests/s,
 * each route's p50/p95/p99 and errors, each instance's CPU and peak RSS and PostgreSQL's sessions; at the end every
 * write is accounted for in the database. A measurement: targets are printed PASS/FAIL, never thrown; the exit
 * code is 1 only when a write was lost or the scenario is broken (a route that does not answer 200 at first).
 * Env: DATABASE_URL (the server; default postgres://postgres@127.0.0.1:5432/postgres), BENCH_LOAD_SIZE=ci|full
 * (ci by default when CI=true).
 */
import { writeBenchResult } from './bench-results.ts';
import { printBareSql, timeBareSql, type BareSqlFigures } from './load/bare-sql.ts';
import { fleetFile, uploadInBackground, type UploadFigures } from './load/fleet-upload.ts';
import {
  idleP99,
  loadTargets,
  printStage,
  printSummary,
  stageFigures,
  type StageFigures,
} from './load/report.ts';
import { checkRoutes, readRoutes } from './load/scenarios.ts';
import {
  printSearch,
  searchSustainedRate,
  sustainedRps,
  withinIdleRps,
  withLostWrites,
  type SearchOptions,
  type SearchStep,
} from './load/search.ts';
import { runCleanups, startWorld, type Cleanups, type LoadWorld } from './load/setup.ts';
import { idleStage, loadStage, type StageRun } from './load/stages.ts';
import { lostWrites, serviceWeekdays, writeState } from './load/writers.ts';

type Search = Omit<SearchOptions, 'connections' | 'writers'>;
const SIZES = {
  full: {
    drivers: 40,
    connections: [2, 4, 8],
    seconds: 20,
    writers: 4,
    uploadRows: 5000,
    search: {
      lowRps: 50,
      highRps: 800,
      tolerance: 0.1,
      maxSteps: 6,
      idleBoundRates: [8, 16, 32, 64],
      seconds: 10,
    } as Search,
    bare: { runs: 40, seconds: 4, quietWaitS: 60 },
  },
  ci: {
    drivers: 10,
    connections: [2],
    seconds: 6,
    writers: 2,
    uploadRows: 500,
    // Two short steps: the search runs in CI (a broken search shows), its figures are a bracket only.
    search: {
      lowRps: 50,
      highRps: 800,
      tolerance: 0.1,
      maxSteps: 2,
      idleBoundRates: [],
      seconds: 4,
    } as Search,
    bare: { runs: 20, seconds: 1, quietWaitS: 15 },
  },
};
const sizeName =
  process.env.BENCH_LOAD_SIZE === 'ci' || (!process.env.BENCH_LOAD_SIZE && process.env.CI === 'true')
    ? 'ci'
    : 'full';
const SIZE = SIZES[sizeName];
const COMPANIES = 2;
/**
 * Connections per read route of the search. autocannon's rate limit sends each connection's share of a second
 * back to back from the start of the second, so a route's requests arrive `connections` at a time: with 8, the
 * 8 fleet compliance requests of a second (half of them over a 5,000-vehicle fleet) landed together and their
 * p99 was over 500 ms at any rate, even 64 reads/s. 4 keep the bursts smaller and still carry 100 requests/s
 * per route at 40 ms each (search.ts: a step must reach 90 % of its rate).
 */
const SEARCH_CONNECTIONS = 4;
/** How long the fleet upload may still take once the last stage is over. */
const UPLOAD_GRACE_MS = 60_000;

/** The fixed stages (closed loop), the fleet upload started with the first; answers the upload's figures. */
async function fixedStages(
  world: LoadWorld,
  routes: ReturnType<typeof readRoutes>,
  writes: ReturnType<typeof writeState>,
  raw: Record<string, StageRun>,
): Promise<UploadFigures | null> {
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
    console.log(
      `\n▶ stage ${stage}: ${connections} connections per read route (${routes.length} routes, ` +
        `${connections * routes.length} in all, half on A, half on B) + ${SIZE.writers} writers, ${SIZE.seconds} s`,
    );
    raw[stage] = await loadStage(world, routes, writes, {
      stage,
      connections,
      seconds: SIZE.seconds,
      writers: SIZE.writers,
    });
  }
  uploadDeadline = performance.now() + UPLOAD_GRACE_MS;
  return uploading;
}

/** Answers the exit code: 1 when the scenario is broken or a write was lost. */
async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    console.log(
      `bench:load — size ${sizeName} (${SIZE.drivers} drivers, stages ${SIZE.connections.join('/')} connections ` +
        `per route × ${SIZE.seconds} s, ${SIZE.writers} writers, fleet upload of ${SIZE.uploadRows} rows, ` +
        `then at most ${SIZE.search.maxSteps} search steps of ${SIZE.search.seconds} s), Node ${process.version}`,
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
    const raw: Record<string, StageRun> = { idle };
    const fleetUpload = await fixedStages(world, routes, writes, raw);
    const search = await searchSustainedRate(
      world,
      routes,
      writes,
      { ...SIZE.search, connections: SEARCH_CONNECTIONS, writers: SIZE.writers },
      idleP99s,
    );

    console.log(`\n▶ accounting for ${writes.log.length} writes in the database`);
    const lost = await lostWrites(writes);
    const lostTotal = [...lost.values()].reduce((a, b) => a + b, 0);
    const stages: Record<string, StageFigures> = {};
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
    const steps: SearchStep[] = withLostWrites(search.steps, lost);
    const loadStages = Object.keys(stages).filter((s) => s !== 'idle');
    const best = loadStages.filter((s) => stages[s]?.meets_targets).at(-1) ?? null;
    const highest = loadStages.at(-1) as string;
    const bareSql: BareSqlFigures = await timeBareSql(
      world,
      routes,
      { idle: stages.idle as StageFigures, loaded: stages[highest] as StageFigures, loadedName: highest },
      SIZE.bare,
    );
    const sustained = sustainedRps(steps);
    const withinIdle = withinIdleRps(steps);

    printSummary(stages);
    printSearch(steps);
    printBareSql(bareSql);
    console.log(
      `fleet upload: ${fleetUpload?.outcome ?? 'not started'}` +
        (fleetUpload?.seconds != null ? ` in ${fleetUpload.seconds} s` : ''),
    );
    console.log(
      `highest fixed stage meeting every target (3× idle included): ${best ?? 'none'}` +
        (best ? ` (${stages[best]?.rps} req/s)` : ''),
    );
    console.log(
      `sustained_rps (highest passing search step, reads and writes): ${sustained ?? 'none passed'}` +
        (writes.exhausted ? ' — the writers ran out of seats' : ''),
    );
    console.log(`highest rate with every p99 within 3× its idle p99: ${withinIdle ?? 'none'} req/s`);
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
        writes_exhausted: writes.exhausted,
        bookings_ok: writes.log.filter((e) => e.booked).length,
        payments_confirmed: writes.log.filter((e) => e.confirmed).length,
        lost_writes: lostTotal,
        fleet_upload: fleetUpload,
        stages,
        highest_stage_meeting_targets: best,
        search: { ...SIZE.search, connections_per_route: SEARCH_CONNECTIONS, steps },
        sustained_rps: sustained,
        within_3x_idle_rps: withinIdle,
        bare_sql: bareSql,
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
