import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { createBrowserHistory, createMemoryHistory } from './history.ts';
import type { Action, History, InitialEntry, Update } from './history.ts';
import { matchRoutes, resolveTo, routePathnames } from './path.ts';
import type { Location, Path, RouteMatch, RouteObject, To } from './path.ts';

/**
 * Routers, route rendering and hooks (docs/decisions/043), with react-router 7's declarative-mode behaviour:
 * history updates are React transitions (the current screen stays while the next one suspends), <Navigate>
 * navigates in an effect, `navigate` resolves relative targets against the rendering route.
 */

interface NavigationValue {
  navigator: History | null;
}
interface LocationValue {
  location: Location;
  navigationType: Action;
}
interface RouteValue {
  outlet: ReactNode;
  matches: RouteMatch[];
}

const NavigationContext = createContext<NavigationValue>({ navigator: null });
const LocationContext = createContext<LocationValue | null>(null);
const RouteContext = createContext<RouteValue>({ outlet: null, matches: [] });

function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [state, setState] = useState<Update>(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  const navigation = useMemo(() => ({ navigator: history }), [history]);
  const location = useMemo(
    () => ({ location: state.location, navigationType: state.action }),
    [state.location, state.action],
  );
  return (
    <NavigationContext.Provider value={navigation}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigationContext.Provider>
  );
}

/** The app's router: the address bar's history. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}

/** A router over an in-memory history (tests). */
export function MemoryRouter({
  children,
  initialEntries,
  initialIndex,
}: {
  children?: ReactNode;
  initialEntries?: InitialEntry[];
  initialIndex?: number;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries, initialIndex));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  const value = useContext(LocationContext);
  if (!value) throw new Error('useLocation() may be used only inside a router');
  return value.location;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void | Promise<void>;
  (delta: number): void | Promise<void>;
}

/** Resolves `to` against the route that renders the caller (react-router's route-relative rules). */
export function useResolvedPath(to: To): Path {
  const { matches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const paths = JSON.stringify(routePathnames(matches));
  return useMemo(() => resolveTo(to, JSON.parse(paths) as string[], pathname), [to, paths, pathname]);
}

export function useNavigate(): NavigateFunction {
  const { navigator } = useContext(NavigationContext);
  const { matches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const paths = JSON.stringify(routePathnames(matches));
  // As react-router: a navigate() during the first render is ignored (call it in an effect or a handler).
  const active = useRef(false);
  useLayoutEffect(() => {
    active.current = true;
  });
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (!active.current || !navigator) return;
      if (typeof to === 'number') {
        navigator.go(to);
        return;
      }
      const path = resolveTo(to, JSON.parse(paths) as string[], pathname);
      if (options.replace) navigator.replace(path, options.state);
      else navigator.push(path, options.state);
    },
    [navigator, paths, pathname],
  ) as NavigateFunction;
}

/** Navigates once rendered (in an effect), like react-router's <Navigate>. */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const path = JSON.stringify(useResolvedPath(to));
  useEffect(() => {
    void navigate(JSON.parse(path) as Path, { replace, state });
  }, [navigate, path, replace, state]);
  return null;
}

/** The params of the route that renders the caller, with its parents' ones. */
export function useParams<K extends string = string>(): Readonly<Partial<Record<K, string>>> {
  const { matches } = useContext(RouteContext);
  return (matches[matches.length - 1]?.params ?? {}) as Readonly<Partial<Record<K, string>>>;
}

export type SearchParamsInit = string | Record<string, string> | URLSearchParams | [string, string][];

export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      void navigate(`?${new URLSearchParams(init).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/** The child route's element, inside a layout route. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

function render(matches: RouteMatch[]): ReactNode {
  return matches.reduceRight<ReactNode>((outlet, match, index) => {
    const { Component, element } = match.route;
    const children = Component ? <Component /> : element ? element : outlet;
    return (
      <RouteContext.Provider value={{ outlet, matches: matches.slice(0, index + 1) }}>
        {children}
      </RouteContext.Provider>
    );
  }, null);
}

/** The element tree of the routes the current location matches (null when none does). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const matches = matchRoutes(routes, pathname);
  return matches ? render(matches) : null;
}
