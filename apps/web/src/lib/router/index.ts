/**
 * The drivers' app router (docs/decisions/043): react-router 7's declarative API, the part the app uses,
 * in ~3 KB gzipped instead of ~13 KB. Imported instead of 'react-router' everywhere outside the operator
 * console (eslint enforces it).
 */
export {
  BrowserRouter,
  MemoryRouter,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from './router.tsx';
export type { NavigateFunction, NavigateOptions, SetSearchParams } from './router.tsx';
export { Link, NavLink } from './link.tsx';
export type { LinkProps, NavLinkProps, NavLinkState } from './link.tsx';
export { createPath, matchRoutes, parsePath } from './path.ts';
export type { Location, Params, Path, RouteMatch, RouteObject, To } from './path.ts';
export type { InitialEntry } from './history.ts';
