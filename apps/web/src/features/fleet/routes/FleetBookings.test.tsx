import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyBookingItem } from '@togo/domain/booking/my-bookings.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInCompany } from '../fleet.test-support.ts';
import { BOOKINGS_EMPTY, BOOKINGS_ERROR, FleetBookingsRoute } from './FleetBookings.tsx';

const BOOKINGS = 'GET /api/togo/flota/agendamientos/';

function booking(id: string, placa: string, overrides: Partial<MyBookingItem> = {}): MyBookingItem {
  return {
    id,
    referencia: `TG-${id}`,
    servicio: 'rtm',
    estado: 'confirmada',
    placa,
    fecha_agenda: '2026-12-15',
    franja: '8:00 AM',
    tipo_atencion: 'presencial',
    metodo_pago: 'pagar_en_sitio',
    price: 1_250_000,
    detalle: [],
    sede: {
      id: 'RTM-BOG-01',
      nombre: 'CDA Norte',
      direccion: 'Calle 100 # 15-20',
      telefono: '6011234567',
      maps: '',
      ciudad: 'Bogotá',
    },
    direccion_servicio: null,
    linkPago: null,
    expira_en: null,
    reembolso: null,
    creado: '2026-12-01T15:00:00.000Z',
    cancelable_hasta: null,
    puede_cancelar: false,
    puede_reprogramar: false,
    ...overrides,
  };
}

function render() {
  signInCompany();
  return renderRoutes([{ path: '/flota/agendamientos', Component: FleetBookingsRoute }], {
    initialEntries: ['/flota/agendamientos'],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Agendamientos (/flota/agendamientos, issue 37)', () => {
  it("lists the organisation's bookings with plate, service, day, hour, branch, state and price", async () => {
    mockFetch({
      [BOOKINGS]: () =>
        json(200, { results: [booking('1', 'BLK001'), booking('2', 'BLK002', { estado: 'cancelada' })] }),
    });
    render();
    const table = await screen.findByRole('region', { name: 'Agendamientos de la flota' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      [
        'BLK001',
        'Revisión técnico-mecánica',
        '15-12-2026',
        expect.stringMatching(/^8:00/),
        'CDA Norte',
        'Confirmada',
        '$ 1.250.000',
      ],
      [
        'BLK002',
        'Revisión técnico-mecánica',
        '15-12-2026',
        expect.stringMatching(/^8:00/),
        'CDA Norte',
        'Cancelada',
        '$ 1.250.000',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Agendar revisión técnico-mecánica' })).toBeInTheDocument();
  });

  it('a consulta member reads them but is not offered to book; empty and failed lists say so', async () => {
    localStorage.setItem('fleetMembership', JSON.stringify({ empresa: 'X', rol: 'consulta' }));
    mockFetch({ [BOOKINGS]: [json(200, { results: [] }), json(500, { detail: 'x' })] });
    const first = render();
    expect(await screen.findByText(BOOKINGS_EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Agendar/ })).not.toBeInTheDocument();
    first.unmount();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKINGS_ERROR);
    logged.mockRestore();
  });
});
