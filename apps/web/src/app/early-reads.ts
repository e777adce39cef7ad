/**
 * An entry page's first reads, started before the app's entry has even been requested (docs/decisions/044, 047,
 * 054): the page's inline script (app/page-boot.ts) runs `bootEarlyReads` while the page's <head> is parsed, and the
 * reads are answered by the time React asks for them (`takeEarlyRead` in lib/early-read.ts, which the HTTP clients
 * call, adopts them once). Of the app it imports only how the screens read their vehicle from storage, so the inline
 * script stays small; the paths are checked against the app's in early-reads.test.ts and
 * scripts/entry-pages.test.ts.
 */
import type { AlertCode } from '@togo/domain/alerts/alerts.rules';
import { readSelectedVehicle, type SelectedVehicle } from '../features/alerts/alerts-storage.ts';
import { readBookingVehicle, type BookingVehicle } from '../features/services/selected-vehicle.ts';
import { startEarlyReads, type EarlyReads, type EarlyReadsHolder } from '../lib/early-read.ts';
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
  return [alertPath('ALERTA_RTM', vehicle), '/api/config'];
}

/** GET get_alerta of one code for a vehicle (features/alerts/api/get-alert.ts builds the same path). */
const alertPath = (code: AlertCode, vehicle: { id: number }) =>
  `/api/togo/alerta/get_alerta/?id_garaje=${vehicle.id}&code=${code}`;

type Vehicle = Pick<SelectedVehicle, 'id'> | null;

/**
 * An alert screen's reads (features/alerts/routes): the alert of the selected vehicle (localStorage
 * 'vehicleSelected', the screens' own reading), with `refresh` the vehicle's registry status (RefreshStatus),
 * then the public configuration. Without a vehicle the screen asks for nothing but the configuration.
 */
export function alertReads(code: AlertCode, vehicle: Vehicle, refresh: boolean): readonly string[] {
  if (!vehicle) return ['/api/config'];
  return [alertPath(code, vehicle), ...(refresh ? [refreshStatusPath(vehicle)] : []), '/api/config'];
}

/** GET …/actualizacion/: when the vehicle's registry was last read (components/vehicle-refresh). */
const refreshStatusPath = (vehicle: NonNullable<Vehicle>) => `/api/togo/vehicle/${vehicle.id}/actualizacion/`;

/** The fines list reads its fines from storage: only the registry status and the configuration. */
export function finesListReads(vehicle: Vehicle): readonly string[] {
  return vehicle ? [refreshStatusPath(vehicle), '/api/config'] : ['/api/config'];
}

/**
 * The pico y placa screen's: today's answer of the vehicle and the configuration (the driver's reports of it are
 * asked once the answer is drawn, below the fold).
 */
export function picoPlacaReads(vehicle: Vehicle): readonly string[] {
  return vehicle ? [`/api/togo/pico-placa/?id_garaje=${vehicle.id}`, '/api/config'] : ['/api/config'];
}

/**
 * The fleet's 'Hoy': its first page when the address carries no filter (features/fleet/api/compliance.ts
 * todayPath; a filtered address asks another page, which the screen reads itself), the city filter's cities, the
 * sidebar's policy link and the configuration.
 */
export function fleetTodayReads(search: string): readonly string[] {
  const unfiltered = search === '' || search === '?';
  return [
    ...(unfiltered ? ['/api/togo/flota/cumplimiento/?estado=atencion&page=1&page_size=50'] : []),
    '/api/togo/flota/ciudades/',
    '/api/automas-param-system/togo-urls/?name__in=data_policy_pdf',
    '/api/config',
  ];
}

/**
 * The alerts list's: the answer of each alert its chips show (features/alerts/alert-chips.ts, in its order) for the
 * selected vehicle, then the configuration.
 */
export const LIST_CODES: readonly AlertCode[] = [
  'ALERTA_SOAT',
  'ALERTA_TODO_RIESGO',
  'INFRACCION_TRANSITO',
  'ALERTA_RTM',
  'ALERTA_LICENCIA',
  'ALERTA_KIT',
  'ALERTA_IMPUESTO',
];

export function alertsListReads(vehicle: Vehicle): readonly string[] {
  if (!vehicle) return ['/api/config'];
  return [...LIST_CODES.map((code) => alertPath(code, vehicle)), '/api/config'];
}

const alert =
  (code: AlertCode, refresh = false) =>
  () =>
    alertReads(code, readSelectedVehicle(), refresh);

/**
 * The pages that start their reads early, by the name their script's `data-early-reads` gives, from the page's
 * address query (`location.search`) and the device's storage.
 */
const SETS = {
  home: () => HOME_READS,
  fleet: () => FLEET_READS,
  rtm: () => rtmReads(readBookingVehicle()),
  alerts: () => alertsListReads(readSelectedVehicle()),
  soat: alert('ALERTA_SOAT', true),
  'rtm-alert': alert('ALERTA_RTM', true),
  licence: alert('ALERTA_LICENCIA'),
  policy: alert('ALERTA_TODO_RIESGO'),
  tax: alert('ALERTA_IMPUESTO'),
  kit: alert('ALERTA_KIT'),
  fines: alert('INFRACCION_TRANSITO', true),
  'fines-list': () => finesListReads(readSelectedVehicle()),
  'pico-placa': () => picoPlacaReads(readSelectedVehicle()),
  'fleet-today': (search: string) => fleetTodayReads(search),
};
export const EARLY_READS: Record<keyof typeof SETS, (search: string) => readonly string[]> = SETS;
export type EarlyReadSet = keyof typeof EARLY_READS;
export const EARLY_READ_SETS = Object.keys(EARLY_READS) as EarlyReadSet[];

/**
 * Starts a page's reads with the session's token (none without one: app/page-shells.ts `openingToken` says when
 * the page's screen opens), the first now and each next one in a task of its own. Run by the page's inline script
 * (app/page-boot.ts) while its <head> is parsed, before its first paint.
 */
export function bootEarlyReads(set: EarlyReadSet, token: string | null, win: Window = window): void {
  const reads: EarlyReads = {};
  (win as EarlyReadsHolder).__togoEarlyReads = reads;
  const paths = EARLY_READS[set](win.location.search);
  // One read per task (decision 124): the home's six in the <head>'s script made one long task before the first
  // paint.
  inTasks(paths, 1, (batch) => Object.assign(reads, startEarlyReads(batch, token, win.fetch.bind(win))), win);
}
