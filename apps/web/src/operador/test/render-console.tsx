import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import {
  dashboardSummarySchema,
  type DashboardSummary,
} from '@togo/domain/operator/operator-dashboard.contract';
import { staffMeSchema, type StaffMe } from '@togo/domain/operator/operator-shell.contract';
import { contractJson } from '../../test/api-server.ts';
import { OperatorRoutes } from '../shell/OperatorRoutes.tsx';
import { ShellLoading } from '../components/ShellLoading.tsx';

// Still raised for the console's whole-shell tests (decision 089): at a load average of 23 on 2 cores the first
// test of the audit and staff files took 5.5–6.6 s (3.8–3.9 s at load 15).
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

export const ADMIN_ME: StaffMe = {
  id: 1,
  correo: 'admin@togo.co',
  nombre: 'Ana Admin',
  rol: 'admin',
  totp: true,
  totp_pendiente: false,
  recuperacion_restantes: 10,
};

/** GET /api/operador/yo/ answering who is signed in (checked against the domain's schema). */
export const answerMe = (me: () => StaffMe = () => ADMIN_ME) =>
  http.get('/api/operador/yo/', () => contractJson(staffMeSchema, me()));

/** GET /api/operador/resumen/ (the dashboard, the console's home), a quiet day unless told otherwise. */
export const answerSummary = (
  summary: DashboardSummary = { reservas_hoy: [], ingresos_hoy: 0, pico_placa: [], trabajos_fallidos: [] },
) => http.get('/api/operador/resumen/', () => contractJson(dashboardSummarySchema, summary));
