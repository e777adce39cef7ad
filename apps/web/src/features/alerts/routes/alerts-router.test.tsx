import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { json, mockFetch, PUBLIC_CONFIG } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { alertAnswers, GET_ALERT, selectVehicle } from '../alerts.test-support.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The /app/alerts tree as wired in app/router.tsx (lazy screens, guards). */
describe('alerts routes', () => {
  it('serve the alerts home to a signed-in user with a vehicle', async () => {
    selectVehicle();
    renderRoutes(routes, { initialEntries: ['/app/alerts'] });
    expect(await screen.findByRole('heading', { name: 'Alertas' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(8);
  });

  it('send a visitor without a token to /auth', async () => {
    mockFetch({ 'GET /api/config': () => json(200, PUBLIC_CONFIG) });
    const view = renderRoutes(routes, { initialEntries: ['/app/alerts/soat'] });
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/auth'));
  });

  it("block the guarded alerts while the garage is empty ('¡No olvides configurar tu garaje en TOGO!')", async () => {
    selectVehicle();
    localStorage.setItem('empty', 'true');
    renderRoutes(routes, { initialEntries: ['/app/alerts/soat'] });
    expect(await screen.findByText('¡No olvides configurar tu garaje en TOGO!')).toBeInTheDocument();
  });

  it('leave poliza without a guard of its own', async () => {
    selectVehicle();
    localStorage.setItem('empty', 'true');
    mockFetch({
      [GET_ALERT]: alertAnswers({
        ALERTA_TODO_RIESGO: {
          empty: false,
          data: { fecha_expedicion: null, fecha_vencimiento: '2026-07-31' },
        },
      }),
    });
    renderRoutes(routes, { initialEntries: ['/app/alerts/poliza'] });
    expect(await screen.findByText('31-07-2026')).toBeInTheDocument();
    expect(screen.queryByText('¡No olvides configurar tu garaje en TOGO!')).not.toBeInTheDocument();
  });
});
