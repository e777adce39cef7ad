import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { asRole } from '../../test/as-role.tsx';
import PicoPlacaScreen from './PicoPlacaScreen.tsx';
import { expiredMedellin } from './pico-placa-test-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = [
  { ciudad: '05001', nombre: 'Medellín', vigente_hasta: null, estado: 'vencida' },
  { ciudad: '11001', nombre: 'Bogotá', vigente_hasta: null, estado: 'vigente' },
  { ciudad: '76001', nombre: 'Cali', vigente_hasta: '2026-12-10', estado: 'por_vencer' },
];

function renderScreen(routes: Parameters<typeof mockFetch>[0], role: StaffRole = 'contenido') {
  const mock = mockFetch({
    'GET /api/operador/pico-placa/': () => json(200, LIST),
    'GET /api/operador/pico-placa/05001/': () => json(200, { ...expiredMedellin(), version: 0 }),
    'GET /api/operador/pico-placa/05001/historial/': () => json(200, []),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={['/operador/pico-placa']}>
      <PicoPlacaScreen />
    </MemoryRouter>,
    { wrapper: asRole(role) },
  );
  return { mock, user: userEvent.setup() };
}

// The editor is a large form in jsdom: user-event runs slowly on this shared machine.
describe('PicoPlacaScreen', { timeout: 30_000 }, () => {
  it('lists the cities with their state and opens one', async () => {
    const { user } = renderScreen({});
    const table = await screen.findByRole('table', { name: /ciudades y estado/i });
    expect(within(table).getByText('Vencida')).toHaveClass('pp-state--vencida');
    expect(within(table).getByText('Por vencer')).toHaveClass('pp-state--por_vencer');
    expect(within(table).getByText('10/12/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Medellín' }));
    expect(await screen.findByRole('group', { name: /regla 1/i })).toBeInTheDocument();
    expect(await screen.findByText(/sin cambios hechos en la consola/i)).toBeInTheDocument();
  });

  it('adds a rule: the preview shows the restriction, and saving sends both rules', async () => {
    const { mock, user } = renderScreen({
      'PUT /api/operador/pico-placa/05001/': () =>
        json(200, { ciudad: '05001', version: 1, vigente_hasta: '2027-05-24', estado: 'vigente' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    const preview = screen.getByRole('table', { name: /restricción por fecha/i });
    expect(within(preview).queryAllByText('PyP')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '+ Agregar regla' }));
    expect(screen.getByRole('group', { name: /regla 2/i })).toBeInTheDocument();
    await waitFor(() => expect(within(preview).getAllByText('PyP').length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    await screen.findByText(/guardado como versión 1/i);
    const [body] = mock.bodies('PUT /api/operador/pico-placa/05001/') as { rules: { id: string }[] }[];
    expect(body?.rules).toHaveLength(2);
  });

  it('shows the server 400 next to the field and keeps the form', async () => {
    renderScreen({
      'PUT /api/operador/pico-placa/05001/': () =>
        json(400, { rules: { 0: { area: ['Zona no reconocida.'] } } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    await user.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    expect(await screen.findByText('Zona no reconocida.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Zona/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(/rechazó/);
  });

  it('refuses to save an invalid rule without calling the server', async () => {
    const { mock, user } = renderScreen({});
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    await user.clear(screen.getByLabelText(/^Identificador/));
    await user.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    expect(await screen.findByText(/revisa los campos marcados/i)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Identificador/)).toHaveAttribute('aria-invalid', 'true');
    expect(mock.bodies('PUT /api/operador/pico-placa/05001/')).toHaveLength(0);
  });

  it('operaciones reads the rules, the preview and the history, with nothing to change', async () => {
    const { user } = renderScreen({}, 'operaciones');
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    expect(screen.getByText(/Tu rol puede consultar las reglas y su historial/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar JSON' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Guardar reglas|Importar JSON|Agregar regla|Quitar/ }),
    ).toBeNull();
    expect(screen.getByLabelText(/^Identificador/)).toBeDisabled();
    expect(screen.getByRole('table', { name: /restricción por fecha/i })).toBeInTheDocument();
  });
});
