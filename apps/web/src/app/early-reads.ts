/**
 * The home's first reads, started before the app's entry has even been requested (docs/decisions/044, 047):
 * `_pages/app/home.html`'s inline script (app/page-boot.ts) runs `bootEarlyReads` while the page's <head> is
 * parsed, and the reads are answered by the time React asks for them (`takeEarlyRead` in lib/api-client.ts adopts
 * them once). It imports nothing, so the inline script carries none of the app; the paths are checked against the
 * app's in early-reads.test.ts (type imports are erased).
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
 * Starts the home's reads with the session's token (none without one: app/page-shells.ts `openingToken` says when
 * the home opens). Run by the home page's inline script (app/page-boot.ts) while the page's <head> is parsed, before
 * its first paint.
 */
export function bootEarlyReads(token: string | null): void {
  (window as EarlyReadsHolder).__togoEarlyReads = startEarlyReads(HOME_READS, token, fetch);
}
