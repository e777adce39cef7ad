import { bogotaToday } from '@togo/domain/bogota-time';
import { startEarlyReads, type EarlyReads, type EarlyReadsHolder } from '../../lib/early-read.ts';
import { agendaParamsOf, agendaQuery } from '../screens/agenda/use-agenda-params.ts';
import { allScreens } from './shell-screens.ts';

/**
 * The console's first reads, started by its entry (operador/main.tsx) before React renders when the tab has a
 * session (decision 134): who is signed in (`/api/operador/yo/`, which the shell waits for) and the opened screen's
 * own first reads, with the screen's chunk, all at once. Before, the screen's chunk was asked once the shell knew
 * who was signed in, and its reads once the chunk had run: three round trips one after the other. The HTTP client
 * adopts each read once (lib/early-read.ts); the server authorises each as usual.
 */
export const STAFF_ME_PATH = '/api/operador/yo/';

/** The first reads of each screen, by its path under /operador (checked against the screens in the test). */
export const SCREEN_READS: Readonly<Record<string, readonly string[]>> = {
  '': ['/api/operador/resumen/'],
  agenda: ['/api/operador/sedes/'],
  'pico-placa': [
    '/api/operador/pico-placa/',
    '/api/operador/pico-placa/por-revisar/',
    '/api/operador/pico-placa/reportes/?estado=abierto',
  ],
};

/** The screen a console address opens: its path under /operador ('' for the dashboard). */
export function screenPath(pathname: string): string {
  return pathname.replace(/^\/operador\/?/, '').replace(/\/$/, '');
}

/**
 * Starts the reads and the chunk of the screen at `pathname` when there is a session (nothing without one: the
 * shell sends the visitor to sign in). Answers the paths started.
 */
export function startConsoleReads(
  pathname: string,
  token: string | null,
  win: Window = window,
): readonly string[] {
  if (!token) return [];
  const path = screenPath(pathname);
  const paths = [STAFF_ME_PATH, ...(SCREEN_READS[path] ?? [])];
  const reads = startEarlyReads(paths, token, win.fetch.bind(win));
  (win as EarlyReadsHolder).__togoEarlyReads = reads;
  if (path === 'agenda') startAgendaDay(reads, token, win);
  // The module is kept by the browser: the shell's lazy screen then finds it loaded.
  void allScreens()
    .find((screen) => screen.path === path)
    ?.load()
    .catch(() => undefined);
  return paths;
}

/** The agenda's reads of one branch and day: its bookings and the branch's closures (AgendaScreen's). */
export function agendaDayReads(sede: string, fecha: string): readonly string[] {
  return [
    `/api/operador/agenda/${agendaQuery(sede, fecha)}`,
    `/api/operador/sedes/${encodeURIComponent(sede)}/cierres/`,
  ];
}

/**
 * The agenda's day: the address's branch and day, or (without a branch in the address) the first active branch
 * of the branches' early answer, which the screen would choose, and today in Bogotá. Nothing when that answer
 * fails or names no active branch: the screen then asks itself.
 */
function startAgendaDay(reads: EarlyReads, token: string, win: Window): void {
  const { sede, fecha } = agendaParamsOf(new URLSearchParams(win.location.search), bogotaToday(new Date()));
  const start = (branch: string) =>
    Object.assign(reads, startEarlyReads(agendaDayReads(branch, fecha), token, win.fetch.bind(win)));
  if (sede) {
    start(sede);
    return;
  }
  void reads['/api/operador/sedes/']?.response
    .then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((branches) => {
      const first = Array.isArray(branches)
        ? (branches as { id?: unknown; activa?: unknown }[]).find((b) => b.activa === true)
        : undefined;
      if (typeof first?.id === 'string') start(first.id);
    })
    .catch(() => undefined);
}
