/**
 * Interaction to next paint of the main interactions (issue 40), for bench:web: a driver opens an alert from the
 * alerts list, picks a date in the RTM wizard (walked to its date step first, not measured), a fleet manager opens
 * a vehicle from the fleet list. Each in a fresh 390 px page with Chromium's 4×
 * CPU slowdown (no network throttling: INP is the page's own work), the `event` timing entries of the interaction
 * observed (duration: input delay + processing + presentation, what INP is made of), the largest one kept. A
 * measurement: bench:web prints the median of its runs beside the 200 ms target.
 */
import type { Browser, Page } from 'playwright-core';
import { newBenchContext, TSX_NAME_SHIM } from '../support/browser.ts';
import type { BenchUsers } from './bench-users.ts';

export interface Interaction {
  key: string;
  name: string;
  path: string;
  as: keyof BenchUsers;
  /** The screen is ready for the interaction. */
  ready: (page: Page) => Promise<unknown>;
  /** Performs the interaction and waits for what it shows. */
  act: (page: Page) => Promise<unknown>;
}

export const INTERACTIONS: Interaction[] = [
  {
    key: 'open-alert',
    name: 'open an alert (SOAT, from /app/alerts)',
    path: '/app/alerts',
    as: 'client',
    ready: (page) => page.getByRole('link', { name: /^SOAT/ }).waitFor({ timeout: 60_000 }),
    act: async (page) => {
      await page.getByRole('link', { name: /^SOAT/ }).click();
      await page.getByRole('region', { name: 'Vigencia de tu SOAT' }).waitFor({ timeout: 60_000 });
    },
  },
  {
    key: 'pick-wizard-date',
    name: 'pick a date in the RTM wizard (/app/servicios/rtm, date step)',
    path: '/app/servicios/rtm',
    as: 'client',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Agendar RTM' }).click({ timeout: 60_000 });
      const city = page.getByLabel('Ciudad');
      await city.locator('option[value="11001"]').waitFor({ state: 'attached', timeout: 60_000 });
      await city.selectOption('11001');
      await page.locator('.branch-card').first().click({ timeout: 60_000 });
      await page.getByRole('heading', { name: 'Detalle de la sede' }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.locator('.date-strip__day:not(:disabled)').first().waitFor({ timeout: 60_000 });
    },
    act: async (page) => {
      await page.locator('.date-strip__day:not(:disabled)').first().click();
      await page.getByRole('heading', { name: 'Selecciona la hora' }).waitFor({ timeout: 60_000 });
    },
  },
  {
    key: 'open-fleet-vehicle',
    name: 'open a fleet vehicle (from /flota)',
    path: '/flota',
    as: 'company',
    ready: (page) =>
      page
        .getByRole('link', { name: /^Ver detalle de / })
        .first()
        .waitFor({ timeout: 60_000 }),
    act: async (page) => {
      await page
        .getByRole('link', { name: /^Ver detalle de / })
        .first()
        .click();
      await page.waitForURL('**/flota/vehicle?id=*', { timeout: 60_000 });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    },
  },
];

/** One run: the interaction's largest event duration in ms (0 when no entry was long enough to be reported). */
export async function measureInteraction(
  browser: Browser,
  baseUrl: string,
  interaction: Interaction,
  users: BenchUsers,
): Promise<number> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(TSX_NAME_SHIM);
    await page.addInitScript((storage) => {
      for (const [key, value] of Object.entries(storage.local)) localStorage.setItem(key, value);
      const w = window as unknown as { __inp: number; __takeInp: () => void };
      w.__inp = 0;
      const keep = (entries: PerformanceEntryList) => {
        for (const e of entries as (PerformanceEntry & { interactionId?: number })[]) {
          if ((e.interactionId ?? 0) > 0) w.__inp = Math.max(w.__inp, e.duration);
        }
      };
      const observer = new PerformanceObserver((list) => keep(list.getEntries()));
      observer.observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      w.__takeInp = () => keep(observer.takeRecords());
    }, users[interaction.as]);
    const cdp = await context.newCDPSession(page);
    await page.goto(`${baseUrl}${interaction.path}`, { waitUntil: 'load', timeout: 120_000 });
    await interaction.ready(page);
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await interaction.act(page);
    // The next frame has been presented once two animation frames have run: the entry's duration is final.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    return await page.evaluate(() => {
      const w = window as unknown as { __inp: number; __takeInp: () => void };
      w.__takeInp();
      return w.__inp;
    });
  } finally {
    await context.close();
  }
}
