/**
 * Where a page's main-thread time goes while it loads, by package or app module (docs/decisions/051).
 *
 *   npx tsx e2e/tools/cpu-profile.ts [path=/auth/login] [runs=5] [dist folder…]
 *
 * Loads the page in Debian's Chromium at 390 px with Chromium's own 4× CPU slowdown and V8's sampling profiler
 * (100 µs), until the network is idle, and sums the samples' self time through the build's source maps. With two
 * or more built web apps (`npm run build`, then a copy of apps/web/dist), the runs alternate between them, so a
 * host whose speed drifts affects each build alike. CPU_PROFILE_AS=client, clientFirstVisit or company loads the page signed
 * in as bench:lighthouse's users (the home and the wizard as a client, the home's first visit after sign-in as a
 * client without a stored vehicle, the fleet list as a company). A diagnostic, not a
 * benchmark: it writes nothing to bench-results. With CPU_PROFILE_FUNCTIONS=1 the rows are functions (name,
 * source and line) instead of packages and modules; with CPU_PROFILE_LONGEST=1 only the longest stretch of work
 * without an idle sample counts (the load's longest task, which total blocking time is mostly made of).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { benchUsers, type BenchUsers, type Storage } from '../bench/bench-users.ts';
import { startApp, webDist, type RunningApp } from '../support/app-server.ts';
import { launchBrowser } from '../support/browser.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [pagePath = '/auth/login', runsArg = '5', ...distArgs] = process.argv.slice(2);
const runs = Number(runsArg);
const dists = distArgs.length > 0 ? distArgs.map((d) => path.resolve(d)) : [webDist];
const IDLE_FRAMES = new Set(['(idle)', '(program)', '(root)']);
const BY_FUNCTION = process.env.CPU_PROFILE_FUNCTIONS === '1';
const LONGEST = process.env.CPU_PROFILE_LONGEST === '1';
const AS = process.env.CPU_PROFILE_AS as keyof BenchUsers | undefined;
if (AS !== undefined && AS !== 'client' && AS !== 'clientFirstVisit' && AS !== 'company')
  throw new Error('CPU_PROFILE_AS: client, clientFirstVisit or company');

/** "zod", "react-dom", "src:lib/api-client.ts", "(inline)", "(garbage collector)"… for one sample's frame. */
function sourceOf(dist: string, frame: ProfileNode['callFrame'], maps: Map<string, TraceMap | null>): string {
  const asset = /\/assets\/([^/?]+\.js)$/.exec(frame.url)?.[1];
  if (!asset) {
    if (!frame.url) return frame.functionName;
    return BY_FUNCTION
      ? `${frame.functionName || '(anonymous)'} (inline script):${frame.lineNumber + 1}:${frame.columnNumber}`
      : '(inline script)';
  }
  const file = path.join(dist, 'assets', `${asset}.map`);
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  const map = maps.get(file);
  const position = map
    ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
    : null;
  const source = position?.source;
  if (!source) return asset;
  if (BY_FUNCTION) {
    const module = source.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src:');
    return `${position.name ?? (frame.functionName || '(anonymous)')} ${module}:${position.line}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  return pkg ?? `src:${source.replace(/^.*\/src\//, '')}`;
}

/** The samples [from, to) of the longest stretch without an idle sample: the page's longest task, roughly. */
function longestBusyRun(profile: Profile): [number, number] {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let best: [number, number, number] = [0, 0, 0];
  let start = 0;
  let ms = 0;
  profile.samples.forEach((id, i) => {
    if (idle.has(id)) {
      start = i + 1;
      ms = 0;
      return;
    }
    ms += (profile.timeDeltas[i] ?? 0) / 1000;
    if (ms > best[2]) best = [start, i + 1, ms];
  });
  return [best[0], best[1]];
}

async function profileOnce(
  app: RunningApp,
  storage: Storage | null,
  dist: string,
  maps: Map<string, TraceMap | null>,
) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (storage) {
      await page.goto(`${app.url}/robots.txt`);
      await page.evaluate((s) => {
        for (const [key, value] of Object.entries(s.local)) localStorage.setItem(key, value);
        for (const [key, value] of Object.entries(s.session ?? {})) sessionStorage.setItem(key, value);
      }, storage);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(app.url + pagePath, { waitUntil: 'networkidle' });
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const selfMs = new Map<number, number>();
    const [from, to] = LONGEST ? longestBusyRun(profile) : [0, profile.samples.length];
    profile.samples
      .slice(from, to)
      .forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[from + i] ?? 0) / 1000));
    const bySource = new Map<string, number>();
    for (const node of profile.nodes) {
      const ms = selfMs.get(node.id) ?? 0;
      if (ms === 0 || IDLE_FRAMES.has(node.callFrame.functionName)) continue;
      const source = sourceOf(dist, node.callFrame, maps);
      bySource.set(source, (bySource.get(source) ?? 0) + ms);
    }
    return bySource;
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const apps = await Promise.all(dists.map((dist) => startApp({ webDistDir: dist })));
const storages = await Promise.all(apps.map(async (app) => (AS ? (await benchUsers(app)).users[AS] : null)));
try {
  const results = dists.map(() => [] as Map<string, number>[]);
  const maps = new Map<string, TraceMap | null>();
  for (let run = 0; run < runs; run++) {
    for (const [i, dist] of dists.entries()) {
      const app = apps[i];
      if (app) results[i]?.push(await profileOnce(app, storages[i] ?? null, dist, maps));
    }
  }
  for (const [i, dist] of dists.entries()) {
    const perRun = results[i] ?? [];
    const totals = perRun.map((m) => [...m.values()].reduce((a, b) => a + b, 0));
    console.log(`\n${dist} · ${pagePath} · ${runs} runs at 4×`);
    console.log(
      `  main-thread self time, median ${median(totals).toFixed(0)} ms (runs ${totals.map((t) => t.toFixed(0)).join(', ')})`,
    );
    const sources = new Set(perRun.flatMap((m) => [...m.keys()]));
    // Functions appear in some runs' samples and not others: their rows are means, the packages' medians.
    const summary = (values: number[]) =>
      BY_FUNCTION ? values.reduce((a, b) => a + b, 0) / values.length : median(values);
    const rows = [...sources].map((s) => [s, summary(perRun.map((m) => m.get(s) ?? 0))] as const);
    for (const [source, ms] of rows.sort((a, b) => b[1] - a[1]).slice(0, BY_FUNCTION ? 40 : 15)) {
      console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${source}`);
    }
  }
} finally {
  await Promise.all(apps.map((app) => app.close()));
}
