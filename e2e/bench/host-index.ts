/**
 * The host's CPU as Lighthouse rates it, before any audit (docs/decisions/055): Lighthouse's own benchmark
 * (`computeBenchmarkIndex`, the page function each Lighthouse run evaluates to report `benchmarkIndex`) run in the
 * same Chromium, a few times, median. bench:lighthouse picks its CPU slowdown from it (cpu-calibration.ts).
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { median } from '../../apps/api/bench/bench-results.ts';
import { launchBrowser } from '../support/browser.ts';

export async function hostBenchmarkIndex(runs = 3): Promise<{ median: number; runs: number[] }> {
  const browser = await launchBrowser({ checkScreens: false });
  try {
    const page = await browser.newPage();
    const indexes: number[] = [];
    for (let i = 0; i < runs; i++) {
      indexes.push(Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex)));
    }
    return { median: median(indexes), runs: indexes };
  } finally {
    await browser.close();
  }
}
