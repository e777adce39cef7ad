import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { OperatorRoutes } from '../shell/OperatorRoutes.tsx';
import { ShellLoading } from '../shell/ShellBoundary.tsx';

// Console screens are lazy chunks: on this shared 2-core machine the first import of one can take seconds.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

/** The console's routes in a memory router (paths without /operador), with a fresh query client. */
export function renderConsole(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<ShellLoading />}>
          <OperatorRoutes />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, user: userEvent.setup() };
}

export const ADMIN_ME = {
  id: 1,
  correo: 'admin@togo.co',
  nombre: 'Ana Admin',
  rol: 'admin',
  totp: true,
  totp_pendiente: false,
} as const;
