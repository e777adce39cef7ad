import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { checkEveryScreen } from './every-screen.ts';

/** CHROME_PATH, else Debian's /usr/bin/chromium; null when neither exists (browser tests are then skipped). */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return (candidates.find((p) => existsSync(p as string)) as string | undefined) ?? null;
}

export const chromePath = findChromium();
if (!chromePath) {
  console.warn(
    '\n[e2e] Chromium not found (set CHROME_PATH or `apt-get install -y chromium`): browser tests are SKIPPED.\n',
  );
}

export const artifactsDir = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * Chromium for a journey. Unless `checkScreens` is false (benchmarks, which measure time), axe-core checks every
 * screen its pages show (every-screen.ts).
 */
export async function launchBrowser(opts: { checkScreens?: boolean } = {}): Promise<Browser> {
  if (!chromePath) throw new Error('Chromium not found');
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  if (opts.checkScreens !== false) checkEveryScreen(browser);
  return browser;
}

/**
 * A phone-sized page (390 × 844, touch, es-CO). With `now`, the page's clock starts at that instant and runs at
 * real speed (Playwright's clock; pair it with startApp's `now`).
 */
export async function newMobilePage(
  browser: Browser,
  opts: { userAgent?: string; now?: Date } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: !opts.userAgent,
    hasTouch: true,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
  });
  if (opts.now) await context.clock.install({ time: opts.now });
  return context.newPage();
}

/**
 * The web benchmarks' phone (bench:web's loads and interactions): 390 px, touch, es-CO, service workers blocked so
 * that every load is a cold one.
 */
export function newBenchContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
    serviceWorkers: 'block',
  });
}

/**
 * An init script for pages that run functions compiled by tsx: it names inner functions with an `__name` helper the
 * page does not have (add it before any `addInitScript`/`evaluate` whose function defines functions).
 */
export const TSX_NAME_SHIM = 'window.__name = (f) => f;';

/** A desktop Chrome user agent (companies use a PC: SPPF §1, AHGA §4). */
export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/**
 * A PC-sized page (1440 × 900, mouse, desktop user agent, es-CO); downloads allowed. With `now`, the page's clock
 * starts at that instant and runs at real speed (as newMobilePage's; pair it with startApp's `now`).
 */
export async function newDesktopPage(browser: Browser, opts: { now?: Date } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    userAgent: DESKTOP_USER_AGENT,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    acceptDownloads: true,
  });
  if (opts.now) await context.clock.install({ time: opts.now });
  return context.newPage();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** The URLs a page asks for from now on, in order: what an entry page requests, and what it requests first. */
export function recordRequests(page: Page): URL[] {
  const requested: URL[] = [];
  page.on('request', (request) => requested.push(new URL(request.url())));
  return requested;
}

/** Where the app's entry script (/assets/index-….js) is among recorded requests (-1 when it was not asked for). */
export const entryScriptIndex = (requested: readonly URL[]) =>
  requested.findIndex((url) => /^\/assets\/index-.*\.js$/.test(url.pathname));
