import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agendarRtmState, type RtmBookingVehicle } from '../../../lib/rtm-booking.ts';
import { json, mockFetch, PUBLIC_CONFIG } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { FLOW_KEYS } from '../flow-storage.ts';
import { RtmRoute } from './Rtm.tsx';
import { BRANCH, citiesAnswer, detailAnswer, VEHICLE } from './rtm.test-support.ts';

/** 'Agendar' of a company's vehicle (fleet): the vehicle lives in the flow's state, not in vehicleSelected. */

vi.mock('../components/BranchMap.tsx', () => ({ default: () => <div>Mapa de prueba</div> }));

const routes = [
  { path: '/app/servicios/rtm', Component: RtmRoute },
  stub('/app/servicios'),
  stub('/app/home'),
];

const FLEET: RtmBookingVehicle = {
  id: 41,
  placa: 'FLT999',
  city: 5001,
  city_data: { name: 'Medellín' },
  origen: 'flota',
  rtm_vence: '2026-01-10',
};

const ALERT = 'GET /api/togo/alerta/get_alerta/';
const DETAIL = 'POST /wh/agendamiento/seleccion-sede-togo/';

function api() {
  return mockFetch({
    'GET /api/config': () => json(200, PUBLIC_CONFIG),
    [ALERT]: () => json(200, { empty: true, data: {} }),
    'POST /wh/agendamiento/obtener-ciudades-togo/': () =>
      citiesAnswer([
        { text: 'Bogotá D.C.', value: '11001' },
        { text: 'Medellín', value: '5001' },
      ]),
    'POST /wh/transversal/sedes_by_ciudad/': (req) =>
      json(200, (req.body as { ciudad: string }).ciudad === '5001' ? [BRANCH] : []),
    [DETAIL]: () => detailAnswer(250000, { placa: 'FLT999' }),
  });
}

beforeEach(() => {
  localStorage.setItem('vehicleSelected', JSON.stringify(VEHICLE));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("RTM flow for a company's vehicle", () => {
  it("opens at the branch list of the vehicle's city, books that plate, and leaves vehicleSelected alone", async () => {
    const mock = api();
    const { user } = renderRoutes(routes, {
      initialEntries: [{ pathname: '/app/servicios/rtm', state: agendarRtmState(FLEET) }],
    });
    expect(await screen.findByText('Paso 2 de 6')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /CDA Norte/ }));
    expect(await screen.findByText('Detalle de la sede')).toBeInTheDocument();
    expect(mock.bodies(DETAIL)[0]).toEqual({
      sessionInfo: { parameters: { sede: BRANCH.id, placa: 'FLT999', ciudad: '5001' } },
    });
    expect(JSON.parse(localStorage.getItem('vehicleSelected') ?? '{}')).toEqual(VEHICLE);
    const stored = JSON.parse(sessionStorage.getItem(FLOW_KEYS.rtm) ?? '{}') as { vehicle?: unknown };
    expect(stored.vehicle).toEqual(FLEET);

    // Back to the first step: the company's vehicle with the fleet's due date; the driver's alert is not asked.
    const back = screen.getByRole('button', { name: 'Volver' });
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Elige la sede' })).toBeInTheDocument();
    await user.click(back);
    expect(await screen.findByText(/el vehículo de la empresa/)).toHaveTextContent('FLT999');
    expect(screen.getByText(/Su revisión vence el/)).toHaveTextContent('10-01-2026');
    expect(mock.bodies(ALERT)).toHaveLength(0);
  });

  it('a reload keeps the company vehicle of the flow in progress', async () => {
    sessionStorage.setItem(FLOW_KEYS.rtm, JSON.stringify({ step: 'info', vehicle: FLEET }));
    const mock = api();
    renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    expect(await screen.findByText(/el vehículo de la empresa/)).toHaveTextContent('FLT999');
    expect(mock.bodies(ALERT)).toHaveLength(0);
  });

  it('a malformed vehicle in the navigation state is ignored: the selected vehicle is booked', async () => {
    const mock = api();
    localStorage.setItem(
      'vehicleSelected',
      JSON.stringify({ ...VEHICLE, city: 5001, city_data: { id: 5001, name: 'Medellín' } }),
    );
    const { user } = renderRoutes(routes, {
      initialEntries: [
        {
          pathname: '/app/servicios/rtm',
          state: { clave: 'AGENDAR_RTM', vehiculo: { id: 'x', placa: 'FLT999', origen: 'flota' } },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: /CDA Norte/ }));
    await waitFor(() => expect(mock.bodies(DETAIL)).toHaveLength(1));
    expect(mock.bodies(DETAIL)[0]).toMatchObject({ sessionInfo: { parameters: { placa: 'ABC123' } } });
  });
});
