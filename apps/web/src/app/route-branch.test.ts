import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchedBranch } from './route-kit.tsx';
import { routes } from './router.tsx';

/** Every path the app's table declares, with its parameters and splats filled in. */
function declaredPaths(table: RouteObject[], base = ''): string[] {
  return table.flatMap((route) => {
    const path =
      route.path === undefined ? base : `${base.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const here = route.path !== undefined || route.index ? [path || '/'] : [];
    return [...here, ...declaredPaths(route.children ?? [], path)];
  });
}
const concrete = (path: string) => path.replace(/:[A-Za-z_]+\??/g, '42').replace(/\*$/, 'algo/mas');

/** What a match says: which route objects' parts (screen, guard) and which parameters. */
const summary = (table: RouteObject[], path: string) =>
  matchRoutes(table, path)?.map((m) => ({
    Component: m.route.Component,
    handle: m.route.handle,
    params: m.params,
  }));

describe('matchedBranch', () => {
  const paths = [...new Set(declaredPaths(routes).map(concrete))];

  it("matches every declared path, and unknown ones, to the same routes and params as the app's whole table", () => {
    expect(paths.length).toBeGreaterThan(40);
    for (const path of [...paths, '/no/existe', '/app/home/', '/APP/HOME', '/']) {
      const whole = summary(routes, path);
      expect(summary(matchedBranch(routes, path), path), path).toEqual(whole);
    }
  });

  it('keeps the branch per path: the same objects on every render', () => {
    expect(matchedBranch(routes, '/app/home')).toBe(matchedBranch(routes, '/app/home'));
    expect(matchedBranch(routes, '/app/home')).not.toBe(matchedBranch(routes, '/auth/login'));
  });

  it('is one route per level, down to the matched screen', () => {
    let level = matchedBranch(routes, '/auth/login');
    let depth = 0;
    while (level.length > 0) {
      expect(level).toHaveLength(1);
      depth += 1;
      level = level[0]?.children ?? [];
    }
    expect(depth).toBe(matchRoutes(routes, '/auth/login')?.length);
  });

  it('is empty when nothing matches', () => {
    const table: RouteObject[] = [{ path: '/a', children: [{ path: 'b' }] }];
    expect(matchedBranch(table, '/c')).toEqual([]);
    expect(matchRoutes(matchedBranch(table, '/a/b'), '/a/b')?.map((m) => m.pathname)).toEqual(['/a', '/a/b']);
  });
});
