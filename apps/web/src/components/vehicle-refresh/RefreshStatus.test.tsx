import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { RefreshStatus } from './RefreshStatus.tsx';

const STATUS = 'GET /api/togo/vehicle/7/actualizacion/';
const REFRESH = 'POST /api/togo/vehicle/7/actualizar/';

/** The status as the API answers it (garage-refresh-manual.service.ts). */
const status = (ultima: string | null, actualizar_en = 0) => ({
  registro: { ultima_actualizacion: ultima, estado: ultima ? 'al_dia' : 'pendiente', proxima: null },
  multas: { ultima_actualizacion: null, estado: 'pendiente', proxima: null },
  actualizar_en,
});

function renderStatus() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [{ path: '/x', Component: () => <RefreshStatus scope="garage" vehicleId={7} kind="registro" /> }],
    { initialEntries: ['/x'] },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RefreshStatus', () => {
  it("shows the last update and, after 'Actualizar ahora', the refreshed one", async () => {
    mockFetch({
      [STATUS]: () => json(200, status(null)),
      [REFRESH]: () => json(200, status('2026-11-25T15:05:00.000Z', 3600)),
    });
    const view = renderStatus();
    expect(await screen.findByText('Aún sin consultar')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Actualizar ahora' }));
    expect(await screen.findByText(/nov.* 2026, 10:05/)).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Ya actualizaste este vehículo');
  });

  it("a malformed status reads as a failed one ('No disponible'); a malformed refresh, as a failed refresh", async () => {
    mockFetch({
      [STATUS]: () => json(200, { registro: { estado: 'al_dia' }, actualizar_en: -1 }),
      [REFRESH]: () => json(200, { actualizar_en: 3600 }),
    });
    const view = renderStatus();
    expect(await screen.findByText('No disponible')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Actualizar ahora' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos actualizar. Inténtalo de nuevo más tarde.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
