/**
 * npm run bench:web — the web budgets of ARCHITECTURE.md, measured (never asserted):
 * - initial JavaScript of the sign-in route (/auth/login), /app/home, a wizard step (/app/servicios/rtm), the
 *   fleet list (/flota, a company) and the operator console's sign-in (/operador), and the home on a driver's first
 *   visit after sign-in (no selected vehicle stored yet), gzipped: every .js the page
 *   requests until its content is shown and the network is idle (entry, preloads, the route's lazy chunks,
 *   including sections the route loads after 'load'), each gzipped at level 9 from apps/web/dist. The
 *   service-worker registration (pwa + workbox-window chunks, fetched after 'load') is listed apart.
 * - lab LCP of every page (budgets on sign-in and home) in Chromium with Slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) and 4× CPU
 *   throttling through the DevTools protocol, cold cache, service workers blocked; median of 5.
 * Run after `npm run build` (the npm script does it). Budgets: ≤ 130 KB each (with react-dom); LCP sign-in ≤ 1.3 s, home ≤ 1.5 s.
 * Writes bench-results/web.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { benchUsers, type BenchUsers } from './bench-users.ts';
import { INTERACTIONS, measureInteraction } from './web-interactions.ts';
import { startApp, webDist, type RunningApp } from '../support/app-server.ts';
import { chromePath, launchBrowser, newBenchContext } from '../support/browser.ts';
import { median, writeBenchResult, type BenchTarget } from '../../apps/api/bench/bench-results.ts';

const RUNS = 5;

/**
 * WEB_BENCH_DIST=<folder> measures another build of the web app (run `npx tsx e2e/bench/web.bench.ts`, which does
 * not build): two builds compared in turns on the same host, as bench:lighthouse's LIGHTHOUSE_WEB_DIST.
 */
const DIST = process.env.WEB_BENCH_DIST ? path.resolve(process.env.WEB_BENCH_DIST) : webDist;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1_000) / 8,
};

interface Target {
  name: string;
  path: string;
  /** Visible once the route has rendered its content. */
  ready: (page: Page) => Promise<unknown>;
  /** Who is signed in (token, userInfo and the selected vehicle in localStorage before load), if anyone. */
  as: 'nobody' | keyof BenchUsers;
  /** Key in bench-results/web.json, and the LCP budget in ms (ARCHITECTURE.md), when it has one. */
  key: string;
  lcpBudgetMs?: number;
}

/** Interaction to next paint of the main interactions at 4× CPU (issue 40). */
const INP_TARGET_MS = 200;

/** Initial JavaScript budget of every entry route, gzipped. */
const JS_BUDGET_KB = 130;

const TARGETS: Target[] = [
  {
    name: 'sign-in (/auth/login)',
    key: 'sign-in',
    lcpBudgetMs: 1300,
    path: '/auth/login',
    as: 'nobody',
    ready: (page) => page.getByRole('button', { name: 'Iniciar sesión' }).waitFor({ timeout: 60_000 }),
  },
  {
    name: 'home (/app/home)',
    key: 'home',
    lcpBudgetMs: 1500,
    path: '/app/home',
    as: 'client',
    ready: (page) => page.getByRole('button', { name: /Vehículo seleccionado/ }).waitFor({ timeout: 60_000 }),
  },
  {
    // The same driver right after sign-in: its selected vehicle is not stored yet (issue 41).
    name: 'home, first visit after sign-in (/app/home)',
    key: 'home-first',
    lcpBudgetMs: 1500,
    path: '/app/home',
    as: 'clientFirstVisit',
    ready: (page) => page.getByRole('button', { name: /Vehículo seleccionado/ }).waitFor({ timeout: 60_000 }),
  },
  {
    name: 'wizard step (/app/servicios/rtm)',
    key: 'wizard',
    path: '/app/servicios/rtm',
    as: 'client',
    ready: (page) =>
      page.getByRole('heading', { name: 'Agenda tu revisión técnico-mecánica' }).waitFor({ timeout: 60_000 }),
  },
  {
    name: 'fleet list (/flota, company)',
    key: 'fleet',
    path: '/flota',
    as: 'company',
    ready: (page) => page.getByRole('heading', { name: 'Tu flota' }).waitFor({ timeout: 60_000 }),
  },
  {
    name: 'operator console sign-in (/operador)',
    key: 'console',
    path: '/operador',
    as: 'nobody',
    ready: (page) => page.getByRole('button', { name: 'Ingresar' }).waitFor({ timeout: 60_000 }),
  },
];

const gz = new Map<string, number>();
function gzippedSize(urlPath: string): number {
  const cached = gz.get(urlPath);
  if (cached !== undefined) return cached;
  const size = gzipSync(readFileSync(path.join(DIST, urlPath)), { level: 9 }).length;
  gz.set(urlPath, size);
  return size;
}

interface Run {
  lcp: number;
  /** The element painted last as the largest: tag.class and its text or image. */
  lcpElement: string;
  scripts: string[];
  late: string[];
}

