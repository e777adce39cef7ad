/**
 * npm run bench:lighthouse — Lighthouse 12.2.3 (mobile, default simulated throttling) in Debian's Chromium on the
 * entry routes: sign-in, home (signed in; and on the first visit after sign-in), a wizard step (/app/servicios/rtm) and the fleet list (/flota, a
 * company). Targets per page: performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95.
 * Each page is audited LIGHTHOUSE_RUNS times (default 5) and its median run by performance score is reported.
 * Each run uses its own Chromium (chrome-launcher: a fresh profile, so a cold cache); a signed-in page gets
 * the web app's localStorage (token, userInfo, selected vehicle) on the origin before Lighthouse loads it, and
 * Lighthouse is told not to reset storage. Builds the web app only when apps/web/dist is missing.
 * Writes bench-results/lighthouse.json: each page's median run (its figures) and each category's best run
 * (`<category>_best`, what the targets are checked on: Lighthouse CI's default "optimistic" aggregation, decision
 * 125). Exits 1 when a page's accessibility, best practices or SEO is below target in its best run and, with
 * LIGHTHOUSE_ENFORCE=1 (CI), when its performance is below target in its best run. Before each run it waits for
 * the host's cores to be quiet (quiet-host.ts).
 * The CPU slowdown (docs/decisions/055): before the audits the host is rated with Lighthouse's own benchmark
 * (host-index.ts). On a host at least as fast as the one Lighthouse's default 4× is calibrated for (benchmarkIndex
 * ≈ 1,533) the pages are measured at that default; on a slower one, at Lighthouse's calibrated multiplier for it
 * (docs/throttling.md), so that the simulated phone is never slower than Lighthouse's reference one. When the audits'
 * own ratings of a page (each run's `benchmarkIndex`) calibrate to a slowdown lower than that by more than 0.2, the
 * page is measured again, once, at theirs (decision 124): the host's speed moves from minute to minute.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { median, writeBenchResult, type BenchTarget } from '../../apps/api/bench/bench-results.ts';
import { webDist } from '../support/app-server.ts';
import { chromePath } from '../support/browser.ts';
import type { BenchUsers, Storage } from './bench-users.ts';
import { startServer } from './lighthouse-server-process.ts';
import {
  benchCpuMultiplier,
  calibratedCpuMultiplier,
  DEFAULT_CPU_MULTIPLIER,
  DEFAULT_MULTIPLIER_HOST_INDEX,
} from './cpu-calibration.ts';
import { hostBenchmarkIndex } from './host-index.ts';
import { mainThreadTime } from './main-thread.ts';
import { waitForQuietHost } from './quiet-host.ts';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Runs per page (LIGHTHOUSE_RUNS, default 5): the median run by performance score is reported. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) || 5);

/** LIGHTHOUSE_PAGES=home,wizard audits only those pages (while working on them; the JSON then holds only those). */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((key) => key.trim());

/**
 * LIGHTHOUSE_SAVE=<folder> keeps each run's report and trace there (`<page>-<n>.report.json`, `.trace.json`):
 * what the long tasks are made of, and which requests Lighthouse's simulation counted before the first paint.
 */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;
let saved = 0;
function saveRun(dir: string, url: string, lhr: unknown, trace: unknown) {
  mkdirSync(dir, { recursive: true });
  const name = `${new URL(url).pathname.replaceAll('/', '_').replace(/^_/, '')}-${++saved}`;
  writeFileSync(`${dir}/${name}.report.json`, JSON.stringify(lhr));
  writeFileSync(`${dir}/${name}.trace.json`, JSON.stringify(trace));
}

/**
 * LIGHTHOUSE_CPU_MULTIPLIER=<n> replaces the CPU slowdown the host's benchmark picks (for analysis only: what a
 * slower host would score). The figures it writes say so (`cpu_slowdown_multiplier`, `cpu_slowdown_from`).
 */
const CPU_MULTIPLIER_OVERRIDE = process.env.LIGHTHOUSE_CPU_MULTIPLIER
  ? Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER)
  : null;
if (CPU_MULTIPLIER_OVERRIDE !== null && !(CPU_MULTIPLIER_OVERRIDE > 0)) {
  throw new Error(
    `LIGHTHOUSE_CPU_MULTIPLIER must be a positive number, not '${process.env.LIGHTHOUSE_CPU_MULTIPLIER}'`,
  );
}

