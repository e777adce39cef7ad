import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ELSEWHERE, GET_ALERT, selectVehicle } from '../alerts.test-support.tsx';
import { NO_SAVED_DATA } from '../components/DateFacts.tsx';
import { RtmRoute, SoatRoute } from './SoatRtm.tsx';

/** Offline SOAT and RTM screens (decision 040): the saved dates, or 'Sin datos guardados', never an error. */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAlert(path: '/app/alerts/soat' | '/app/alerts/rtm') {
  return renderRoutes(
    [
      { path: '/app/alerts/soat', Component: SoatRoute },
      { path: '/app/alerts/rtm', Component: RtmRoute },
      ...ELSEWHERE,
    ],
    { initialEntries: [path] },
  );
}

const saved = {
  empty: false,
  data: {
    fecha_expedicion: '2025-05-02',
    fecha_vencimiento: '2027-05-01',
    fuente: 'registro',
    demo: false,
    cda: 'CDA Norte',
  },
};

/** The service worker's answer from its cache: the last 2xx, marked x-togo-offline. */
const fromCache = () => json(200, saved, { 'x-togo-offline': '1' });

/** No connection and nothing in the cache: fetch rejects as the browser's does. */
const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));

describe('SOAT and RTM offline', () => {
  it('shows the dates the service worker saved', async () => {
    selectVehicle();
    mockFetch({ [GET_ALERT]: fromCache });
    renderAlert('/app/alerts/rtm');
    expect(await screen.findByText('01-05-2027')).toBeInTheDocument();
    expect(screen.getByText('02-05-2025')).toBeInTheDocument();
    expect(screen.queryByText(NO_SAVED_DATA)).not.toBeInTheDocument();
  });

  it.each([
    ['/app/alerts/soat', 'Vigencia de tu SOAT'],
    ['/app/alerts/rtm', 'Vigencia de tu revisión'],
  ] as const)("%s says 'Sin datos guardados' when nothing is saved", async (path, title) => {
    selectVehicle();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ [GET_ALERT]: noConnection });
    renderAlert(path);
    await screen.findByText(NO_SAVED_DATA);
    const card = screen.getByRole('region', { name: title });
    expect(card).toHaveTextContent(NO_SAVED_DATA);
    expect(card).toHaveTextContent('No hay conexión');
    // Still the vehicle and the way to book: the screen is usable.
    expect(screen.getByRole('region', { name: 'Tu vehículo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agendar RTM' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a server error is not taken for 'no connection'", async () => {
    selectVehicle();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ [GET_ALERT]: () => json(500, { detail: 'Error interno.' }) });
    renderAlert('/app/alerts/soat');
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByText(NO_SAVED_DATA)).not.toBeInTheDocument();
  });
});
