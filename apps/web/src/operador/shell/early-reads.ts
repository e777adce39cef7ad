import { startEarlyReads, type EarlyReadsHolder } from '../../lib/early-read.ts';
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
  (win as EarlyReadsHolder).__togoEarlyReads = startEarlyReads(paths, token, win.fetch.bind(win));
  // The module is kept by the browser: the shell's lazy screen then finds it loaded.
  void allScreens()
    .find((screen) => screen.path === path)
    ?.load()
    .catch(() => undefined);
  return paths;
}
