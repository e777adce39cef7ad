import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { selectVehicle } from '../alerts.test-support.tsx';
import { AlertasPeritajeRoute, AlertasTramitesRoute } from './ServiceCards.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CATALOG = 'GET /api/conf/catalogos/paginado/';

describe('Peritaje and trámites modal cards', () => {
  it('peritaje: a card shows title, image, price with IVA, detail lines, links and Agendar', async () => {
    selectVehicle();
    const api = mockFetch({
      [CATALOG]: () =>
        json(200, {
          count: 1,
          next: null,
          previous: null,
          results: [
            {
              clave: 'PERITAJE_LIVIANOS',
              valor: 'Vehículos livianos',
              valor_json: {
                activo: true,
                precio: 289000,
                descripcion: 'Automóviles y camionetas. Inspección en un centro aliado.',
                url_condiciones: 'https://aliado.example.co/condiciones.pdf',
              },
              detalle_archivos: [{ archivo: '/static/catalogo/peritaje/livianos.svg' }],
            },
          ],
        }),
      'GET /api/automas-param-system/togo-urls/': () =>
        json(200, {
          results: [{ name: 'peritaje_restricciones', url: 'https://aliado.example.co/restricciones.pdf' }],
        }),
    });
    const view = renderRoutes(
      [
        { path: '/app/alerts/alertas-peritaje', Component: AlertasPeritajeRoute },
        stub('/app/servicios/peritaje'),
      ],
      { initialEntries: ['/app/alerts/alertas-peritaje'] },
    );
    await view.user.click(await screen.findByRole('button', { name: 'Vehículos livianos' }));
    const card = screen.getByRole('dialog', { name: 'Vehículos livianos' });
    expect(card.querySelector('img')).toHaveAttribute('src', '/static/catalogo/peritaje/livianos.svg');
    expect(card).toHaveTextContent('$ 289.000');
    expect(card).toHaveTextContent('IVA incluido');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Automóviles y camionetas.', 'Inspección en un centro aliado.']);
    expect(within(card).getByRole('link', { name: /Condiciones del servicio/ })).toHaveAttribute(
      'href',
      'https://aliado.example.co/condiciones.pdf',
    );
    expect(within(card).getByRole('link', { name: /Restricciones del servicio/ })).toHaveAttribute(
      'href',
      'https://aliado.example.co/restricciones.pdf',
    );
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toContain('clave_padre=PERITAJES_TOGO');
    await view.user.click(within(card).getByRole('button', { name: 'Agendar' }));
    expect(await screen.findByText('Ruta /app/servicios/peritaje')).toBeInTheDocument();
  });

  it('trámites: Agendar goes to /app/servicios/tramite; no peritaje links', async () => {
    selectVehicle();
    mockFetch({
      [CATALOG]: () =>
        json(200, {
          count: 1,
          next: null,
          previous: null,
          results: [
            {
              clave: 'TRASPASO',
              valor: 'Traspaso de propiedad',
              valor_json: { activo: true, descripcion: 'Cambia el propietario del vehículo en el RUNT.' },
              detalle_archivos: [{ archivo: '/static/catalogo/tramites/traspaso.svg' }],
            },
          ],
        }),
    });
    const view = renderRoutes(
      [
        { path: '/app/alerts/alertas-tramites', Component: AlertasTramitesRoute },
        stub('/app/servicios/tramite'),
      ],
      { initialEntries: ['/app/alerts/alertas-tramites'] },
    );
    await view.user.click(await screen.findByRole('button', { name: 'Traspaso de propiedad' }));
    const card = screen.getByRole('dialog', { name: 'Traspaso de propiedad' });
    expect(card).toHaveTextContent('IVA incluido');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    await view.user.click(within(card).getByRole('button', { name: 'Agendar' }));
    expect(await screen.findByText('Ruta /app/servicios/tramite')).toBeInTheDocument();
  });
});
