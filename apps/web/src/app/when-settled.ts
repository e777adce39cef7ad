import { whenLoaded } from './when-loaded.ts';

/** How often, once the page has loaded, the app's reads are looked at again while some are in flight. */
export const SETTLE_POLL_MS = 200;
/** A read that polls or hangs does not hold the work back longer than this after the page's load. */
export const SETTLE_MAX_WAIT_MS = 10_000;
/** The browser runs the work at its first idle moment, or after this when it never has one. */
export const SETTLE_IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `run` once, when the first screen has settled (docs/decisions/053): the page has loaded, none of the app's
 * reads is in flight (`busy`), and the browser has an idle moment. For work the screen does not need, such as the
 * service worker's install, which downloads the whole app for offline use: started with the screen, it took the
 * network and the cores the screen's own reads and rendering were waiting for.
 */
export function whenSettled(
  run: () => void,
  busy: () => boolean,
  win: Window = window,
  doc: Document = document,
): void {
  whenLoaded(
    () => {
      const loadedAt = win.performance.now();
      const check = () => {
        if (busy() && win.performance.now() - loadedAt < SETTLE_MAX_WAIT_MS) {
          win.setTimeout(check, SETTLE_POLL_MS);
          return;
        }
        // Not in every browser (Safari): there the work runs in a task of its own.
        if (typeof win.requestIdleCallback === 'function') {
          win.requestIdleCallback(() => run(), { timeout: SETTLE_IDLE_TIMEOUT_MS });
        } else win.setTimeout(run, 0);
      };
      check();
    },
    doc,
    win,
  );
}
