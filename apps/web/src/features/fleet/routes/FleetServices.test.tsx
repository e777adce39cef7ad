import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetAlert, FleetAlerts } from '@togo/domain/fleet/fleet-alerts.contract';
import { readBookingVehicle, vehicleCity } from '../../services/selected-vehicle.ts';
import { navigationClave } from '../../services/booking-flows.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInCompany } from '../fleet.test-support.ts';
import { FleetServicesRoute, SERVICES_EMPTY } from './FleetServices.tsx';

const ALERTS = 'GET /api/togo/flota/alertas/';

const rtm = (id: number, placa: string, vence: string, dias: number): FleetAlert => ({
  vehiculo_id: id,
  placa,
  ciudad: 'Medellín',
  ciudad_codigo: '05001',
  documento: 'rtm',
  vence,
  dias,
});

function body(grupos: Partial<FleetAlerts['grupos']>): FleetAlerts {
  return {
    fecha: '2026-01-20',
    documento: 'rtm',
    grupos: { vencidos: [], vencen_30: [], vencen_60: [], vencen_90: [], ...grupos },
  };
}

function RtmProbe() {
  const location = useLocation();
  return <p>Asistente RTM: {navigationClave(location.state)}</p>;
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
    const vehicle = readBookingVehicle();
    expect(vehicle?.placa).toBe('BBB222');
    expect(vehicle?.id).toBe(5);
    expect(vehicleCity(vehicle)).toEqual({ text: 'Medellín', value: '5001' });
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
});
