import type { ComponentType, ReactNode } from 'react';

/**
 * Paths and route matching of the drivers' app router (docs/decisions/043): the part of react-router 7's
 * declarative API the app uses, with react-router's own matching rules (route ranking, optional segments,
 * index routes, splats, relative `to`) so that the routes and links behave exactly as before.
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location<State = unknown> extends Path {
  state: State;
  /** Unique per history entry ('default' for the first one). */
  key: string;
}

export type To = string | Partial<Path>;

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteObject {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  Component?: ComponentType | null;
  children?: RouteObject[];
  handle?: unknown;
}

export interface RouteMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
  route: RouteObject;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== '?') path += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.startsWith('#') ? hash : `#${hash}`;
  return path;
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashIndex = rest.indexOf('#');
  if (hashIndex >= 0) {
    parsed.hash = rest.slice(hashIndex);
    rest = rest.slice(0, hashIndex);
  }
  const searchIndex = rest.indexOf('?');
  if (searchIndex >= 0) {
    parsed.search = rest.slice(searchIndex);
    rest = rest.slice(0, searchIndex);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

const removeDoubleSlashes = (path: string) => path.replace(/[\\/]{2,}/g, '/');
const joinPaths = (paths: string[]) => removeDoubleSlashes(paths.join('/'));

function removeTrailingSlash(path: string, minLength = 0): string {
  let end = path.length;
  while (end > minLength && path.charCodeAt(end - 1) === 47) end--;
  return path.slice(0, end);
}

const normalizePathname = (pathname: string) => removeTrailingSlash(pathname).replace(/^\/*/, '/');
const normalize = (value: string | undefined, mark: string) =>
  !value || value === mark ? '' : value.startsWith(mark) ? value : mark + value;

function resolvePathname(relativePath: string, fromPathname: string): string {
  const segments = removeTrailingSlash(fromPathname).split('/');
  for (const segment of relativePath.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') {
      segments.push(segment);
    }
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

/** The pathnames `to` resolves against: every path-contributing route's base, the last one's full path. */
export function routePathnames(matches: readonly RouteMatch[]): string[] {
  const contributing = matches.filter((match, index) => index === 0 || !!match.route.path);
  return contributing.map((match, index) =>
    index === contributing.length - 1 ? match.pathname : match.pathnameBase,
  );
}

/** Resolves a link or navigation target as react-router does ('..' climbs routes, not URL segments). */
export function resolveTo(toArg: To, routePaths: readonly string[], locationPathname: string): Path {
  const to = typeof toArg === 'string' ? parsePath(toArg) : { ...toArg };
  const isEmptyPath = toArg === '' || to.pathname === '';
  const toPathname = isEmptyPath ? '/' : to.pathname;
  let from: string;
  if (toPathname == null) {
    from = locationPathname;
  } else {
    let index = routePaths.length - 1;
    if (toPathname.startsWith('..')) {
      const toSegments = toPathname.split('/');
      while (toSegments[0] === '..') {
        toSegments.shift();
        index -= 1;
      }
      to.pathname = toSegments.join('/');
    }
    from = index >= 0 ? (routePaths[index] as string) : '/';
  }
  let pathname = from;
  if (to.pathname) {
    const target = removeDoubleSlashes(to.pathname);
    pathname = /^[/\\]/.test(target) ? resolvePathname(target.slice(1), '/') : resolvePathname(target, from);
  }
  const explicitTrailingSlash = !!toPathname && toPathname !== '/' && toPathname.endsWith('/');
  const currentTrailingSlash = (isEmptyPath || toPathname === '.') && locationPathname.endsWith('/');
  if (!pathname.endsWith('/') && (explicitTrailingSlash || currentTrailingSlash)) pathname += '/';
  return { pathname, search: normalize(to.search, '?'), hash: normalize(to.hash, '#') };
}

interface CompiledParam {
  name: string;
  optional: boolean;
}

interface RouteMeta {
  relativePath: string;
  childIndex: number;
  route: RouteObject;
  matcher: RegExp;
  params: CompiledParam[];
}

interface Branch {
  score: number;
  metas: RouteMeta[];
}

function compilePath(path: string, caseSensitive: boolean, end: boolean): [RegExp, CompiledParam[]] {
  const params: CompiledParam[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(
        /\/:([\w-]+)(\?)?/g,
        (match, name: string, optional: string | undefined, index: number, str) => {
          params.push({ name, optional: optional != null });
          if (optional) {
            const next = (str as string).charAt(index + match.length);
            return next && next !== '/' ? '/([^\\/]*)' : '(?:/([^\\/]*))?';
          }
          return '/([^\\/]+)';
        },
      )
      .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2');
  if (path.endsWith('*')) {
    params.push({ name: '*', optional: false });
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$';
  } else if (path !== '' && path !== '/') {
    source += '(?:(?=\\/|$))';
  }
  return [new RegExp(source, caseSensitive ? undefined : 'i'), params];
}

function explodeOptionalSegments(path: string): string[] {
  const [first = '', ...rest] = path.split('/');
  const optional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return optional ? [required, ''] : [required];
  const restExploded = explodeOptionalSegments(rest.join('/'));
  const result = restExploded.map((sub) => (sub === '' ? required : `${required}/${sub}`));
  if (optional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith('/') && exploded === '' ? '/' : exploded));
}

const isSplat = (segment: string) => segment === '*';

function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (isSplat(segment)) continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? (a[a.length - 1] as number) - (b[b.length - 1] as number) : 0;
}

function flatten(
  routes: readonly RouteObject[],
  branches: Branch[],
  parents: Omit<RouteMeta, 'matcher' | 'params'>[],
  parentPath: string,
  parentOptional: boolean,
): void {
  const add = (route: RouteObject, childIndex: number, optional: boolean, relative?: string) => {
    let relativePath = relative ?? route.path ?? '';
    if (relativePath.startsWith('/')) {
      if (!relativePath.startsWith(parentPath)) {
        if (optional) return;
        throw new Error(`Absolute route path "${relativePath}" is not under "${parentPath}"`);
      }
      relativePath = relativePath.slice(parentPath.length);
    }
    const path = joinPaths([parentPath, relativePath]);
    const metas = [...parents, { relativePath, childIndex, route }];
    if (route.children?.length) flatten(route.children, branches, metas, path, optional);
    if (route.path == null && !route.index) return;
    branches.push({
      score: computeScore(path, route.index),
      metas: metas.map((meta, i) => {
        const [matcher, params] = compilePath(
          meta.relativePath,
          !!meta.route.caseSensitive,
          i === metas.length - 1,
        );
        return { ...meta, matcher, params };
      }),
    });
  };
  routes.forEach((route, index) => {
    if (route.path === '' || !route.path?.includes('?')) add(route, index, parentOptional);
    else for (const exploded of explodeOptionalSegments(route.path)) add(route, index, true, exploded);
  });
}

const ranked = new WeakMap<readonly RouteObject[], Branch[]>();

function rankedBranches(routes: readonly RouteObject[]): Branch[] {
  let branches = ranked.get(routes);
  if (!branches) {
    branches = [];
    flatten(routes, branches, [], '', false);
    branches.sort((a, b) =>
      a.score !== b.score
        ? b.score - a.score
        : compareIndexes(
            a.metas.map((m) => m.childIndex),
            b.metas.map((m) => m.childIndex),
          ),
    );
    ranked.set(routes, branches);
  }
  return branches;
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Record<string, string | undefined> = {};
  let matchedPathname = '/';
  const matches: RouteMatch[] = [];
  for (const meta of branch.metas) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const found = remaining.match(meta.matcher);
    if (!found) return null;
    const matched = found[0];
    let base = removeTrailingSlash(matched, 1);
    meta.params.forEach(({ name, optional }, index) => {
      const value = found[index + 1];
      if (name === '*')
        base = removeTrailingSlash(matched.slice(0, matched.length - (value ?? '').length), 1);
      params[name] = optional && !value ? undefined : (value ?? '').replace(/%2F/g, '/');
    });
    matches.push({
      params,
      pathname: joinPaths([matchedPathname, matched]),
      pathnameBase: normalizePathname(joinPaths([matchedPathname, base])),
      route: meta.route,
    });
    if (base !== '/') matchedPathname = joinPaths([matchedPathname, base]);
  }
  return matches;
}

function decodePath(value: string): string {
  try {
    return value
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return value;
  }
}

/** The routes a pathname renders, outermost first (react-router's ranking), or null when none matches. */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  const decoded = decodePath(pathname || '/');
  for (const branch of rankedBranches(routes)) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}
