/**
 * An entry page's first reads, started before the app's entry has even been requested (docs/decisions/044, 047,
 * 054): the page's inline script (app/page-boot.ts) runs `bootEarlyReads` while the page's <head> is parsed, and the
 * reads are answered by the time React asks for them (`takeEarlyRead` in lib/api-client.ts adopts them once). Of
 * the app it imports only how the wizard reads its vehicle from storage, so the inline script stays small; the paths
 * are checked against the app's in early-reads.test.ts.
 */
import { readBookingVehicle, type BookingVehicle } from '../features/services/selected-vehicle.ts';
import type { EarlyReads, EarlyReadsHolder } from '../lib/api-client.ts';
import { inTasks } from './in-tasks.ts';

/** The home's reads (features/home/api/home-prefetch.ts) and the public configuration (main.tsx). */
export const HOME_READS: readonly string[] = [
  '/api/config',
  '/api/conf/catalogos/paginado/?clave_padre=BANNERS_GENERALES_TOGO',
  '/api/togo/vehicle/user_garages/',
  '/api/togo/vehicle/get_garaje_selected/',
  '/api/conf/catalogos/paginado/?clave_padre=ALIAS_URLS_TOGO',
  '/api/conf/catalogos/paginado/?clave_padre=BANNERS_OTROS_TOGO',
];

/**
 * The fleet list's reads (features/fleet/api/fleet-prefetch.ts): its first page, the look-ups' progress and the
 * sidebar's policy link, with the public configuration. The list goes first: only the first read starts in the
 * inline script itself; the others wait a task each, and on a busy device the app's entry can be requested first.
 */
export const FLEET_READS: readonly string[] = [
  '/api/togo/vehicle/traer_vehiculos_flota?page=1&page_size=50',
  '/api/togo/flota/consultas/',
  '/api/automas-param-system/togo-urls/?name__in=data_policy_pdf',
  '/api/config',
];

/**
 * The RTM wizard's first step's read: the RTM alert of the vehicle the wizard books (features/services/
 * selected-vehicle.ts, the wizard's own reading of `vehicleSelected`), with the public configuration. A wizard
 * resumed at a later step does not ask for the alert: its early read is then never adopted, and dropped
 * (EARLY_READ_MAX_AGE_MS).
 */
export function rtmReads(vehicle: Pick<BookingVehicle, 'id'> | null): readonly string[] {
  if (!vehicle) return ['/api/config'];
  // The step's own read first (see FLEET_READS).
  return [`/api/togo/alerta/get_alerta/?id_garaje=${vehicle.id}&code=ALERTA_RTM`, '/api/config'];
}

/** The pages that start their reads early, by the name their script's `data-early-reads` gives. */
export const EARLY_READS = {
  home: () => HOME_READS,
  fleet: () => FLEET_READS,
  rtm: () => rtmReads(readBookingVehicle()),
} satisfies Record<string, () => readonly string[]>;
export type EarlyReadSet = keyof typeof EARLY_READS;
export const EARLY_READ_SETS = Object.keys(EARLY_READS) as EarlyReadSet[];

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
 * Starts a page's reads with the session's token (none without one: app/page-shells.ts `openingToken` says when
 * the page's screen opens), the first now and each next one in a task of its own. Run by the page's inline script
 * (app/page-boot.ts) while its <head> is parsed, before its first paint.
 */
export function bootEarlyReads(set: EarlyReadSet, token: string | null, win: Window = window): void {
  const reads: EarlyReads = {};
  (win as EarlyReadsHolder).__togoEarlyReads = reads;
  const paths = EARLY_READS[set]();
  // One read per task (decision 124): the home's six in the <head>'s script made one long task before the first
  // paint.
  inTasks(paths, 1, (batch) => Object.assign(reads, startEarlyReads(batch, token, win.fetch.bind(win))), win);
}
