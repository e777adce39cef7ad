import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fleetError, signInCompany } from '../fleet.test-support.ts';
import { FleetErrorsRoute, NO_ERRORS_MESSAGE } from './FleetErrors.tsx';

const ERRORS = 'GET /api/togo/vehicle/traer_errores_flota';

/** 23 error rows, ten a page, answered like the API (404 beyond the last page). */
function errorsApi(total = 23) {
  const rows = Array.from({ length: total }, (_, i) => fleetError(i + 1));
  return mockFetch({
    [ERRORS]: ({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams;
      const page = Number(query.get('page'));
      const size = Number(query.get('page_size'));
      const pages = Math.ceil(rows.length / size);
      if (page > Math.max(1, pages)) return json(404, { detail: 'Página inválida.' });
      return json(200, {
        data: rows.slice((page - 1) * size, page * size),
        numero_paginas_totales: pages,
        total: rows.length,
        page,
      });
    },
  });
}

function render(path = '/flota/estado-carga') {
  signInCompany();
  return renderRoutes([{ path: '/flota/estado-carga', Component: FleetErrorsRoute }], {
    initialEntries: [path],
  });
}

const firstPlate = () => within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell')[1];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fleet error status (/flota/estado-carga)', () => {
  it('shows #, Placa, Mensaje, Kilometraje, Documento Propietario and Fecha (dd-MM-yyyy HH:mm, Bogotá: the one date format of the app)', async () => {
    const api = errorsApi();
    render();
    expect(await screen.findByText('ER0001')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Placa',
      'Mensaje',
      'Kilometraje',
      'Documento Propietario',
      'Fecha',
    ]);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', 'ER0001', 'Placa: Formato de placa inválido.', '1000', '900123456', '23-11-2026 10:04']);
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toContain('page=1&page_size=10');
  });

  it('Anterior / Siguiente stay within 1..total pages', async () => {
    errorsApi();
    const view = render();
    await screen.findByText('ER0001');
    const previous = screen.getByRole('button', { name: 'Anterior' });
    const next = screen.getByRole('button', { name: 'Siguiente' });
    expect(previous).toBeDisabled();
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();

    await view.user.click(next);
    expect(await screen.findByText('ER0011')).toBeInTheDocument();
    expect(firstPlate()).toHaveTextContent('ER0011');
    expect(screen.getAllByRole('row')[1]).toHaveTextContent(/^11/);
    expect(view.router.state.location.search).toBe('?page=2');

    await view.user.click(next);
    expect(await screen.findByText('ER0023')).toBeInTheDocument();
    expect(screen.getByText('Página 3 de 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled());
    expect(screen.getAllByRole('row')).toHaveLength(4);

    await view.user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByText('ER0011')).toBeInTheDocument();
  });

  it('a page beyond the last in the address falls back to a page that exists', async () => {
    errorsApi();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render('/flota/estado-carga?page=9');
    expect(await screen.findByText('ER0001')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    logged.mockRestore();
  });

  it("'Refrescar' asks again", async () => {
    const api = errorsApi();
    const view = render();
    await screen.findByText('ER0001');
    const before = api.fetchMock.mock.calls.length;
    await view.user.click(screen.getByRole('button', { name: 'Refrescar' }));
    await waitFor(() => expect(api.fetchMock.mock.calls.length).toBe(before + 1));
  });

  it('says when there are no errors', async () => {
    errorsApi(0);
    render();
    expect(await screen.findByText(NO_ERRORS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar errores (.xlsx)' })).toBeDisabled();
  });
});