/**
 * LIGHTHOUSE_WEB_DIST=<folder> audits another build of the web app (for analysis: two builds compared in turns on
 * the same host, whose speed drifts from one run to the next).
 */
const WEB_DIST = process.env.LIGHTHOUSE_WEB_DIST;

/** LIGHTHOUSE_ENFORCE=1: performance below target in a page's best run fails the run (CI), on every host. */
const ENFORCE = process.env.LIGHTHOUSE_ENFORCE === '1';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const MINIMUM: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 95,
};

interface Page {
  key: string;
  path: string;
  as: 'nobody' | keyof BenchUsers;
}
const PAGES: Page[] = [
  { key: 'sign-in', path: '/auth/login', as: 'nobody' },
  { key: 'home', path: '/app/home', as: 'client' },
  // The first visit after sign-in: the same driver, its selected vehicle not yet stored (issue 41).
  { key: 'home-first', path: '/app/home', as: 'clientFirstVisit' },
  { key: 'wizard', path: '/app/servicios/rtm', as: 'client' },
  { key: 'fleet', path: '/flota', as: 'company' },
];

/** Writes the signed-in user's localStorage on the app's origin in this Chromium (its own profile). */
async function seedStorage(chrome: LaunchedChrome, origin: string, storage: Storage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    await page.close();
  } finally {
    // A CDP connection: this disconnects; chrome-launcher owns the process.
    await browser.close();
  }
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { items?: unknown[] };
}

async function audit(url: string, storage: Storage | null, cpuMultiplier: number) {
  const chrome = await launch({ chromePath: chromePath ?? undefined, chromeFlags: CHROME_FLAGS });
  try {
    const origin = new URL(url).origin;
    if (storage) await seedStorage(chrome, origin, storage);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: storage !== null,
      ...(cpuMultiplier === DEFAULT_CPU_MULTIPLIER
        ? {}
        : // Merged into Lighthouse's mobile defaults (its CLI's --throttling.cpuSlowdownMultiplier).
          { throttling: { cpuSlowdownMultiplier: cpuMultiplier } }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (SAVE_DIR) saveRun(SAVE_DIR, url, lhr, result.artifacts.Trace);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    // What kept a category below 100: the failing audits it weighs, with their values.
    const failing: string[] = [];
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id] as Audit | undefined;
        if (!a || a.score === null || a.score >= 0.9 || ref.weight === 0) continue;
        if (a.scoreDisplayMode !== 'binary' && a.scoreDisplayMode !== 'numeric') continue;
        // Outside performance, the items say what to fix (an element, a console error, a browser issue).
        const items = c === 'performance' ? '' : ` ${JSON.stringify(a.details?.items ?? []).slice(0, 300)}`;
        failing.push(`${c}: ${a.id} (${a.score})${a.displayValue ? ` ${a.displayValue}` : ''}${items}`);
      }
    }
    const metric = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? NaN));
    // The main thread's longest tasks, as Lighthouse simulates them (4× CPU): what the blocking time is made of.
    const longTaskDetails = lhr.audits['long-tasks']?.details as
      { items?: { url?: string; duration?: number }[] } | undefined;
    const longTasks = (longTaskDetails?.items ?? [])
      .slice(0, 4)
      .map((task) => `${Math.round(task.duration ?? 0)} ms ${String(task.url ?? '').replace(origin, '')}`);
    return {
      scores,
      metrics: {
        fcp_ms: metric('first-contentful-paint'),
        lcp_ms: metric('largest-contentful-paint'),
        tbt_ms: metric('total-blocking-time'),
        cls: Number(Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      },
      failing,
      longTasks,
      // The page's main thread, wall clock and CPU: how much of the tasks' length was waiting for a core (decision 050).
      mainThread: mainThreadTime(result.artifacts.Trace),
      finalUrl: lhr.finalDisplayedUrl,
      // The host's CPU as Lighthouse rates it (docs/throttling.md: the 4× slowdown assumes 1000–2000 or more).
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a page load's trace (NO_NAVSTART, NO_FCP on a busy machine): such a run
 * measured nothing, so it is run again, twice at most; any other failure stops the bench.
 */
async function auditWithRetry(url: string, storage: Storage | null, cpuMultiplier: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, storage, cpuMultiplier);
    } catch (error) {
      const transient = error instanceof Error && /\b(NO_NAVSTART|NO_FCP|NO_LCP)\b/.test(error.message);
      if (!transient || attempt === 3) throw error;
      console.log(`         (retrying ${url}: ${error.message.slice(0, 80)})`);
    }
  }
}

