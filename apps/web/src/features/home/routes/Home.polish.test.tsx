import { screen, waitFor, within } from '@testing-library/react';
import type { MyBookingItem } from '@togo/domain/booking/my-bookings.contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-mock.ts';
import { GARAGES, NOTES, page, SELECTED, setup, vehicle } from '../home.test-support.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BOOKINGS = 'GET /api/togo/agendamientos/';

function booking(id: string, overrides: Partial<MyBookingItem> = {}): MyBookingItem {
  return {
    id,
    referencia: `TG${id}`,
    servicio: 'rtm',
    estado: 'confirmada',
    placa: 'ABC123',
    fecha_agenda: '2099-01-15',
    franja: '9:00 AM',
    tipo_atencion: 'presencial',
    metodo_pago: 'pagar_ahora',
    price: 311000,
    detalle: ['Revisión técnico-mecánica'],
    sede: {
      id: 'RTM-BOG-01',
      nombre: 'CDA Norte',
      direccion: 'Calle 170 # 8-20',
      telefono: '601 555 0101',
      maps: 'https://maps.example/cda',
      ciudad: 'Bogotá',
    },
    direccion_servicio: null,
    linkPago: null,
    expira_en: null,
    creado: '2098-12-01T10:00:00.000Z',
    cancelable_hasta: null,
    puede_cancelar: true,
    puede_reprogramar: true,
    reembolso: null,
    ...overrides,
  };
}

describe('Home (issue 36 polish)', () => {
  it(
    'shows the next booking to come: not a past one, not a cancelled one, the soonest',
    { timeout: 30_000 },
    async () => {
      const only = vehicle(1, 'ABC123', { is_selected: true });
      setup({
        [GARAGES]: () => json(200, [only]),
        [SELECTED]: () => json(200, only),
        [NOTES]: () => json(200, page([])),
        [BOOKINGS]: () =>
          json(200, {
            results: [
              booking('past', { fecha_agenda: '2020-03-02', estado: 'atendido' }),
              booking('later', { fecha_agenda: '2099-02-20', servicio: 'peritaje' }),
              booking('cancelled', { fecha_agenda: '2099-01-02', estado: 'cancelada' }),
              booking('next', { fecha_agenda: '2099-01-15', franja: '10:00 AM' }),
            ],
          }),
      });
      // The home's lazy sections arrive first (slow on the first test of a file).
      await screen.findByRole('button', { name: /Vehículo seleccionado: ABC123/ }, { timeout: 15_000 });
      const next = await screen.findByRole('region', { name: 'Tu próxima cita' }, { timeout: 5000 });
      const link = within(next).getByRole('link');
      expect(link).toHaveAttribute('href', '/app/agendamientos/next');
      expect(link).toHaveTextContent('Revisión técnico-mecánica');
      expect(link).toHaveTextContent('10:00 a. m.');
      expect(link).toHaveTextContent('CDA Norte, Bogotá');
    },
  );

  it('shows no next booking when none is to come', { timeout: 30_000 }, async () => {
    const only = vehicle(1, 'ABC123', { is_selected: true });
    const { api } = setup({
      [GARAGES]: () => json(200, [only]),
      [SELECTED]: () => json(200, only),
      [NOTES]: () => json(200, page([])),
      [BOOKINGS]: () => json(200, { results: [booking('past', { fecha_agenda: '2020-03-02' })] }),
    });
    await waitFor(() => expect(api.bodies(BOOKINGS).length).toBe(1));
    await screen.findByRole('button', { name: /Vehículo seleccionado: ABC123/ }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Tu próxima cita' })).not.toBeInTheDocument();
  });

  it('an empty garage does not congratulate on having no alerts', async () => {
    setup({ [GARAGES]: () => json(200, []), [SELECTED]: () => json(404, { detail: 'No' }) });
    expect(await screen.findByText('Aún no tienes vehículos en tu garaje.')).toBeInTheDocument();
    expect(
      await screen.findByText('Tus alertas aparecerán aquí cuando agregues tu vehículo.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Felicitaciones/)).not.toBeInTheDocument();
  });

  it('a dimmed tile says why when tapped', async () => {
    const { user } = setup({ [GARAGES]: () => json(200, []), [SELECTED]: () => json(404, { detail: 'No' }) });
    await waitFor(() => expect(localStorage.getItem('empty')).toBe('true'));
    const tiles = within(screen.getByRole('navigation', { name: 'Secciones' }));
    await user.click(tiles.getByRole('link', { name: 'Alertas' }));
    expect(
      await screen.findByText('Para usar Alertas agrega primero un vehículo a tu garaje.'),
    ).toBeVisible();
    expect(window.location.pathname).not.toBe('/app/alerts');
  });
});
