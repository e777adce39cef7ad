import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyBookingItem } from '@togo/domain/booking/my-bookings.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { MyBookingDetailRoute } from './MyBookingDetail.tsx';
import { MyBookingsRoute } from './MyBookings.tsx';

const ID = '7b1f8f0e-2c55-4d1e-9a47-0d7d3c1b2a10';
const PAST_ID = '9c2a1b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

function item(overrides: Partial<MyBookingItem> = {}): MyBookingItem {
  return {
    id: ID,
    referencia: 'TGABC123',
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
    cancelable_hasta: '2099-01-14T14:00:00.000Z',
    puede_cancelar: true,
    puede_reprogramar: true,
    reembolso: null,
    ...overrides,
  };
}

const routes = [
  { path: '/app/agendamientos', Component: MyBookingsRoute },
  { path: '/app/agendamientos/:id', Component: MyBookingDetailRoute },
  stub('/app/servicios'),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Mis agendamientos', () => {
  it('lists upcoming and past bookings with service, branch, date, plate, price and payment state', async () => {
    mockFetch({
      'GET /api/togo/agendamientos/': () =>
        json(200, {
          results: [
            item(),
            item({
              id: PAST_ID,
              servicio: 'tramites',
              estado: 'cancelada',
              fecha_agenda: '2020-03-02',
              estado_reembolso: 'reembolsado',
              puede_cancelar: false,
              puede_reprogramar: false,
              cancelable_hasta: null,
            }),
            item({
              id: '11111111-2222-4333-8444-555555555555',
              estado: 'atendido',
              fecha_agenda: '2021-05-04',
              puede_cancelar: false,
              puede_reprogramar: false,
              cancelable_hasta: null,
            }),
            item({
              id: '66666666-7777-4888-9999-000000000000',
              servicio: 'peritaje',
              estado: 'rechazada',
              fecha_agenda: '2099-02-01',
              puede_cancelar: false,
              puede_reprogramar: false,
              cancelable_hasta: null,
            }),
          ],
        }),
    });
    renderRoutes(routes, { initialEntries: ['/app/agendamientos'] });
    const upcoming = await screen.findByRole('list', { name: 'Próximos agendamientos' });
    expect(within(upcoming).getByText('Revisión técnico-mecánica')).toBeInTheDocument();
    expect(within(upcoming).getByText('15-01-2099 · 9:00 a. m. · ABC123')).toBeInTheDocument();
    expect(within(upcoming).getByText(/CDA Norte · Calle 170 # 8-20, Bogotá/)).toBeInTheDocument();
    expect(within(upcoming).getByText('Pagado')).toBeInTheDocument();
    expect(within(upcoming).getByText(/311\.000/)).toBeInTheDocument();
    // Grouped by state (issue 36): a future rejected booking is not "Próximos" nor "Anteriores".
    const closed = screen.getByRole('list', { name: 'Agendamientos cancelados o sin pago' });
    expect(within(closed).getAllByRole('listitem')).toHaveLength(2);
    expect(within(closed).getByText('Peritaje')).toBeInTheDocument();
    expect(within(closed).getByText('Pago rechazado')).toBeInTheDocument();
    expect(within(closed).getByText('Trámites')).toBeInTheDocument();
    expect(within(closed).getByText('Cancelado')).toBeInTheDocument();
    expect(within(closed).getByText('Reembolsado')).toBeInTheDocument();
    const past = screen.getByRole('list', { name: 'Agendamientos anteriores' });
    expect(within(past).getAllByRole('listitem')).toHaveLength(1);
    expect(within(past).getByText('Pagado · Atendido')).toBeInTheDocument();
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(1);
  });

  it('has an empty state that leads to the services', async () => {
    mockFetch({ 'GET /api/togo/agendamientos/': () => json(200, { results: [] }) });
    const { user, router } = renderRoutes(routes, { initialEntries: ['/app/agendamientos'] });
    expect(await screen.findByText('Aún no tienes agendamientos.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Agendar un servicio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/servicios'));
  });

  it('shows an error with a retry that loads the list', async () => {
    mockFetch({
      'GET /api/togo/agendamientos/': [
        json(500, { detail: 'Error del servidor.' }),
        json(200, { results: [item()] }),
      ],
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/agendamientos'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error del servidor.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Pagado')).toBeInTheDocument();
  });
});

describe('detail of a booking', () => {
  it('links directions to Google Maps and Waze and cancels after a Spanish confirmation', async () => {
    const deletes: string[] = [];
    const { fetchMock } = mockFetch({
      'GET /api/togo/agendamientos/': () => json(200, { results: [item()] }),
      [`DELETE /api/togo/agendamientos/${ID}/`]: (req) => {
        deletes.push(req.path);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderRoutes(routes, { initialEntries: [`/app/agendamientos/${ID}`] });
    expect(await screen.findByRole('link', { name: 'Cómo llegar con Google Maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Calle%20170%20%23%208-20%2C%20Bogot%C3%A1%2C%20Colombia',
    );
    expect(screen.getByRole('link', { name: 'Cómo llegar con Waze' }).getAttribute('href')).toMatch(
      /^https:\/\/waze\.com\/ul\?q=Calle/,
    );
    await user.click(screen.getByRole('button', { name: 'Cancelar cita' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('¿Cancelar tu cita?')).toBeInTheDocument();
    // What will be refunded is said before confirming (issue 36).
    expect(dialog).toHaveTextContent(/Te reembolsaremos \$\s?311\.000 al medio de pago que usaste\./);
    await user.click(within(dialog).getByRole('button', { name: 'No, mantener' }));
    expect(deletes).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancelar cita' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, cancelar' }),
    );
    expect(await screen.findByText(/^Tu agendamiento fue cancelado\./)).toBeInTheDocument();
    expect(deletes).toEqual([`/api/togo/agendamientos/${ID}/`]);
    expect(
      fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/agendamientos/')).length,
    ).toBeGreaterThan(1);
  });

  it("shows the server's refusal when the free window has closed", async () => {
    mockFetch({
      'GET /api/togo/agendamientos/': () => json(200, { results: [item()] }),
      [`DELETE /api/togo/agendamientos/${ID}/`]: () =>
        json(409, {
          detail: 'Solo puedes cancelar o reprogramar sin costo hasta 24 horas antes de tu cita.',
        }),
    });
    const { user } = renderRoutes(routes, { initialEntries: [`/app/agendamientos/${ID}`] });
    await user.click(await screen.findByRole('button', { name: 'Cancelar cita' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, cancelar' }),
    );
    expect(
      await screen.findByText(
        'Solo puedes cancelar o reprogramar sin costo hasta 24 horas antes de tu cita.',
      ),
    ).toBeInTheDocument();
  });

  it('offers Pagar ahora only for a pending payment, and no cancel once the window has closed', async () => {
    mockFetch({
      'GET /api/togo/agendamientos/': () =>
        json(200, {
          results: [item({ estado: 'pendiente_pago', puede_cancelar: false, puede_reprogramar: false })],
        }),
    });
    renderRoutes(routes, { initialEntries: [`/app/agendamientos/${ID}`] });
    expect(await screen.findByRole('button', { name: 'Pagar ahora' })).toBeInTheDocument();
    expect(screen.getByText('Pago pendiente')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar cita' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reprogramar' })).toBeNull();
    expect(screen.getByText(/Ya pasó el plazo para cancelar o reprogramar sin costo/)).toBeInTheDocument();
  });

  it('a declined payment offers "Pagar de nuevo" (a new link) and "Pagar en sitio" (issue 36)', async () => {
    const rejected = item({
      estado: 'pendiente_pago',
      pago_rechazado: true,
      expira_en: '2099-01-10T17:20:00.000Z',
    });
    const paid: string[] = [];
    mockFetch({
      'GET /api/togo/agendamientos/': () =>
        json(200, {
          results: [paid.includes('sitio') ? item({ metodo_pago: 'pagar_en_sitio' }) : rejected],
        }),
      [`POST /api/togo/agendamientos/${ID}/pagar-en-sitio/`]: () => {
        paid.push('sitio');
        return json(200, item({ metodo_pago: 'pagar_en_sitio' }));
      },
    });
    const { user } = renderRoutes(routes, { initialEntries: [`/app/agendamientos/${ID}`] });
    expect(await screen.findByRole('button', { name: 'Pagar de nuevo' })).toBeInTheDocument();
    expect(screen.getByText('Pago rechazado: puedes pagar de nuevo')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Tu pago fue rechazado. Tu cupo sigue reservado hasta las 12:20 p. m.: paga de nuevo o elige pagar en sitio.',
    );
    await user.click(screen.getByRole('button', { name: 'Pagar en sitio' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, pagar en sitio' }),
    );
    expect(await screen.findByText(/Pagarás en la sede el día de tu cita/)).toBeInTheDocument();
    expect(paid).toEqual(['sitio']);
    expect(await screen.findByText('Pago en sitio')).toBeInTheDocument();
  });

  it('says a booking paid on site will not be charged, and shows the refund of a cancelled paid one', async () => {
    mockFetch({
      'GET /api/togo/agendamientos/': () =>
        json(200, {
          results: [
            item({ metodo_pago: 'pagar_en_sitio' }),
            item({
              id: PAST_ID,
              estado: 'cancelada',
              puede_cancelar: false,
              puede_reprogramar: false,
              reembolso: { estado: 'realizado', valor: 311000 },
            }),
          ],
        }),
    });
    const { user } = renderRoutes(routes, { initialEntries: [`/app/agendamientos/${ID}`] });
    await user.click(await screen.findByRole('button', { name: 'Cancelar cita' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('No se te cobrará nada.');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No, mantener' }));
    renderRoutes(routes, { initialEntries: [`/app/agendamientos/${PAST_ID}`] });
    expect(await screen.findByText(/^Reembolsado: \$\s?311\.000$/)).toBeInTheDocument();
  });

  it('a booking affected by a closure says so and offers Reprogramar and a refunded cancel (issue 38)', async () => {
    mockFetch({
      'GET /api/togo/agendamientos/': () =>
        json(200, {
          results: [
            item({
              estado: 'afectada_cierre',
              fecha_agenda: '2020-01-15',
              cancelable_hasta: null,
              puede_cancelar: true,
              puede_reprogramar: true,
            }),
          ],
        }),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/agendamientos'] });
    // Listed with the upcoming bookings even though its day has passed: it waits for the driver's move.
    const upcoming = await screen.findByRole('list', { name: 'Próximos agendamientos' });
    expect(within(upcoming).getByText('Afectada por cierre')).toBeInTheDocument();
    renderRoutes(routes, { initialEntries: [`/app/agendamientos/${ID}`] });
    const detail = await screen.findByRole('article', { name: 'Detalle del agendamiento' });
    expect(within(detail).getByRole('status')).toHaveTextContent(
      'La sede CDA Norte estará cerrada ese día. Reprograma tu cita sin costo o cancélala y te reembolsaremos lo que pagaste.',
    );
    expect(within(detail).getByRole('button', { name: 'Reprogramar' })).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Cancelar cita' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      /Te reembolsaremos \$\s?311\.000 al medio de pago que usaste\./,
    );
  });
});
