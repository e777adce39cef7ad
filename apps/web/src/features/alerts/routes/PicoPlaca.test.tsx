import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PICO_PLACA_NO_SAVED_DATA } from '../../../lib/pico-placa-query.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ELSEWHERE, selectVehicle } from '../alerts.test-support.tsx';
import { PicoPlacaRoute } from './PicoPlaca.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Pico y placa alert', () => {
  it("shows 'Pico y Placa en {city}', the API's message and the embedded page (height 600, sandboxed)", async () => {
    selectVehicle({ city_data: { id: 5001, name: 'Medellín' } });
    const api = mockFetch({
      'GET /api/togo/pico-placa/': () =>
        json(200, {
          status: 'restricted',
          ciudad: { id: 5001, name: 'Medellín' },
          slug: 'medellin',
          url: 'https://www.pyphoy.com/medellin',
          iframe_height: 600,
          mensaje: 'Hoy tienes pico y placa de 5:00 a. m. a 8:00 p. m.',
          ventanas: [{ inicio: '05:00', fin: '20:00' }],
          regla: null,
        }),
    });
    renderRoutes([{ path: '/app/alerts/pico-placa', Component: PicoPlacaRoute }, ...ELSEWHERE], {
      initialEntries: ['/app/alerts/pico-placa'],
    });
    expect(await screen.findByText('Hoy tienes pico y placa de 5:00 a. m. a 8:00 p. m.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pico y Placa en Medellín' })).toBeInTheDocument();
    const frame = screen.getByTitle('Pico y placa en Medellín');
    expect(frame).toHaveAttribute('src', 'https://www.pyphoy.com/medellin');
    expect(frame).toHaveAttribute('height', '600');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toBe('/api/togo/pico-placa/?id_garaje=7');
    expect(document.title).toBe('Pico y placa | TOGO');
  });

  it("uses the API's Bogotá fallback page when the city is not on it", async () => {
    selectVehicle({ city_data: { id: 68001, name: 'Bucaramanga' } });
    mockFetch({
      'GET /api/togo/pico-placa/': () =>
        json(200, {
          status: 'unknown',
          ciudad: { id: 68001, name: 'Bucaramanga' },
          slug: 'bogota',
          url: 'https://www.pyphoy.com/bogota',
          iframe_height: 600,
          mensaje: 'Sin información vigente para Bucaramanga.',
          ventanas: [],
          regla: null,
        }),
    });
    renderRoutes([{ path: '/app/alerts/pico-placa', Component: PicoPlacaRoute }, ...ELSEWHERE], {
      initialEntries: ['/app/alerts/pico-placa'],
    });
    expect(await screen.findByTitle('Pico y placa en Bucaramanga')).toHaveAttribute(
      'src',
      'https://www.pyphoy.com/bogota',
    );
  });

  it("a saved answer of another day (offline) is not shown as today's: it says nothing is saved, with a retry", async () => {
    selectVehicle({ city_data: { id: 11001, name: 'Bogotá' } });
    mockFetch({
      'GET /api/togo/pico-placa/': () =>
        json(
          200,
          {
            fecha: '2020-01-02',
            status: 'not_restricted',
            ciudad: { id: 11001, name: 'Bogotá' },
            slug: 'bogota',
            url: 'https://www.pyphoy.com/bogota',
            iframe_height: 600,
            mensaje: 'Hoy puedes circular',
            ventanas: [],
            regla: null,
          },
          { 'x-togo-offline': '1' },
        ),
    });
    renderRoutes([{ path: '/app/alerts/pico-placa', Component: PicoPlacaRoute }, ...ELSEWHERE], {
      initialEntries: ['/app/alerts/pico-placa'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(PICO_PLACA_NO_SAVED_DATA);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByText('Hoy puedes circular')).not.toBeInTheDocument();
  });
});
