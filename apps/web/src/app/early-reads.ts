/**
 * The home's first reads, started before the app's entry has even been requested (docs/decisions/044, 047):
 * `_pages/app/home.html`'s inline script (app/page-boot.ts) runs `bootEarlyReads` while the page's <head> is
 * parsed, and the reads are answered by the time React asks for them (`takeEarlyRead` in lib/api-client.ts adopts
 * them once). It imports nothing, so the inline script carries none of the app; the storage key and the paths are
 * checked against the app's in early-reads.test.ts (type imports are erased).
 */
import type { EarlyReads, EarlyReadsHolder } from '../lib/api-client.ts';

/** The home's reads (features/home/api/home-prefetch.ts) and the public configuration (main.tsx). */
export const HOME_READS: readonly string[] = [
  '/api/config',
  '/api/conf/catalogos/paginado/?clave_padre=BANNERS_GENERALES_TOGO',
  '/api/togo/vehicle/user_garages/',
  '/api/togo/vehicle/get_garaje_selected/',
  '/api/conf/catalogos/paginado/?clave_padre=ALIAS_URLS_TOGO',
  '/api/conf/catalogos/paginado/?clave_padre=BANNERS_OTROS_TOGO',
];

/** Set on <html> when the home will open: app/styles.css shows its shell only then. */
export const SESSION_CLASS = 'togo-session';

/** lib/storage.ts's STORAGE_KEYS.token and STORAGE_KEYS.userInfo. */
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';

/** packages/domain roles.ts's ROLE_COMPANY. */
export const COMPANY_ROLE = 2;

/**
 * Whether the home opens for what the device stores: a session, not a company's account (app/guards.ts tokenGuard
 * and homeGuard send the others to the sign-in and to /flota). Only then are its reads started and its shell shown.
 */
export function homeOpens(token: string | null, userInfo: string | null): boolean {
  if (!token) return false;
  let roles: unknown;
  try {
    roles = (JSON.parse(userInfo ?? 'null') as { ids_roles?: unknown } | null)?.ids_roles;
  } catch {
    // Unreadable: the guard reads no roles either.
  }
  return !(Array.isArray(roles) && roles.includes(COMPANY_ROLE));
}

/** The reads, with the headers apiRequest sends; none without a session (the guard sends the visitor away). */
export function startEarlyReads(
  paths: readonly string[],
  token: string | null,
  fetchFn: typeof fetch,
  at: number = performance.now(),
): EarlyReads {
  const reads: EarlyReads = {};
  if (!token) return reads;
  for (const path of paths) {
    const response = fetchFn(path, {
      headers: { Accept: 'application/json', Authorization: `Token ${token}` },
    });
    // Adopted later or never: an unhandled rejection here would only be noise.
    response.catch(() => undefined);
    reads[path] = { token, response, at };
  }
  return reads;
}

/**
 * Starts the home's reads for what the device stores and marks the document when the home will open. Run by the
 * entry pages' inline script (app/page-boot.ts) while the page's <head> is parsed, before its first paint.
 */
export function bootEarlyReads(): void {
  let token: string | null = null;
  let opens = false;
  try {
    token = localStorage.getItem(TOKEN_KEY);
    opens = homeOpens(token, localStorage.getItem(USER_INFO_KEY));
  } catch {
    // Storage unavailable (private mode settings): the app reads as usual.
  }
  (window as EarlyReadsHolder).__togoEarlyReads = startEarlyReads(HOME_READS, opens ? token : null, fetch);
  // The home's shell (features/home/components/HomeShell.tsx) shows only when the home will open.
  if (opens) document.documentElement.classList.add(SESSION_CLASS);
}
