import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetAlert, FleetAlerts } from '@togo/domain/fleet/fleet-alerts.contract';
import { readBookingVehicle, vehicleCity } from '../../services/selected-vehicle.ts';
import { navigationClave } from '../../services/booking-flows.ts';
import { navigationBookingVehicle } from '../../services/booking-vehicle.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fleetAlertsBody, MEDELLIN_BRANCH, signInCompany } from '../fleet.test-support.ts';
import { FleetServicesRoute, SERVICES_EMPTY } from './FleetServices.tsx';

const ALERTS = 'GET /api/togo/flota/alertas/';
const driverVehicle = { id: 1, placa: 'MIO123' };

const rtm = (id: number, placa: string, vence: string, dias: number): FleetAlert => ({
  vehiculo_id: id,
  placa,
  ciudad: 'Medellín',
  ciudad_codigo: '05001',
  documento: 'rtm',
  vence,
  dias,
});

const body = (grupos: Partial<FleetAlerts['grupos']>) => fleetAlertsBody(grupos, { documento: 'rtm' });

/** A booking as the fleet's bookings call answers it. */
const BOOKING = {
  id: 'b1',
  referencia: 'TG1',
  servicio: 'rtm',
  estado: 'confirmada',
  placa: 'AAA111',
  fecha_agenda: '2099-01-15',
  franja: '8:00 AM',
  tipo_atencion: 'presencial',
  metodo_pago: 'pagar_en_sitio',
  price: 250000,
  detalle: ['Revisión técnico-mecánica'],
  sede: {
    id: 'RTM-MED-01',
    nombre: 'CDA Medellín',
    direccion: 'Calle 1',
    telefono: '1',
    maps: 'https://maps.google.com/',
    ciudad: 'Medellín',
  },
  direccion_servicio: null,
  linkPago: null,
  expira_en: null,
  reembolso: null,
  creado: '2026-01-10T12:00:00Z',
  cancelable_hasta: null,
  puede_cancelar: true,
  puede_reprogramar: true,
};

function RtmProbe() {
  const location = useLocation();
  return (
    <>
      <p>Asistente RTM: {navigationClave(location.state)}</p>
      <pre aria-label="Vehículo a agendar">{JSON.stringify(navigationBookingVehicle(location.state))}</pre>
    </>
  );
}