async function measure(browser: Browser, server: RunningApp, target: Target, users: BenchUsers) {
  const context = await newBenchContext(browser);
  const page = await context.newPage();
  await page.addInitScript(
    ({ storage }) => {
      if (!localStorage.getItem('token')) {
        for (const [key, value] of Object.entries(storage.local)) localStorage.setItem(key, value);
      }
      for (const [key, value] of Object.entries(storage.session ?? {})) sessionStorage.setItem(key, value);
      const w = window as unknown as { __lcp: number; __lcpElement: string };
      w.__lcp = 0;
      w.__lcpElement = '';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element; url?: string })[]) {
          w.__lcp = entry.startTime;
          const el = entry.element;
          w.__lcpElement = el
            ? `${el.tagName.toLowerCase()}${el.getAttribute('class') ? `.${(el.getAttribute('class') ?? '').split(' ')[0]}` : ''}${entry.url ? ` ${new URL(entry.url).pathname}` : ` "${(el.textContent ?? '').trim().slice(0, 30)}"`}`
            : '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    },
    { storage: target.as === 'nobody' ? { local: {} } : users[target.as] },
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${server.url}${target.path}`, { waitUntil: 'load', timeout: 120_000 });
  await target.ready(page);
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  const { lcp, lcpElement } = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __lcpElement: string };
    return { lcp: w.__lcp, lcpElement: w.__lcpElement };
  });
  // Every .js the page fetched, and whether it started after the load event (the worker registration).
  const scripts = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return performance
      .getEntriesByType('resource')
      .map((r) => {
        const url = new URL(r.name).pathname;
        // The worker registration (app/pwa.ts + workbox-window) is fetched after 'load' and draws nothing.
        return {
          url,
          afterLoad: r.startTime >= nav.loadEventStart && /\/(pwa|workbox-window)[.-]/.test(url),
        };
      })
      .filter((r) => r.url.endsWith('.js'));
  });
  await context.close();
  return {
    lcp,
    lcpElement,
    scripts: [...new Set(scripts.filter((s) => !s.afterLoad).map((s) => s.url))],
    late: [...new Set(scripts.filter((s) => s.afterLoad).map((s) => s.url))],
  } satisfies Run;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!chromePath) throw new Error('Chromium not found (CHROME_PATH or /usr/bin/chromium)');
  const server = await startApp({ webDistDir: DIST });
  const browser = await launchBrowser({ checkScreens: false });
  try {
    const { users } = await benchUsers(server);
    console.log(`web bench — ${RUNS} cold loads per page, Slow 4G (150 ms, 1.6 Mbps) + 4× CPU\n`);
    const figures: Record<string, unknown> = { runs: RUNS };
    const targets: Record<string, BenchTarget> = {};
    for (const target of TARGETS) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server, target, users));
      const scripts = [...new Set(runs.flatMap((r) => r.scripts))].sort();
      const late = [...new Set(runs.flatMap((r) => r.late))].filter((s) => !scripts.includes(s)).sort();
      const total = scripts.reduce((sum, s) => sum + gzippedSize(s), 0);
      const lcps = runs.map((r) => r.lcp);
      console.log(`${target.name}`);
      console.log(`  initial JS (gzip): ${kb(total)} in ${scripts.length} files (budget ${JS_BUDGET_KB} KB)`);
      for (const s of scripts) console.log(`    ${s.padEnd(44)} ${kb(gzippedSize(s))}`);
      if (late.length) {
        console.log(
          `  after load (not initial): ${late.map((s) => `${s} ${kb(gzippedSize(s))}`).join(', ')}`,
        );
      }
      console.log(
        `  LCP median: ${(median(lcps) / 1000).toFixed(2)} s (runs: ${lcps.map((v) => (v / 1000).toFixed(2)).join(', ')}) (budget ${target.lcpBudgetMs ? `${target.lcpBudgetMs / 1000} s` : 'none'})`,
      );
      console.log(`  LCP element: ${[...new Set(runs.map((r) => r.lcpElement))].join(' | ')}\n`);
      figures[target.key] = {
        initial_js_kb: Number((total / 1024).toFixed(1)),
        lcp_ms: Math.round(median(lcps)),
        lcp_runs_ms: lcps.map(Math.round),
        lcp_element: runs.map((r) => r.lcpElement),
      };
      targets[`${target.key} initial JS ≤ ${JS_BUDGET_KB} KB`] = {
        figure: `${target.key}.initial_js_kb`,
        op: '<=',
        value: JS_BUDGET_KB,
      };
      if (target.lcpBudgetMs) {
        targets[`${target.key} LCP ≤ ${target.lcpBudgetMs} ms`] = {
          figure: `${target.key}.lcp_ms`,
          op: '<=',
          value: target.lcpBudgetMs,
        };
      }
    }
    // Interaction to next paint of the main interactions, 4× CPU (issue 40): median of RUNS, target ≤ 200 ms.
    for (const interaction of INTERACTIONS) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await measureInteraction(browser, server.url, interaction, users));
      console.log(
        `INP ${interaction.name}: median ${Math.round(median(runs))} ms (runs: ${runs.map(Math.round).join(', ')}) (target ${INP_TARGET_MS} ms)`,
      );
      figures[`inp_${interaction.key}`] = {
        inp_ms: Math.round(median(runs)),
        inp_runs_ms: runs.map(Math.round),
      };
      targets[`${interaction.key} INP ≤ ${INP_TARGET_MS} ms`] = {
        figure: `inp_${interaction.key}.inp_ms`,
        op: '<=',
        value: INP_TARGET_MS,
      };
    }
    if (!writeBenchResult('web', figures, targets).pass) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
