import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Location, RouteObject } from 'react-router';
import { AppRoutes } from '../app/route-kit.tsx';
import { DialogProvider } from '../components/ui/dialog-context.tsx';

export interface RenderRoutesOptions {
  /** Paths, or locations with state (`{ pathname, state }`). */
  initialEntries?: NonNullable<Parameters<typeof MemoryRouter>[0]['initialEntries']>;
  /** Options for user-event (e.g. advanceTimers with fake timers). */
  user?: Parameters<typeof userEvent.setup>[0];
}

/** What tests read of the router: the location on screen (updated when a navigation commits). */
export interface RouterProbe {
  state: { location: Location };
}

function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onLocation(location);
  }, [onLocation, location]);
  return null;
}

/** Renders routes in a memory router with the app's providers (fresh query client per test). */
export function renderRoutes(
  routes: RouteObject[],
  { initialEntries = ['/'], user }: RenderRoutesOptions = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const router = { state: {} } as RouterProbe;
  const view = render(
    <QueryClientProvider client={queryClient}>
      <DialogProvider>
        <MemoryRouter initialEntries={initialEntries}>
          <LocationProbe onLocation={(location) => (router.state.location = location)} />
          <AppRoutes routes={routes} />
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user: userEvent.setup(user) };
}

/** Route stub that shows its path, to assert where a screen navigated. */
export function stub(path: string): RouteObject {
  return { path, Component: () => <p>{`Ruta ${path}`}</p> };
}