function render() {
  return renderRoutes(
    [
      { path: '/flota/proximos-servicios', Component: FleetServicesRoute },
      { path: '/app/servicios/rtm', Component: RtmProbe },
    ],
    { initialEntries: ['/flota/proximos-servicios'] },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Próximos servicios (/flota/proximos-servicios)', () => {
  it("lists each vehicle's RTM due, and 'Agendar' opens the RTM booking filled in with that vehicle", async () => {
    signInCompany();
    localStorage.setItem('vehicleSelected', JSON.stringify(driverVehicle));
    const api = mockFetch({
      [ALERTS]: () =>
        json(
          200,
          body({
            vencidos: [rtm(4, 'AAA111', '2026-01-10', -10)],
            vencen_60: [rtm(5, 'BBB222', '2026-03-01', 40)],
          }),
        ),
    });
    const view = render();
    expect(await screen.findByText('Vencida el 10-01-2026')).toBeInTheDocument();
    expect(screen.getByText('Vence el 01-03-2026 (en 40 días)')).toBeInTheDocument();
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toContain('documento=rtm');
    await view.user.click(
      screen.getByRole('button', { name: 'Agendar revisión técnico-mecánica de BBB222' }),
    );
    expect(await screen.findByText('Asistente RTM: AGENDAR_RTM')).toBeInTheDocument();
    // The vehicle travels in the navigation state; the driver's own selected vehicle is left alone.
    const opened = JSON.parse(
      screen.getByLabelText('Vehículo a agendar').textContent ?? 'null',
    ) as ReturnType<typeof navigationBookingVehicle>;
    expect(opened).toMatchObject({ id: 5, placa: 'BBB222', origen: 'flota', rtm_vence: '2026-03-01' });
    expect(vehicleCity(opened)).toEqual({ text: 'Medellín', value: '5001' });
    expect(readBookingVehicle()).toEqual(driverVehicle);
  });

  it('says so when no RTM is due; a consulta member sees no Agendar', async () => {
    signInCompany();
    localStorage.setItem('fleetMembership', JSON.stringify({ empresa: 'X', rol: 'consulta' }));
    mockFetch({
      [ALERTS]: [json(200, body({})), json(200, body({ vencen_30: [rtm(4, 'AAA111', '2026-02-01', 12)] }))],
    });
    const first = render();
    expect(await screen.findByText(SERVICES_EMPTY)).toBeInTheDocument();
    first.unmount();
    render();
    expect(await screen.findByText('AAA111')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Agendar/ })).not.toBeInTheDocument();
  });
  it('books three selected vehicles at one branch with consecutive hours, all at once', async () => {
    signInCompany();
    // The fleet's bookings: none, then (read again after the booking) the three just made.
    let booked: (typeof BOOKING)[] = [];
    const api = mockFetch({
      'GET /api/togo/flota/agendamientos/': () => json(200, { results: booked }),
      [ALERTS]: () =>
        json(
          200,
          body({
            vencidos: [rtm(4, 'AAA111', '2026-01-10', -10), rtm(5, 'BBB222', '2026-01-11', -9)],
            vencen_30: [rtm(6, 'CCC333', '2026-02-01', 12)],
          }),
        ),
      'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [MEDELLIN_BRANCH]),
      'POST /wh/transversal/ejecutar-accion/': () =>
        json(200, [
          {
            fecha: '2026-01-21',
            slots: [
              { id: '8:00 AM', hora: '8:00', bloque: 'AM', disponibles: 2 },
              { id: '9:00 AM', hora: '9:00', bloque: 'AM', disponibles: 3 },
            ],
          },
        ]),
      'POST /api/togo/flota/agendamientos/': ({ body: b }) => {
        const req = b as { vehiculos: { placa: string; franja: string }[] };
        booked = req.vehiculos.map((v, i) => ({
          ...BOOKING,
          id: `b${i}`,
          placa: v.placa,
          franja: v.franja,
        }));
        return json(201, {
          sede: { id: 'RTM-MED-01', nombre: 'CDA Medellín', direccion: 'Calle 1', ciudad: 'Medellín' },
          agendamientos: req.vehiculos.map((v, i) => ({
            id: String(i),
            referencia: `TG${i}`,
            placa: v.placa,
            fecha_agenda: '2026-01-21',
            franja: v.franja,
            precio: 250000,
            estado: 'confirmada',
          })),
          total: 750000,
          mensaje: 'Se agendaron 3 vehículos.',
        });
      },
    });
    render();
    const user = userEvent.setup();
    for (const placa of ['AAA111', 'BBB222', 'CCC333']) {
      await user.click(await screen.findByRole('checkbox', { name: new RegExp(placa) }));
    }
    expect(screen.getByText('3 vehículos seleccionados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agendar seleccionados' }));
    await user.selectOptions(await screen.findByLabelText('Sede'), 'RTM-MED-01');
    expect(await screen.findByLabelText('Hora para CCC333')).toHaveValue('9:00 AM');
    expect(screen.getByLabelText('Hora para AAA111')).toHaveValue('8:00 AM');
    await user.click(screen.getByRole('button', { name: 'Confirmar agendamiento' }));
    expect(
      await screen.findByRole('heading', { name: '¡Listo! Se agendaron 3 vehículos.' }),
    ).toBeInTheDocument();
    // Issue 37: the confirmation says the day too, and stays once the bookings read again mark the vehicles booked.
    expect(screen.getByText(/^21-01-2026 en CDA Medellín, Calle 1 \(Medellín\)/)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.fetchMock.mock.calls.filter(([url]) => String(url).includes('/agendamientos/')).length,
      ).toBeGreaterThan(2),
    );
    expect(screen.getByRole('heading', { name: '¡Listo! Se agendaron 3 vehículos.' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(await screen.findAllByRole('link', { name: /^Agendada el 15-01-2099/ })).toHaveLength(3);
    const sent = api.bodies('POST /api/togo/flota/agendamientos/')[0] as { sede: string; vehiculos: unknown };
    expect(sent.sede).toBe('RTM-MED-01');
    expect(sent.vehiculos).toEqual([
      { placa: 'AAA111', franja: '8:00 AM' },
      { placa: 'BBB222', franja: '8:00 AM' },
      { placa: 'CCC333', franja: '9:00 AM' },
    ]);
  }, 20_000);

  it('a vehicle whose RTM is already booked shows its appointment instead of Agendar (issue 37)', async () => {
    signInCompany();
    mockFetch({
      [ALERTS]: () =>
        json(
          200,
          body({ vencidos: [rtm(4, 'AAA111', '2026-01-10', -10), rtm(5, 'BBB222', '2026-01-11', -9)] }),
        ),
      'GET /api/togo/flota/agendamientos/': () =>
        json(200, { results: [BOOKING, { ...BOOKING, id: 'b2', placa: 'BBB222', estado: 'cancelada' }] }),
    });
    render();
    const link = await screen.findByRole('link', { name: 'Agendada el 15-01-2099, 8:00 a. m.' });
    expect(link).toHaveAttribute('href', '/flota/agendamientos');
    expect(screen.queryByRole('checkbox', { name: /AAA111/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /de AAA111/ })).not.toBeInTheDocument();
    // A cancelled booking does not count: BBB222 can still be booked.
    expect(
      screen.getByRole('button', { name: 'Agendar revisión técnico-mecánica de BBB222' }),
    ).toBeInTheDocument();
  });

  it('a full hour books nothing and says which', async () => {
    signInCompany();
    mockFetch({
      [ALERTS]: () => json(200, body({ vencidos: [rtm(4, 'AAA111', '2026-01-10', -10)] })),
      'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [MEDELLIN_BRANCH]),
      'POST /wh/transversal/ejecutar-accion/': () =>
        json(200, [
          { fecha: '2026-01-21', slots: [{ id: '8:00 AM', hora: '8:00', bloque: 'AM', disponibles: 1 }] },
        ]),
      'POST /api/togo/flota/agendamientos/': () =>
        json(409, {
          detail:
            'No quedan cupos a las 8:00 a. m. para AAA111. No se agendó ningún vehículo; elige otra hora.',
        }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /AAA111/ }));
    await user.click(screen.getByRole('button', { name: 'Agendar seleccionados' }));
    await user.selectOptions(await screen.findByLabelText('Sede'), 'RTM-MED-01');
    await screen.findByLabelText('Hora para AAA111');
    await user.click(screen.getByRole('button', { name: 'Confirmar agendamiento' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No quedan cupos a las 8:00 a. m. para AAA111.',
    );
  }, 20_000);
});
