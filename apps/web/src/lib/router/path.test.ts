import { describe, expect, it } from 'vitest';
import { createPath, matchRoutes, parsePath, resolveTo } from './path.ts';
import type { RouteObject } from './path.ts';

const leaf = (path: string): RouteObject => ({ path, element: path });

/** The matched route paths, outermost first, and the params of the deepest match. */
function match(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  return {
    routes: matches.map((m) => (m.route.index ? '(index)' : (m.route.path ?? '(layout)'))),
    params: { ...matches[matches.length - 1]?.params },
    bases: matches.map((m) => m.pathnameBase),
  };
}

describe('router paths (react-router rules)', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true, element: 'root index' },
        {
          path: 'app',
          children: [
            { index: true, element: 'app index' },
            leaf('home'),
            {
              children: [leaf('servicios'), leaf('servicios/rtm')],
            },
            leaf('agendamientos/:id'),
            leaf('*'),
          ],
        },
        { path: 'user-type', children: [leaf('garaje/:from?')] },
        { path: 'flota', children: [{ index: true, element: 'list' }, leaf('*')] },
        leaf('*'),
      ],
    },
  ];

  it('ranks static segments over params and splats, whatever the order', () => {
    expect(match(routes, '/app/home')?.routes).toEqual(['/', 'app', 'home']);
    expect(match(routes, '/app/servicios/rtm')?.routes).toEqual(['/', 'app', '(layout)', 'servicios/rtm']);
    expect(match(routes, '/app/otra/cosa')?.routes).toEqual(['/', 'app', '*']);
    expect(match(routes, '/nada')?.routes).toEqual(['/', '*']);
  });

  it('matches index routes, trailing slashes and case like react-router', () => {
    expect(match(routes, '/')?.routes).toEqual(['/', '(index)']);
    expect(match(routes, '/app')?.routes).toEqual(['/', 'app', '(index)']);
    expect(match(routes, '/app/')?.routes).toEqual(['/', 'app', '(index)']);
    expect(match(routes, '/APP/Home')?.routes).toEqual(['/', 'app', 'home']);
    expect(match(routes, '/flota')?.routes).toEqual(['/', 'flota', '(index)']);
  });

  it('reads params, optional segments and decodes them', () => {
    expect(match(routes, '/app/agendamientos/42')?.params).toEqual({ id: '42' });
    expect(match(routes, '/app/agendamientos/a%20b')?.params).toEqual({ id: 'a b' });
    expect(match(routes, '/user-type/garaje/app')?.params).toEqual({ from: 'app' });
    expect(match(routes, '/user-type/garaje')?.params).toEqual({ from: undefined });
    expect(match(routes, '/app/x/y')?.params).toEqual({ '*': 'x/y' });
    expect(match(routes, '/app/agendamientos/42')?.bases).toEqual(['/', '/app', '/app/agendamientos/42']);
  });

  it('answers null when nothing matches', () => {
    expect(matchRoutes([leaf('/a')], '/b')).toBeNull();
  });

  it('resolves absolute, relative, ".." (by route) and search-only targets', () => {
    const routePaths = ['/', '/flota', '/flota/vehicle'];
    expect(resolveTo('/app/home?x=1#y', routePaths, '/flota/vehicle')).toEqual({
      pathname: '/app/home',
      search: '?x=1',
      hash: '#y',
    });
    expect(resolveTo('detalle', routePaths, '/flota/vehicle').pathname).toBe('/flota/vehicle/detalle');
    expect(resolveTo('..', routePaths, '/flota/vehicle').pathname).toBe('/flota');
    expect(resolveTo('?page=2', routePaths, '/flota/vehicle')).toEqual({
      pathname: '/flota/vehicle',
      search: '?page=2',
      hash: '',
    });
    expect(resolveTo('?', routePaths, '/flota/vehicle').search).toBe('');
    expect(resolveTo({ pathname: '/a', search: 'b=1' }, [], '/').search).toBe('?b=1');
  });

  it('parses and prints paths', () => {
    expect(parsePath('/a/b?c=1#d')).toEqual({ pathname: '/a/b', search: '?c=1', hash: '#d' });
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
    expect(createPath({ pathname: '/a', search: 'c=1' })).toBe('/a?c=1');
  });
});
