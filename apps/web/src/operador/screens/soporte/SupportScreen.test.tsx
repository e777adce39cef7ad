import { useLayoutEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@togo/domain/operator/operator-auth.contract';
import {
  supportActionAnswerSchema,
  supportBookingsPageSchema,
  supportSearchPageSchema,
  supportUserDetailSchema,
  type SupportBooking,
  type SupportSearchPage,
  type SupportUserDetail,
} from '@togo/domain/operator/operator-support.contract';
import { contractJson, inTurn, json, server } from '../../../test/api-server.ts';
import { setOperatorToken } from '../../lib/operator-api.ts';
import { StaffRoleProvider } from '../../lib/staff-role.tsx';
import SupportScreen from './SupportScreen.tsx';

// Still raised (decision 089): at a load average of 17 on 2 cores the first look-up took 3.5–5.4 s.
vi.setConfig({ testTimeout: 30_000 });

const seen = { location: '' };
function Probe() {
  const l = useLocation();
  useLayoutEffect(() => {
    seen.location = l.pathname + l.search;
  }, [l]);
  return null;
}

function renderSupport(path = '/soporte', role: StaffRole = 'soporte') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <StaffRoleProvider role={role}>
        <MemoryRouter initialEntries={[path]}>
          <Probe />
          <Routes>
            <Route path="soporte/*" element={<SupportScreen />} />
          </Routes>
        </MemoryRouter>
      </StaffRoleProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const user = (id: number, nombre: string) => ({
  id,
  correo: `${nombre.toLowerCase()}@correo.com`,
  nombre: `${nombre} Pérez`,
  telefono: '3001234567',
  documento: '1020304050',
  placas: ['ABC123'],
  creado: '2026-11-01T15:00:00.000Z',
});

const booking = (n: number): SupportBooking => ({
  id: `b-${n}`,
  referencia: `R-${n}`,
  servicio: 'tramites',
  sede: 'Sede Calle 80',
  fecha: `2026-12-${String(n).padStart(2, '0')}`,
  hora: '09:00',
  placa: 'ABC123',
  estado: n === 1 ? 'cancelada' : 'confirmada',
  pagado: n === 2,
  estado_reembolso: n === 1 ? 'realizado' : null,
});

const DETAIL: SupportUserDetail = {
  id: 7,
  nombre: 'Ana Pérez',
  correo: 'ana@correo.com',
  correo_pendiente: null,
  telefono: '3001234567',
  tipo_documento: 'CC',
  documento: '1020304050',
  verificado: true,
  bloqueado: true,
  bloqueado_hasta: '2026-11-25T15:30:00.000Z',
  sesiones_activas: 2,
  creado: '2026-11-01T15:00:00.000Z',
  eliminado: null,
  vehiculos: [{ id: 1, placa: 'ABC123', ciudad: 'Bogotá, D.C.', clase: 'AUTOMOVIL' }],
  agendamientos: {
    data: Array.from({ length: 10 }, (_, i) => booking(i + 1)),
    total: 12,
    page: 1,
    page_size: 10,
  },
  avisos: {
    data: [
      {
        id: 1,
        canal: 'whatsapp',
        tipo: 'vencimientos',
        titulo: 'Tu SOAT vence pronto',
        estado: 'failed',
        motivo: 'sin_consentimiento',
        fecha: '2026-11-20T15:00:00.000Z',
      },
    ],
    total: 1,
    page: 1,
    page_size: 10,
  },
};

beforeEach(() => setOperatorToken('token-de-prueba'));
afterEach(() => setOperatorToken(null));

const USERS = '/api/operador/usuarios/';
const found = (page: SupportSearchPage) => contractJson(supportSearchPageSchema, page);
const detail = () => contractJson(supportUserDetailSchema, DETAIL);

describe('support look-up', () => {
  it('searches on the server with page and order in the address; sorts and pages', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(USERS, ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        const page = Number(params.get('page'));
        return found({ data: [user(page, page === 1 ? 'Ana' : 'Bea')], total: 25, page, page_size: 20 });
      }),
    );
    const u = renderSupport();
    expect(screen.getByText('Escribe un dato del conductor para buscarlo.')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Buscar conductor'), ' abc-123 ');
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('link', { name: 'Ana Pérez' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '25 conductores' })).toBeInTheDocument();
    expect(Object.fromEntries(queries[0]!)).toEqual({
      q: 'abc-123',
      page: '1',
      page_size: '20',
      orden: 'nombre',
    });
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'ascending');

    await u.click(screen.getByRole('button', { name: /Nombre/ }));
    await waitFor(() => expect(queries.at(-1)?.get('orden')).toBe('-nombre'));
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'descending');

    await u.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('link', { name: 'Bea Pérez' })).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(seen.location).toBe('/soporte?q=abc-123&page=2&orden=-nombre');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('says so when nobody matches, and offers a retry when the search fails', async () => {
    server.use(
      http.get(
        USERS,
        inTurn(
          found({ data: [], total: 0, page: 1, page_size: 20 }),
          json(500, { detail: 'Error interno.' }),
          found({ data: [user(1, 'Ana')], total: 1, page: 1, page_size: 20 }),
        ),
      ),
    );
    const u = renderSupport('/soporte?q=NADA00');
    expect(await screen.findByText(/No encontramos conductores con «NADA00»/)).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Buscar conductor'));
    await u.type(screen.getByLabelText('Buscar conductor'), 'ana@correo.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno.');
    await u.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: '1 conductor' })).toBeInTheDocument();
  });
});

