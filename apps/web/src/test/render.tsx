import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { DialogProvider } from '../components/ui/dialog-context.tsx';

export interface RenderRoutesOptions {
  initialEntries?: string[];
  /** Options for user-event (e.g. advanceTimers with fake timers). */
  user?: Parameters<typeof userEvent.setup>[0];
}

/** Renders routes in a memory router with the app's providers (fresh query client per test). */
export function renderRoutes(
  routes: RouteObject[],
  { initialEntries = ['/'], user }: RenderRoutesOptions = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <DialogProvider>
        <RouterProvider router={router} />
      </DialogProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user: userEvent.setup(user) };
}

/** Route stub that shows its path, to assert where a screen navigated. */
export function stub(path: string): RouteObject {
  return { path, Component: () => <p>{`Ruta ${path}`}</p> };
}
