import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { signInCompany } from '../fleet.test-support.ts';
import { FleetLayout } from './FleetLayout.tsx';

const URLS = 'GET /api/automas-param-system/togo-urls/';

function render() {
  signInCompany();
  return renderRoutes(
    [
      {
        path: '/flota',
        Component: FleetLayout,
        children: [
          { index: true, Component: () => <p>Lista</p> },
          { path: 'estado-carga', Component: () => <p>Errores</p> },
        ],
      },
      stub('/auth'),
    ],
    { initialEntries: ['/flota'] },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fleet sidebar', () => {
  it('links the fleet screens, marking the current one', async () => {
    mockFetch({ [URLS]: () => json(200, { results: [] }) });
    const view = render();
    const nav = screen.getByRole('navigation', { name: 'Menú de la flota' });
    expect(within(nav).getByRole('link', { name: 'Tu flota' })).toHaveAttribute('aria-current', 'page');
    await view.user.click(within(nav).getByRole('link', { name: 'Estado de carga vehículos' }));
    expect(await screen.findByText('Errores')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Estado de carga vehículos' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Issue 37: the organisation's bookings are in the fleet menu, not only under /app/agendamientos.
    expect(within(nav).getByRole('link', { name: 'Agendamientos' })).toHaveAttribute(
      'href',
      '/flota/agendamientos',
    );
    // No data_policy_pdf configured: the PDF the API serves.
    expect(within(nav).getByRole('link', { name: 'Política de tratamiento de datos' })).toHaveAttribute(
      'href',
      '/static/legal/politica-tratamiento-datos-personales.pdf',
    );
  });

  it("the 'Menú' button opens and closes the menu (collapsed on a phone) and a link closes it", async () => {
    mockFetch({ [URLS]: () => json(200, { results: [] }) });
    const view = render();
    const button = screen.getByRole('button', { name: 'Menú' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'fleet-nav');
    await view.user.click(button);
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Menú de la flota' })).toHaveClass('fleet-nav--open');
    await view.user.click(screen.getByRole('link', { name: 'Estado de carga vehículos' }));
    expect(await screen.findByText('Errores')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menú' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers the data-policy PDF from the configured URLs', async () => {
    mockFetch({
      [URLS]: () => json(200, { results: [{ name: 'data_policy_pdf', url: '/static/legal/politica.pdf' }] }),
    });
    render();
    const link = screen.getByRole('link', { name: 'Política de tratamiento de datos' });
    expect(link).toHaveAttribute('download');
    await vi.waitFor(() => expect(link).toHaveAttribute('href', '/static/legal/politica.pdf'));
  });

  it.each([
    ['Alertas', '/flota/alertas'],
    ['Reportes', '/flota/reportes'],
    ['Próximos servicios', '/flota/proximos-servicios'],
  ])('%s is a link to its screen, no longer coming soon', (label, href) => {
    mockFetch({ [URLS]: () => json(200, { results: [] }) });
    render();
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
    expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
  });

  it.each(['Modo', 'Ayuda'])("'%s' says it is coming soon", async (label) => {
    mockFetch({ [URLS]: () => json(200, { results: [] }) });
    const view = render();
    await view.user.click(screen.getByRole('button', { name: label }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      '¡Esta funcionalidad estará disponible próximamente!',
    );
  });

  it("'Cerrar sesión' revokes the token, clears the storage and goes to auth", async () => {
    const api = mockFetch({
      [URLS]: () => json(200, { results: [] }),
      'POST /api/users/logout/': () => new Response(null, { status: 204 }),
    });
    localStorage.setItem('fleetFavorite', '3');
    const view = render();
    await view.user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByText('Ruta /auth')).toBeInTheDocument();
    expect(api.bodies('POST /api/users/logout/')).toEqual([{ token: 'tok-empresa' }]);
    expect(localStorage.length).toBe(0);
  });
});