describe('driver detail', () => {
  it('shows the account, the lock, and the tabs; "Ver más" loads the next bookings', async () => {
    server.use(
      http.get('/api/operador/usuarios/7/', detail),
      http.get('/api/operador/usuarios/7/agendamientos/', ({ request }) => {
        expect(new URL(request.url).searchParams.get('page')).toBe('2');
        return contractJson(supportBookingsPageSchema, {
          data: [booking(11), booking(12)],
          total: 12,
          page: 2,
          page_size: 10,
        });
      }),
    );
    const u = renderSupport('/soporte/7', 'contenido');
    expect(screen.getByRole('status')).toHaveTextContent('Cargando conductor…');
    expect(await screen.findByRole('heading', { name: 'Ana Pérez' })).toBeInTheDocument();
    expect(screen.getByText(/^Bloqueado hasta/)).toBeInTheDocument();
    expect(screen.getByText('CC 1020304050')).toBeInTheDocument();
    // contenido reads but does not act.
    expect(
      await screen.findByText('Tu rol puede consultar, pero no realizar acciones de soporte.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar sesiones' })).not.toBeInTheDocument();

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Automóvil')).toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: /Agendamientos/ }));
    expect(screen.getByRole('tab', { name: /Agendamientos/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Reembolso realizado', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('10 de 12')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByText('12 de 12')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(13));
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();

    // Arrow keys move between tabs.
    await u.click(screen.getByRole('tab', { name: /Agendamientos/ }));
    await u.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Avisos/ })).toHaveFocus();
    expect(screen.getByText('Fallido')).toBeInTheDocument();
    expect(screen.getByText('WhatsApp')).toBeInTheDocument();
  });

  it('an unknown driver says so', async () => {
    server.use(http.get('/api/operador/usuarios/999/', () => json(404, { detail: 'No encontrado.' })));
    renderSupport('/soporte/999');
    expect(await screen.findByText('No encontramos este conductor.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Volver a la búsqueda' })).toBeInTheDocument();
  });
});

describe('support actions', () => {
  it('asks for confirmation, runs the action, announces the outcome and refreshes the driver', async () => {
    let detailReads = 0;
    const revoke = inTurn(
      contractJson(supportActionAnswerSchema, { detail: 'Se cerraron 2 sesiones.', afectados: 2 }),
    );
    server.use(
      http.get('/api/operador/usuarios/7/', () => {
        detailReads += 1;
        return detail();
      }),
      http.post('/api/operador/usuarios/7/revocar-sesiones/', revoke),
      http.post('/api/operador/usuarios/7/reenviar-codigo/', () =>
        json(
          429,
          { detail: 'Debes esperar 40 segundos antes de solicitar un nuevo código.', segundos: 40 },
          { 'retry-after': '40' },
        ),
      ),
    );
    const u = renderSupport('/soporte/7');
    await u.click(await screen.findByRole('button', { name: 'Cerrar sesiones' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Cerrar todas las sesiones de Ana Pérez?');
    expect(within(dialog).getByRole('button', { name: 'Sí, cerrar sesiones' })).toHaveFocus();
    await u.click(within(dialog).getByRole('button', { name: 'Sí, cerrar sesiones' }));
    expect(await screen.findByText('Se cerraron 2 sesiones.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(revoke.bodies).toHaveLength(1);
    await waitFor(() => expect(detailReads).toBe(2));

    // Escape cancels without calling the server.
    await u.click(screen.getByRole('button', { name: 'Desbloquear cuenta' }));
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desbloquear cuenta' })).toHaveFocus();

    // A refusal shows the server's Spanish message.
    await u.click(screen.getByRole('button', { name: 'Reenviar código' }));
    // It says which code the driver will get (issue 38: it promised a verification code).
    expect(screen.getByRole('alertdialog')).toHaveTextContent('un código para restablecer su contraseña');
    await u.click(screen.getByRole('button', { name: 'Sí, enviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Debes esperar 40 segundos antes de solicitar un nuevo código.',
    );
  });
});
