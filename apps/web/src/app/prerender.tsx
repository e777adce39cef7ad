/**
 * Build time only (scripts/prerender.ts, docs/decisions/044), run by Vite's server-side module runner: the HTML of
 * a public screen as a signed-out visitor first sees it, and the lazy route modules a path loads.
 */
import type { ComponentType, ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter, matchRoutes } from 'react-router';
import { ScreenShell } from '../components/ui/ScreenShell.tsx';
import { FleetShell } from '../features/fleet/components/FleetShell.tsx';
import { HomeShell } from '../features/home/components/HomeShell.tsx';
import { ServiceShell } from '../features/services/components/ServiceShell.tsx';
import { AppProviders } from './AppProviders.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './route-kit.tsx';
import type { RouteHandle } from './route-kit.tsx';
import { routes } from './router.tsx';

/**
 * React DOM's static renderer: unlike renderToString, it waits for every lazy screen before writing the markup, so
 * the page holds the screen itself (with the Suspense markers hydrateRoot reads), not a fallback.
 */
async function render(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return await new Response(prelude).text();
}

/** The markup of `pathname` once every lazy screen it shows has loaded (no data: nothing is fetched). */
export async function renderPage(pathname: string): Promise<string> {
  const client = createQueryClient();
  const html = await render(
    <AppProviders client={client}>
      <StaticRouter location={pathname}>
        <AppRoutes routes={routes} />
      </StaticRouter>
    </AppProviders>,
  );
  client.clear();
  return html;
}

/** The shells of the signed-in entry routes (scripts/entry-pages.ts `shell`). */
const SHELLS: Readonly<Record<string, ComponentType>> = {
  '/app/home': HomeShell,
  '/app/servicios/rtm': ServiceShell,
  '/flota': FleetShell,
};

/** Another signed-in screen's shell (scripts/entry-pages.ts `view`): its title, and which header it draws. */
export type ShellView =
  { kind: 'screen'; title: string; header: 'bar' | 'page' } | { kind: 'fleet'; title: string };

/** The markup of `pathname`'s shell: its layout before the data (no providers: a shell reads nothing). */
export async function renderShell(pathname: string, view?: ShellView): Promise<string> {
  const Shell = SHELLS[pathname];
  const shell = Shell ? (
    <Shell />
  ) : view?.kind === 'screen' ? (
    <ScreenShell title={view.title} header={view.header} />
  ) : view?.kind === 'fleet' ? (
    <FleetShell title={view.title} />
  ) : null;
  if (!shell) throw new Error(`La ruta ${pathname} no tiene un esqueleto`);
  return render(<StaticRouter location={pathname}>{shell}</StaticRouter>);
}

/** Loads every lazy route module `pathname` matches, guards aside (a signed-in visitor's screens). */
export async function loadRouteModules(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (matches.length === 0) throw new Error(`Ninguna ruta corresponde a ${pathname}`);
  await Promise.all(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.()));
}
