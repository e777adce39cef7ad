import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { Link, matchRoutes, Outlet } from 'react-router';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, PUBLIC_CONFIG } from '../test/fetch-mock.ts';
import { renderRoutes } from '../test/render.tsx';
import { guarded, preloadRoutes, routeMatches, screen as lazyRoute } from './route-kit.tsx';
import { RootLayout } from './RootLayout.tsx';

/** A module promise the test resolves or rejects by hand. */
function deferredModule<M>() {
  let resolve!: (module: M) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<M>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const load = vi.fn(() => promise);
  return { load, resolve, reject };
}

function Layout() {
  return (
    <main>
      <h1>Área</h1>
      <Outlet />
    </main>
  );
}

// RootLayout's demo banner reads the public configuration once it has rendered.
beforeEach(() => {
  mockFetch({ 'GET /api/config': () => json(200, PUBLIC_CONFIG) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route kit', () => {
  it('preloads the layout and the page of a location together, not one after the other', () => {
    const layout = deferredModule<{ Layout: typeof Layout }>();
    const page = deferredModule<{ Page: () => React.JSX.Element }>();
    const routes: RouteObject[] = [
      {
        path: '/area',
        ...lazyRoute(layout.load, 'Layout'),
        children: [{ path: 'page', ...lazyRoute(page.load, 'Page') }],
      },
    ];
    void preloadRoutes(routes, '/area/page');
    // The layout's chunk has not arrived, yet the page's is already requested.
    expect(layout.load).toHaveBeenCalledTimes(1);
    expect(page.load).toHaveBeenCalledTimes(1);
    void preloadRoutes(routes, '/area/page');
    expect(page.load).toHaveBeenCalledTimes(1);
    // Settle them: chunks in flight are counted app-wide (the progress bar).
    layout.resolve({ Layout });
    page.resolve({ Page: () => <p>Página</p> });
  });

  it("starts a route's reads with its chunk, and nothing behind a guard that redirects", () => {
    const client = new QueryClient();
    const open = vi.fn();
    const page = deferredModule<{ Page: () => React.JSX.Element }>();
    let signedIn = false;
    const routes: RouteObject[] = [
      {
        path: '/privado',
        ...guarded(() => (signedIn ? null : '/auth')),
        children: [{ index: true, ...lazyRoute(page.load, 'Page', open) }],
      },
    ];
    void preloadRoutes(routes, '/privado', client);
    expect(page.load).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();

    signedIn = true;
    void preloadRoutes(routes, '/privado', client);
    expect(page.load).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(client);
    page.resolve({ Page: () => <p>Página</p> });
  });

  it('a guard redirects before its screen shows; letting in renders the screen', async () => {
    let allowed = false;
    const routes: RouteObject[] = [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { path: 'auth', element: <p>Ingreso</p> },
          {
            path: 'privado',
            ...guarded(
              () => (allowed ? null : '/auth'),
              lazyRoute(async () => ({ Privado: () => <p>Contenido privado</p> }), 'Privado'),
            ),
          },
        ],
      },
    ];
    const denied = renderRoutes(routes, { initialEntries: ['/privado'] });
    expect(await screen.findByText('Ingreso')).toBeInTheDocument();
    expect(denied.router.state.location.pathname).toBe('/auth');
    expect(screen.queryByText('Contenido privado')).not.toBeInTheDocument();
    denied.unmount();

    allowed = true;
    renderRoutes(routes, { initialEntries: ['/privado'] });
    expect(await screen.findByText('Contenido privado')).toBeInTheDocument();
  });

  it('keeps the current screen with a progress bar while the next chunk loads', async () => {
    const next = deferredModule<{ Next: () => React.JSX.Element }>();
    const routes: RouteObject[] = [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { index: true, element: <Link to="/siguiente">Ir</Link> },
          { path: 'siguiente', ...lazyRoute(next.load, 'Next') },
        ],
      },
    ];
    const view = renderRoutes(routes);
    await view.user.click(screen.getByRole('link', { name: 'Ir' }));
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir' })).toBeInTheDocument();
    await act(async () => next.resolve({ Next: () => <p>Pantalla siguiente</p> }));
    expect(await screen.findByText('Pantalla siguiente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('does not render the screen being left again while the next one loads (its guard would redirect)', async () => {
    const next = deferredModule<{ Next: () => React.JSX.Element }>();
    let flowEnded = false;
    const guard = vi.fn(() => (flowEnded ? '/fuera' : null));
    function Code() {
      return (
        <Link to="/siguiente" onClick={() => (flowEnded = true)}>
          Terminar
        </Link>
      );
    }
    const routes: RouteObject[] = [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { path: 'codigo', ...guarded(guard), children: [{ index: true, Component: Code }] },
          { path: 'siguiente', ...lazyRoute(next.load, 'Next') },
          { path: 'fuera', element: <p>Fuera</p> },
        ],
      },
    ];
    const view = renderRoutes(routes, { initialEntries: ['/codigo'] });
    await view.user.click(screen.getByRole('link', { name: 'Terminar' }));
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    await act(async () => next.resolve({ Next: () => <p>Pantalla siguiente</p> }));
    expect(await screen.findByText('Pantalla siguiente')).toBeInTheDocument();
    expect(screen.queryByText('Fuera')).not.toBeInTheDocument();
    expect(guard.mock.results.map((result) => result.value)).not.toContain('/fuera');
  });

  it('a chunk that fails to load shows the error screen, and the next navigation leaves it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = deferredModule<{ Broken: () => React.JSX.Element }>();
    const routes: RouteObject[] = [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { index: true, element: <p>Inicio</p> },
          { path: 'rota', ...lazyRoute(broken.load, 'Broken') },
        ],
      },
    ];
    renderRoutes(routes, { initialEntries: ['/rota'] });
    await act(async () => broken.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    await act(async () => screen.getByRole('link', { name: 'Ir al inicio' }).click());
    expect(await screen.findByText('Inicio')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('a screen whose chunk has loaded renders in the first pass, without the loader', async () => {
    const page = deferredModule<{ Page: () => React.JSX.Element }>();
    const routes: RouteObject[] = [
      { path: '/', Component: RootLayout, children: [{ path: 'lista', ...lazyRoute(page.load, 'Page') }] },
    ];
    const loaded = preloadRoutes(routes, '/lista');
    page.resolve({ Page: () => <p>Lista cargada</p> });
    await loaded;
    renderRoutes(routes, { initialEntries: ['/lista'] });
    // Synchronously after render: no Suspense fallback ('Cargando...') was needed.
    expect(screen.getByText('Lista cargada')).toBeInTheDocument();
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
  });

  it('preloadRoutes settles when the chunks load or fail, so the first render never waits forever', async () => {
    const broken = deferredModule<{ Broken: () => React.JSX.Element }>();
    const routes: RouteObject[] = [{ path: '/rota', ...lazyRoute(broken.load, 'Broken') }];
    const settled = preloadRoutes(routes, '/rota');
    broken.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(settled).resolves.toBeUndefined();
  });
});

describe('routeMatches', () => {
  it("is React Router's match of a path, computed once per route table and path", () => {
    const table: RouteObject[] = [{ path: '/', children: [{ path: 'a/:id' }, { path: 'b' }, { path: '*' }] }];
    const other: RouteObject[] = [{ path: '/b' }];
    const first = routeMatches(table, '/a/7');
    expect(first).toEqual(matchRoutes(table, '/a/7'));
    expect(first?.at(-1)?.params).toEqual({ id: '7' });
    expect(routeMatches(table, '/a/7')).toBe(first);
    expect(routeMatches(table, '/b')).not.toBe(first);
    expect(routeMatches(other, '/a/7')).toBeNull();
    // Past the paths it keeps it starts again, with the same answers.
    for (let i = 0; i < 100; i++)
      expect(routeMatches(table, `/a/${i}`)?.at(-1)?.params).toEqual({ id: String(i) });
    expect(routeMatches(table, '/a/7')).toEqual(first);
  });
});
