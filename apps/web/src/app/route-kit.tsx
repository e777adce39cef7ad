import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes } from 'react-router';
import type { RouteMatch, RouteObject } from 'react-router';
import { lazyScreen, type LazyComponent } from '../lib/lazy-screen.ts';
import type { Guard } from './guards.ts';

/**
 * Lazy screens for the declarative router (docs/decisions/014): each screen is its own chunk, loaded with
 * React.lazy. So that nested lazy routes never load one after the other (layout, then page), every route of a
 * location is preloaded at once — at start-up for the first page and on every navigation — and a counter of
 * chunks in flight drives the thin progress bar while a navigation waits for its screen.
 */

export interface RouteHandle {
  /** Starts loading the route's chunk (idempotent). */
  preload?: () => Promise<unknown>;
  /** The route's guard: a path to redirect to, or null to enter. Preloading stops at a guard that redirects. */
  guard?: Guard;
  /** Starts the route's reads alongside its chunk (the query functions live in the entry); settles with them. */
  prefetch?: (client: QueryClient) => void | Promise<unknown>;
}

/**
 * Preloads every lazy route a path matches, and starts their reads, down to the first guard that would
 * redirect (a signed-out visitor of /app/home downloads nothing of the home). Resolves when those chunks have
 * loaded or failed (a failure shows on the screen's error boundary when it renders) and, with `withReads`,
 * when the reads have settled too.
 */
export function preloadRoutes(
  routes: RouteObject[],
  pathname: string,
  client?: QueryClient,
  { withReads = false }: { withReads?: boolean } = {},
): Promise<void> {
  return preloadHandles(enteredHandles(routes, pathname), client, withReads);
}

/** How many paths' answers are kept per route table (the screens a session visits; a table has 64 routes). */
const PATHS_KEPT = 64;

/** `compute` for a static route table, kept per table and path (the last PATHS_KEPT paths of each table). */
function keptPerPath<T>(compute: (routes: RouteObject[], pathname: string) => T) {
  const byTable = new WeakMap<RouteObject[], Map<string, T>>();
  return (routes: RouteObject[], pathname: string): T => {
    let byPath = byTable.get(routes);
    if (!byPath) byTable.set(routes, (byPath = new Map()));
    if (byPath.has(pathname)) return byPath.get(pathname) as T;
    if (byPath.size >= PATHS_KEPT) byPath.clear();
    const answer = compute(routes, pathname);
    byPath.set(pathname, answer);
    return answer;
  };
}

/**
 * matchRoutes for a static route table, kept per path: React Router flattens, ranks and compiles the whole table on
 * every call, a few milliseconds on a phone, and the start-up asks for the same path twice here (main.tsx's
 * preload, then AppRoutes' first render); useRoutes' own match runs on the matched branch (matchedBranch).
 */
export const routeMatches: (routes: RouteObject[], pathname: string) => RouteMatch[] | null = keptPerPath(
  (routes, pathname) => matchRoutes(routes, pathname),
);

/**
 * The part of a route table a path matches: each matched route with only the next matched one as its child (the
 * same route objects' fields, copied once per path). useRoutes matches it to the same routes and params as the
 * whole table, without flattening, ranking and compiling the table's 64 routes on each of its renders
 * (docs/decisions/049). A path nothing matches gets an empty table (useRoutes then draws nothing, as it would).
 */
export const matchedBranch: (routes: RouteObject[], pathname: string) => RouteObject[] = keptPerPath(
  (routes, pathname) =>
    (routeMatches(routes, pathname) ?? []).reduceRight<RouteObject[]>((inner, { route }) => {
      const { children: _all, ...own } = route;
      return [(inner.length > 0 ? { ...own, children: inner } : own) as RouteObject];
    }, []),
);

/** The handles of the routes a path matches, down to the first guard that would redirect (excluded). */
function enteredHandles(routes: RouteObject[], pathname: string): RouteHandle[] {
  const handles: RouteHandle[] = [];
  for (const match of routeMatches(routes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.guard?.(pathname)) break;
    if (handle) handles.push(handle);
  }
  return handles;
}

function preloadHandles(handles: RouteHandle[], client: QueryClient | undefined, withReads: boolean) {
  const loads: Promise<unknown>[] = [];
  for (const handle of handles) {
    const load = handle.preload?.();
    if (load) loads.push(load.catch(() => undefined));
    const reads = client ? handle.prefetch?.(client) : undefined;
    if (withReads && reads) loads.push(reads.catch(() => undefined));
  }
  return Promise.all(loads).then(() => undefined);
}

type RouteParts = Pick<RouteObject, 'Component' | 'handle'>;

/**
 * A lazy screen route: `{ ...screen(() => import('…/Screen.tsx'), 'ScreenRoute'), children? }`; `prefetch`
 * starts its reads with its chunk.
 */
export function screen<M>(
  load: () => Promise<M>,
  name: keyof M & string,
  prefetch?: RouteHandle['prefetch'],
): RouteParts & { Component: LazyComponent; handle: RouteHandle } {
  const Component = lazyScreen(load, name);
  return {
    Component,
    handle: { preload: Component.preload, prefetch } satisfies RouteHandle,
  };
}

/**
 * A guarded route: the guard runs on every render of the route (every navigation) and redirects with a replace;
 * when it lets the user in, the route's screen renders (or, for a pathless/layout guard, its child routes).
 */
export function guarded(guard: Guard, route?: ReturnType<typeof screen>): RouteParts {
  const Screen = route?.Component;
  function Guarded() {
    const { pathname } = useLocation();
    const to = guard(pathname);
    if (to) return <Navigate to={to} replace />;
    return Screen ? <Screen /> : <Outlet />;
  }
  return { Component: Guarded, handle: { ...route?.handle, guard } satisfies RouteHandle };
}

/**
 * The app's routes for the current location (inside a BrowserRouter or, in tests, a MemoryRouter). Every
 * chunk the location needs starts loading at once, before the nested lazy screens ask for them one by one.
 * Navigations are React transitions (React Router wraps them in startTransition): while the next screen's chunk
 * loads, React keeps the screen the user was on (with the progress bar) and shows the new one once it has loaded,
 * never the full-page loader in between. The first page, with nothing to keep, shows the loader.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  void preloadHandles(enteredHandles(routes, location.pathname), useQueryClient(), false);
  return useRoutes(matchedBranch(routes, location.pathname), location);
}
