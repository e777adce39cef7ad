import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { CONSULTA_NOTE } from '../fleet-role.ts';
import { fleetVehicle, signInCompany } from '../fleet.test-support.ts';
import { FLEET_EMPTY_MESSAGE, FleetListRoute } from './FleetList.tsx';

const LIST = 'GET /api/togo/vehicle/traer_vehiculos_flota';

const FLEET = [
  fleetVehicle(1, 'ABC123', 'Bogotá'),
  fleetVehicle(2, 'XYZ98D', 'Medellín'),
  fleetVehicle(3, 'ABD456', null),
];

/** Answers like the API: `placa` keeps the plates containing it. */
function fleetApi(vehicles = FLEET) {
  return mockFetch({
    [LIST]: ({ url }) => {
      const placa = new URL(url, 'http://localhost').searchParams.get('placa') ?? '';
      const data = vehicles.filter((v) => v.placa.includes(placa));
      return json(200, { data, total: data.length, numero_paginas_totales: data.length ? 1 : 0 });
    },
  });
}

function render() {
  signInCompany();
  return renderRoutes(
    [{ path: '/flota', Component: FleetListRoute }, stub('/flota/upload'), stub('/flota/vehicle')],
    { initialEntries: ['/flota'] },
  );
}

const plates = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fleet list (/flota)', () => {
  it('lists the vehicles with row number, plate, city and a detail link', async () => {
    fleetApi();
    const view = render();
    expect(await screen.findByRole('rowheader', { name: 'ABC123' })).toBeInTheDocument();
    expect(plates()).toEqual(['ABC123', 'XYZ98D', 'ABD456']);
    const third = screen.getAllByRole('row')[3] as HTMLElement;
    expect(within(third).getByText('3')).toBeInTheDocument();
    expect(within(third).getByText('No especificado')).toBeInTheDocument();
    expect(screen.getByText('3 vehículos')).toBeInTheDocument();

    await view.user.click(screen.getByRole('link', { name: 'Ver detalle de XYZ98D' }));
    expect(await screen.findByText('Ruta /flota/vehicle')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?id=2');
  });

  it('the plate search filters the table (case and separators ignored)', async () => {
    const api = fleetApi();
    const view = render();
    await screen.findByRole('rowheader', { name: 'ABC123' });
    await view.user.type(screen.getByRole('searchbox', { name: 'Buscar por placa' }), 'ab-');
    await waitFor(() => expect(plates()).toEqual(['ABC123', 'ABD456']));
    expect(screen.getByText('2 vehículos con «AB»')).toBeInTheDocument();
    const urls = api.fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.at(-1)).toContain('placa=AB');

    await view.user.type(screen.getByRole('searchbox', { name: 'Buscar por placa' }), 'Q');
    expect(await screen.findByText('Ningún vehículo de tu flota coincide con «ABQ».')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('one favourite at a time, kept in localStorage', async () => {
    fleetApi();
    const view = render();
    const first = await screen.findByRole('button', { name: 'Favorito ABC123' });
    const second = screen.getByRole('button', { name: 'Favorito XYZ98D' });
    expect(first).toHaveAttribute('aria-pressed', 'false');

    await view.user.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('fleetFavorite')).toBe('1');

    await view.user.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);
    expect(localStorage.getItem('fleetFavorite')).toBe('2');

    view.unmount();
    fleetApi();
    render();
    expect(await screen.findByRole('button', { name: 'Favorito XYZ98D' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await view.user.click(screen.getByRole('button', { name: 'Favorito XYZ98D' }));
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(localStorage.getItem('fleetFavorite')).toBeNull();
  });

  it('a consulta member sees no «Añadir vehículos», and why (issue 37)', async () => {
    fleetApi();
    const admin = render();
    await screen.findByRole('rowheader', { name: 'ABC123' });
    expect(screen.getByRole('link', { name: 'Añadir vehículos' })).toBeInTheDocument();
    expect(screen.queryByText(CONSULTA_NOTE)).not.toBeInTheDocument();
    admin.unmount();

    localStorage.setItem('fleetMembership', JSON.stringify({ empresa: 'X', rol: 'consulta' }));
    render();
    await screen.findByRole('rowheader', { name: 'ABC123' });
    expect(screen.getByRole('note')).toHaveTextContent(CONSULTA_NOTE);
    expect(screen.queryByRole('link', { name: 'Añadir vehículos' })).not.toBeInTheDocument();
  });

  it('writes the count and the page numbers with es-CO thousands separators (issue 37)', async () => {
    mockFetch({
      [LIST]: () => json(200, { data: FLEET, total: 5_205, numero_paginas_totales: 1_302 }),
    });
    render();
    expect(await screen.findByText('5.205 vehículos')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 1.302')).toBeInTheDocument();
  });

  it("shows 'No hay vehículos inscritos en tu flota' and 'Añadir vehículos' when the fleet is empty", async () => {
    fleetApi([]);
    const view = render();
    expect(await screen.findByText(FLEET_EMPTY_MESSAGE)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Añadir vehículos' });
    expect(links).toHaveLength(2);
    await view.user.click(links[1] as HTMLElement);
    expect(await screen.findByText('Ruta /flota/upload')).toBeInTheDocument();
  });

  it('a failed list is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ [LIST]: () => json(500, { detail: 'Error' }) });
    render();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('No se pudo consultar la flota', expect.anything()),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(FLEET_EMPTY_MESSAGE)).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