async function main() {
  if (!chromePath) throw new Error('Chromium not found (CHROME_PATH or /usr/bin/chromium)');
  if (!WEB_DIST && !existsSync(`${webDist}/index.html`)) execSync('npm run build', { stdio: 'inherit' });
  const server = await startServer(WEB_DIST);
  try {
    const { users } = server;
    // The host's rating before the audits picks the CPU slowdown (decision 055; cpu-calibration.ts).
    const host = await hostBenchmarkIndex();
    const cpuMultiplier = CPU_MULTIPLIER_OVERRIDE ?? benchCpuMultiplier(host.median);
    const from =
      CPU_MULTIPLIER_OVERRIDE !== null
        ? 'LIGHTHOUSE_CPU_MULTIPLIER'
        : cpuMultiplier === DEFAULT_CPU_MULTIPLIER
          ? 'default'
          : 'calibrated';
    const why = {
      default: `Lighthouse's default ${DEFAULT_CPU_MULTIPLIER}× (calibrated for a host of ≈ ${DEFAULT_MULTIPLIER_HOST_INDEX} or faster)`,
      calibrated: `slower than the host Lighthouse's default ${DEFAULT_CPU_MULTIPLIER}× is calibrated for (≈ ${DEFAULT_MULTIPLIER_HOST_INDEX}): Lighthouse's calibrated ${cpuMultiplier}×`,
      LIGHTHOUSE_CPU_MULTIPLIER: `${cpuMultiplier}× from LIGHTHOUSE_CPU_MULTIPLIER (analysis, not the bench's slowdown)`,
    }[from];
    console.log(
      `lighthouse bench — Lighthouse 12.2.3, mobile, simulated Slow 4G + ${cpuMultiplier}× CPU, median of ${RUNS} runs per page`,
    );
    console.log(`host benchmarkIndex ${host.median} (runs ${host.runs.join(', ')}): ${why}\n`);
    const figures: Record<string, unknown> = {
      cpu_slowdown_multiplier: cpuMultiplier,
      cpu_slowdown_from: from,
      host_benchmark_index: host.median,
      host_benchmark_index_runs: host.runs,
      performance_enforced: ENFORCE,
    };
    const targets: Record<string, BenchTarget> = {};
    /** Accessibility, best practices or SEO below target in every run of a page. */
    const broken: string[] = [];
    /** Performance below target on a page where it is enforced (LIGHTHOUSE_ENFORCE). */
    const slow: string[] = [];
    for (const page of PAGES.filter((p) => !ONLY || ONLY.includes(p.key))) {
      const url = `${server.url}${page.path}`;
      const measure = async (multiplier: number) => {
        const list: Awaited<ReturnType<typeof audit>>[] = [];
        for (let i = 0; i < RUNS; i++) {
          const quiet = await waitForQuietHost();
          if (!quiet.quiet) {
            console.log(
              `         (the host stayed busy, ${Math.round((quiet.busy ?? 0) * 100)} %: measured anyway)`,
            );
          }
          const one = await auditWithRetry(url, page.as === 'nobody' ? null : users[page.as], multiplier);
          if (new URL(one.finalUrl).pathname !== page.path) {
            throw new Error(`${page.path} was redirected to ${one.finalUrl}: the page was not measured`);
          }
          list.push(one);
        }
        return list;
      };
      let pageMultiplier = cpuMultiplier;
      let runs = await measure(pageMultiplier);
      // The host's speed moves from minute to minute on a shared machine. When the audits' own ratings (Lighthouse's
      // `benchmarkIndex`, the figure its calibration is defined on) say the host was slower during them than the
      // rating before them, the page is measured again, once, at the slowdown those ratings calibrate to
      // (decision 055: no host simulates a phone slower than Lighthouse's reference one).
      const during = benchCpuMultiplier(median(runs.map((r) => r.benchmarkIndex)));
      if (CPU_MULTIPLIER_OVERRIDE === null && during < pageMultiplier - 0.2) {
        console.log(
          `         (the host was slower during the audits than before them: ${page.key} measured again at ${during}×, not ${pageMultiplier}×)`,
        );
        pageMultiplier = during;
        runs = await measure(pageMultiplier);
      }
      // The run with the median performance score stands for the page (Lighthouse's own advice on variance).
      const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
      const run = sorted[Math.floor(RUNS / 2)] as (typeof runs)[number];
      const performanceRuns = runs.map((r) => r.scores.performance);
      const benchmarkIndexRuns = runs.map((r) => r.benchmarkIndex);
      console.log(
        `${page.key.padEnd(8)} ${page.path.padEnd(20)} ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(' · ')} (performance runs: ${performanceRuns.join(', ')})`,
      );
      console.log(
        `         benchmarkIndex ${benchmarkIndexRuns.join(', ')} · FCP ${run.metrics.fcp_ms} ms · LCP ${run.metrics.lcp_ms} ms · TBT ${run.metrics.tbt_ms} ms · CLS ${run.metrics.cls}`,
      );
      for (const f of run.failing) console.log(`         ✗ ${f}`);
      if (run.longTasks.length > 0) console.log(`         long tasks: ${run.longTasks.join(' · ')}`);
      if (run.mainThread) {
        const { wall_ms: wall, cpu_ms: cpu } = run.mainThread;
        console.log(
          `         main thread (observed, before the 4×): tasks ${wall} ms of wall clock for ${cpu} ms of CPU (${(wall / Math.max(1, cpu)).toFixed(1)}×: the rest is waiting for a core)`,
        );
      }
      // A regression in accessibility, best practices or SEO shows in every run; one console error in one run
      // (a busy machine) does not: the best run of each stands for the page where CI holds the line.
      const best = Object.fromEntries(
        CATEGORIES.map((c) => [`${c}_best`, Math.max(...runs.map((r) => r.scores[c]))]),
      ) as Record<`${Category}_best`, number>;
      for (const c of CATEGORIES) {
        if (c !== 'performance' && best[`${c}_best`] < MINIMUM[c]) {
          broken.push(`${page.key} ${c} ${best[`${c}_best`]} in its best run (≥ ${MINIMUM[c]})`);
        }
      }
      const hostIndex = median(benchmarkIndexRuns);
      // What Lighthouse's own calibration would slow this host by to stand for its reference phone, from the
      // audits' own ratings (4× is right at benchmarkIndex ≈ 1,533): reported beside the score.
      const calibrated = calibratedCpuMultiplier(hostIndex);
      console.log(
        `         Lighthouse's calibration for the audits' median benchmarkIndex ${hostIndex}: ${calibrated === null ? 'none (too slow)' : `${calibrated.toFixed(1)}×`}; measured at ${pageMultiplier}×`,
      );
      // Performance is held on the best run too (Lighthouse CI's default aggregation, decision 125): a regression
      // shows in every run, a host that slowed down during some of them does not.
      if (ENFORCE && best.performance_best < MINIMUM.performance) {
        slow.push(
          `${page.key} performance ${best.performance_best} in its best run, ${run.scores.performance} in its median run (≥ ${MINIMUM.performance})`,
        );
      }
      figures[page.key] = {
        path: page.path,
        cpu_slowdown_multiplier: pageMultiplier,
        ...run.scores,
        ...best,
        performance_runs: performanceRuns,
        benchmark_index_runs: benchmarkIndexRuns,
        calibrated_cpu_multiplier: calibrated === null ? null : Math.round(calibrated * 10) / 10,
        ...run.metrics,
        failing: run.failing,
        long_tasks: run.longTasks,
        main_thread_wall_ms: run.mainThread?.wall_ms ?? null,
        main_thread_cpu_ms: run.mainThread?.cpu_ms ?? null,
      };
      for (const c of CATEGORIES) {
        targets[`${page.key} ${c} (best run) ≥ ${MINIMUM[c]}`] = {
          figure: `${page.key}.${c}_best`,
          op: '>=',
          value: MINIMUM[c],
        };
      }
    }
    const result = writeBenchResult('lighthouse', figures, targets);
    console.log(`\n${result.pass ? 'PASS' : 'FAIL'}: bench-results/lighthouse.json`);
    for (const b of [...broken, ...slow]) console.log(`✗ ${b}`);
    if (broken.length > 0 || slow.length > 0) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

await main();
