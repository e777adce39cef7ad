/**
 * One Lighthouse audit of one page (bench:lighthouse): a fresh Chromium (chrome-launcher: its own profile, so a cold
 * cache), the signed-in user's storage written on the app's origin in the tab Lighthouse then loads the page in
 * (localStorage for the drivers' app and the fleet, sessionStorage for the console, which keeps its staff token per
 * tab), and Lighthouse told not to reset storage. Answers the scores, the metrics and what kept a category below 100.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { chromePath } from '../support/browser.ts';
import type { Storage } from './bench-users.ts';
import { DEFAULT_CPU_MULTIPLIER } from './cpu-calibration.ts';
import { mainThreadTime } from './main-thread.ts';

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

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

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

/** Writes the user's storage on the app's origin in `page`, the tab Lighthouse will load the audited page in. */
async function seedStorage(page: Page, origin: string, storage: Storage) {
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate((s: Storage) => {
    for (const [key, value] of Object.entries(s.local)) localStorage.setItem(key, value);
    for (const [key, value] of Object.entries(s.session ?? {})) sessionStorage.setItem(key, value);
  }, storage);
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { items?: unknown[] };
}

export type AuditRun = Awaited<ReturnType<typeof audit>>;

async function audit(url: string, storage: Storage | null, cpuMultiplier: number) {
  const chrome = await launch({ chromePath: chromePath ?? undefined, chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  try {
    const origin = new URL(url).origin;
    const page = await browser.newPage();
    if (storage) await seedStorage(page, origin, storage);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        disableStorageReset: storage !== null,
        ...(cpuMultiplier === DEFAULT_CPU_MULTIPLIER
          ? {}
          : // Merged into Lighthouse's mobile defaults (its CLI's --throttling.cpuSlowdownMultiplier).
            { throttling: { cpuSlowdownMultiplier: cpuMultiplier } }),
      },
      undefined,
      page,
    );
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
    // Disconnects puppeteer; chrome-launcher owns the process.
    await browser.disconnect();
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a page load's trace (NO_NAVSTART, NO_FCP on a busy machine): such a run
 * measured nothing, so it is run again, twice at most; any other failure stops the bench.
 */
export async function auditWithRetry(url: string, storage: Storage | null, cpuMultiplier: number) {
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
