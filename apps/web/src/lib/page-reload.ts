/** Delay of the full reload that follows a sign-in (AHGA §4, §9). */
export const RELOAD_DELAY_MS = 500;

let reloadPage: () => void = () => window.location.reload();

/** Replaces the reload (tests pass a spy; passing null restores the real one). */
export function setPageReload(fn: (() => void) | null): void {
  reloadPage = fn ?? (() => window.location.reload());
}

/** Reloads after `delay` with the reload in effect now (a test's spy stays the one called after it ends). */
export function schedulePageReload(delay: number = RELOAD_DELAY_MS): void {
  const reload = reloadPage;
  setTimeout(() => reload(), delay);
}
