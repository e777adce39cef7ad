import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { FinanciacionRoute } from './Financiacion.tsx';

const entry = (clave: string, valor: string, archivo: string) => ({
  clave,
  valor,
  valor_json: { activo: true },
  detalle_archivos: [{ archivo }],
});

afterEach(() => vi.unstubAllGlobals());

describe('Financiación', () => {
  it("shows the banner and brand logos, 'Cotizar' opens the restricted frame, back returns step by step", async () => {
    mockFetch({
      'GET /api/conf/catalogos/paginado/': () =>
        json(200, {
          count: 3,
          next: null,
          previous: null,
          results: [
            entry('FIN_BANNER', 'Financia tu vehículo', '/static/banners/fin.svg'),
            entry('FIN_MAZDA', 'Mazda', '/static/marcas/mazda.svg'),
            entry('FIN_KIA', 'Kia', '/static/marcas/kia.svg'),
          ],
        }),
      'GET /api/automas-param-system/togo-urls/': () =>
        json(200, { results: [{ name: 'financiacion', url: 'https://aliado.example.co/cotizar' }] }),
    });
    const { user, router } = renderRoutes(
      [{ path: '/app/servicios/fianciacion', Component: FinanciacionRoute }, stub('/app/servicios')],
      { initialEntries: ['/app/servicios/fianciacion'] },
    );
    expect(await screen.findByLabelText('Marcas aliadas')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Financia tu vehículo' })).toBeInTheDocument();
    // The banner is not a logo: only the other entries are slides.
    expect(screen.getAllByRole('button', { name: /Ir a la diapositiva/ })).toHaveLength(2);
    expect(screen.getByAltText('Mazda')).toBeInTheDocument();
    expect(screen.getByAltText('Kia')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cotizar' }));
    const frame = await screen.findByTitle('Cotización de financiación');
    expect(frame).toHaveAttribute('src', 'https://aliado.example.co/cotizar');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');

    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('button', { name: 'Cotizar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/servicios'));
  });
});
