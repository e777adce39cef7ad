import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations } from './axe.ts';

/**
 * axe-core on every screen a journey visits (issue 36, decision 078): once launchBrowser has called
 * checkEveryScreen, each page of that browser is checked before the test acts on a screen (a locator's click,
 * fill, check, press…), before it leaves it (goto, reload, back), before a screenshot and before its context
 * closes. A "screen" is the path and query plus the visible h1/h2 texts and open dialogs, so a wizard's steps and
 * a dialog count as screens of their own; each one is checked once. Any violation fails the action that
 * would have used the screen, with the rules and the selectors.
 */
const watched = new WeakSet<Page>();
const checked = new WeakMap<Page, Set<string>>();
let patched = false;

const LOCATOR_ACTIONS = [
  'click',
  'dblclick',
  'tap',
  'fill',
  'clear',
  'check',
  'uncheck',
  'setChecked',
  'press',
  'pressSequentially',
  'type',
  'selectOption',
  'setInputFiles',
  'dragTo',
] as const;
/** Rules about the whole document's structure: true only once a screen has finished drawing. */
const DOCUMENT_RULES = new Set(['landmark-one-main', 'page-has-heading-one', 'region']);
const LEAVING_ACTIONS = ['goto', 'reload', 'goBack', 'goForward', 'screenshot', 'close'] as const;

/** What identifies the screen on show; null while the page navigates or has drawn nothing yet. */
async function screenKey(page: Page): Promise<string | null> {
  try {
    return await page.evaluate(() => {
      const visible = (el: Element) => el.getClientRects().length > 0;
      // Not drawn yet (the app's first paint, a redirect on its way): no landmark and no heading to judge.
      // (The prerendered home shell is aria-hidden: it does not count.)
      const shown = (selector: string) =>
        Array.from(document.querySelectorAll(selector)).some((el) => !el.closest('[aria-hidden="true"]'));
      if (!shown('main, [role="main"]') && !shown('h1')) return null;
      const headings = Array.from(document.querySelectorAll('h1, h2'))
        .filter(visible)
        .map((h) => h.textContent?.trim() ?? '');
      const dialogs = Array.from(
        document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]'),
      )
        .filter(visible)
        .map((d) => d.getAttribute('aria-label') ?? d.textContent?.trim().slice(0, 40) ?? '');
      return `${location.pathname}${location.search}|${headings.join('/')}|${dialogs.join('/')}`;
    });
  } catch {
    return null;
  }
}

const navigating = (error: unknown) =>
  error instanceof Error && /Execution context was destroyed|navigat|Target .*closed/i.test(error.message);

/** Checks the screen on show unless it was checked already; throws on any axe-core violation. */
async function checkScreen(page: Page): Promise<void> {
  if (!watched.has(page) || page.isClosed() || !/^https?:/.test(page.url())) return;
  const key = await screenKey(page);
  if (key === null) return;
  const seen = checked.get(page) ?? new Set<string>();
  checked.set(page, seen);
  if (seen.has(key)) return;
  seen.add(key);
  let violations;
  try {
    // A dialog fading in is measured at its final colours: finite animations and transitions end first
    // (spinners and marquees loop forever and are left alone).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    violations = await axeViolations(page);
    // A document-level rule failing while a screen is being swapped in (a lazy route's chunk, the offline
    // shell) is judged again once the screen shows its main landmark and heading; a screen without them
    // still fails after the wait.
    if (violations.length > 0 && violations.every((v) => DOCUMENT_RULES.has(v.id))) {
      await page
        .waitForFunction(
          () => {
            const drawn = (selector: string) =>
              Array.from(document.querySelectorAll(selector)).some(
                (el) => el.getClientRects().length > 0 && !el.closest('[aria-hidden="true"]'),
              );
            return drawn('main, [role="main"]') && drawn('h1');
          },
          undefined,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
      violations = await axeViolations(page);
    }
    // Colours measured in a passing state (a button while its form submits, a table dimmed while it refetches)
    // are measured again once the page is quiet; what still fails then is reported.
    if (violations.length > 0) {
      await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      violations = await axeViolations(page);
    }
  } catch (error) {
    if (navigating(error)) return;
    throw error;
  }
  // The screen changed while axe ran (the app replaced its shell, a redirect): judge it again later.
  if ((await screenKey(page)) !== key) {
    seen.delete(key);
    return;
  }
  if (violations.length > 0) {
    const lines = violations.map(
      (v) =>
        `  ${v.id} (${v.impact}): ${v.help}\n${v.targets.map((t, i) => `    ${t}: ${v.details[i]}`).join('\n')}`,
    );
    throw new Error(
      `axe-core found ${violations.length} violation(s) on ${page.url()}:\n${lines.join('\n')}`,
    );
  }
}

type Method = (this: unknown, ...args: unknown[]) => Promise<unknown>;

function wrap(proto: object, name: string, before: (self: never, args: unknown[]) => Promise<void>) {
  const target = proto as Record<string, Method>;
  const original = target[name];
  if (typeof original !== 'function') return;
  target[name] = async function (this: unknown, ...args: unknown[]) {
    await before(this as never, args);
    return original.apply(this, args);
  };
}

/** Playwright's classes are not exported: their prototypes are taken from the first page's objects. */
function patchPrototypes(page: Page) {
  if (patched) return;
  patched = true;
  const locatorProto = Object.getPrototypeOf(page.locator('body')) as object;
  for (const name of LOCATOR_ACTIONS) {
    wrap(locatorProto, name, async (locator: Locator, args) => {
      const options = args.find((a) => typeof a === 'object' && a !== null && 'timeout' in a) as
        { timeout?: number } | undefined;
      // The screen as the test found it ready: the element it acts on is there. When it never is, the
      // action itself reports that.
      try {
        await locator.waitFor({ state: 'attached', timeout: options?.timeout ?? 15_000 });
      } catch {
        return;
      }
      await checkScreen(locator.page());
    });
  }
  const pageProto = Object.getPrototypeOf(page) as object;
  for (const name of LEAVING_ACTIONS) {
    wrap(pageProto, name, async (self: Page) => checkScreen(self));
  }
  const contextProto = Object.getPrototypeOf(page.context()) as object;
  wrap(contextProto, 'close', async (context: BrowserContext) => {
    for (const open of context.pages()) await checkScreen(open);
  });
}

function watchContext(context: BrowserContext) {
  context.on('page', (page) => {
    patchPrototypes(page);
    watched.add(page);
  });
}

/**
 * Every page later opened in this browser (browser.newPage goes through newContext) is checked on each screen.
 * Its pages prefer reduced motion (the app's CSS then makes transitions instant), so axe never measures a colour
 * half-way through a button's transition (a secondary button caught at 2.65:1 between its pressed blue and white);
 * a context that asks for motion keeps it.
 */
export function checkEveryScreen(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const [options, ...rest] = args;
    const context = await newContext({ reducedMotion: 'reduce', ...options }, ...rest);
    watchContext(context);
    return context;
  };
}
