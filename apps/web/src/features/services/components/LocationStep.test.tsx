import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Branch, CityOption } from '@togo/domain/booking/booking.contract';
import { json, mockFetch, PUBLIC_CONFIG } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { BRANCH, citiesAnswer } from '../routes/rtm.test-support.ts';
import { LocationStep } from './LocationStep.tsx';

const map = vi.hoisted(() => ({ fail: false }));
vi.mock('./BranchMap.tsx', () => ({
  default: () => {
    if (map.fail) throw new Error('Leaflet no cargó');
    return <div>Mapa de prueba</div>;
  },
}));

const SUR: Branch = { ...BRANCH, id: 'sede-sur', nombre: 'CDA Sur', lat: 4.58, lng: -74.15 };
const BOGOTA: CityOption = { text: 'Bogotá D.C.', value: '11001' };

afterEach(() => {
  map.fail = false;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderStep(city: CityOption | null, onChoose = vi.fn()) {
  return renderRoutes(
    [
      {
        path: '/',
        Component: () => <LocationStep flow="rtm" city={city} onCityChange={vi.fn()} onChoose={onChoose} />,
      },
    ],
    {},
  );
}

describe('LocationStep (ubicacion)', () => {
  it("'Usar mi ubicación' sorts the branches nearest first and shows the distance", async () => {
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/agendamiento/obtener-ciudades-togo/': () => citiesAnswer([BOGOTA]),
      'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [BRANCH, SUR]),
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 4.57, longitude: -74.16 } } as GeolocationPosition),
      },
    });
    const { user } = renderStep(BOGOTA);
    const names = () =>
      within(screen.getByRole('list'))
        .getAllByRole('button')
        .map((b) => b.querySelector('.branch-card__name')?.textContent);
    await waitFor(() => expect(names()).toEqual(['CDA Norte', 'CDA Sur']));
    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación' }));
    expect(names()).toEqual(['CDA Sur', 'CDA Norte']);
    expect(screen.getByText(/^A 1,6 km$/)).toBeInTheDocument();
  });

  it('says so when the city has no branches, and empties the list when the call fails', async () => {
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/agendamiento/obtener-ciudades-togo/': () => citiesAnswer([BOGOTA]),
      'POST /wh/transversal/sedes_by_ciudad/': () => json(500, { detail: 'Error interno.' }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderStep(BOGOTA);
    expect(
      await screen.findByText(
        'Actualmente no hay sedes para este servicio, Por favor, seleccione otra ciudad.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('offline, says that the branches need a connection, not that there are none (issue 36)', async () => {
    let online = false;
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/agendamiento/obtener-ciudades-togo/': () => citiesAnswer([BOGOTA]),
      'POST /wh/transversal/sedes_by_ciudad/': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return json(200, [BRANCH]);
      },
    });
    const { user } = renderStep(BOGOTA);
    expect(
      await screen.findByText(
        'Necesitas conexión a internet para ver las sedes. Revisa tu conexión e intenta de nuevo.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no hay sedes/)).not.toBeInTheDocument();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('CDA Norte')).toBeInTheDocument();
  });

  it('keeps the branch list when the map cannot load (only logged)', async () => {
    map.fail = true;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/agendamiento/obtener-ciudades-togo/': () => citiesAnswer([BOGOTA]),
      'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [BRANCH]),
    });
    renderStep(BOGOTA);
    expect(await screen.findByRole('button', { name: /CDA Norte/ })).toBeInTheDocument();
    expect(screen.queryByText('Mapa de prueba')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Mapa de sedes no disponible', expect.any(Error));
  });
});
