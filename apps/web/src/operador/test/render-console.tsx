import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { OperatorRoutes } from '../shell/OperatorRoutes.tsx';
import { ShellLoading } from '../shell/ShellBoundary.tsx';

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
