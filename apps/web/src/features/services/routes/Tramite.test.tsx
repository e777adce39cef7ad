import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, PUBLIC_CONFIG } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { FLOW_KEYS } from '../flow-storage.ts';
import {
  BRANCH,
  bookingAnswer,
  citiesAnswer,
  detailAnswer,
  openDays,
  slotsAnswer,
  VEHICLE,
} from './rtm.test-support.ts';
import { TramiteRoute } from './Tramite.tsx';

vi.mock('../components/BranchMap.tsx', () => ({ default: () => <div>Mapa de prueba</div> }));

const routes = [
  { path: '/app/servicios/tramite', Component: TramiteRoute },
  stub('/app/servicios'),
  stub('/app/home'),
];

const TRAMITES = [
  { value: 't-traspaso', text: 'Traspaso', price: 180000, description: 'Cambio de propietario.', icon: '' },
  {
    value: 't-duplicado',
    text: 'Duplicado de placas',
    price: 95000,
    description: 'Placas nuevas.',
    icon: '',
  },
  {
    value: 't-radicado',
    text: 'Radicación de cuenta',
    price: 120000,
    description: 'Cambio de ciudad.',
    icon: '',
  },
];

const tramitesAnswer = () =>
  json(200, {
    fulfillmentResponse: {
      messages: [
        { text: { text: ['Elige tus trámites'] } },
        { payload: { richContent: [[{ type: 'chips', options: TRAMITES }]] } },
      ],
    },
  });

beforeEach(() => {
  localStorage.setItem('vehicleSelected', JSON.stringify(VEHICLE));
  localStorage.setItem(
    'userInfo',
    JSON.stringify({
      id: 1,
      email: 'ana@example.co',
      nombres: 'Ana',
      apellidos: 'Pérez',
      tercero: { telefono: '3001234567', nombres: 'Ana', apellidos: 'Pérez', correo: 'ana@example.co' },
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('Trámites flow', () => {
  it("an alerts card's clave checks that procedure; more can be added; an unknown one checks none", async () => {
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/tramites/obtener-tramites/': () => tramitesAnswer(),
    });
    const view = renderRoutes(routes, {
      initialEntries: [{ pathname: '/app/servicios/tramite', state: { clave: 't-duplicado' } }],
    });
    expect(await screen.findByRole('button', { name: 'Continuar con 1 trámite' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Agregar Duplicado de placas' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect((view.router.state.location.state as { clave?: string } | null)?.clave).toBeUndefined(),
    );
    await view.user.click(screen.getByRole('button', { name: 'Agregar Traspaso' }));
    expect(screen.getByRole('button', { name: 'Continuar con 2 trámites' })).toBeEnabled();
    view.unmount();
    sessionStorage.clear();

    renderRoutes(routes, {
      initialEntries: [{ pathname: '/app/servicios/tramite', state: { clave: 'NO_EXISTE' } }],
    });
    expect(await screen.findByRole('button', { name: 'Elige al menos un trámite' })).toBeDisabled();
  });

  it('books two procedures in one booking and shows Confirmación del Servicio', async () => {
    const api = mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/tramites/obtener-tramites/': () => tramitesAnswer(),
      'POST /wh/agendamiento/obtener-ciudades-togo/': () =>
        citiesAnswer([{ text: 'Bogotá D.C.', value: '11001' }]),
      'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [BRANCH]),
      'POST /wh/tramites/confirmacion-sede/': () =>
        detailAnswer(275000, {
          tramites: [
            { id: 't-traspaso', text: 'Traspaso', price: 180000 },
            { id: 't-duplicado', text: 'Duplicado de placas', price: 95000 },
          ],
        }),
      'POST /wh/transversal/ejecutar-accion/': () => slotsAnswer('x', ['10:00 AM']),
      'POST /wh/tramites/agenda/': () => bookingAnswer(null),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/servicios/tramite'] });

    const continuar = await screen.findByRole('button', { name: 'Elige al menos un trámite' });
    expect(continuar).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Agregar Traspaso' }));
    await user.click(screen.getByRole('button', { name: 'Agregar Duplicado de placas' }));
    await user.click(screen.getByRole('button', { name: 'Continuar con 2 trámites' }));

    expect(await screen.findByText('Tus trámites')).toBeInTheDocument();
    expect(screen.getByText(/275\.000/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    const city = await screen.findByLabelText('Ciudad');
    await waitFor(() => expect(within(city).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(city, '11001');
    await user.click(await screen.findByRole('button', { name: /CDA Norte/ }));
    expect(api.bodies('POST /wh/tramites/confirmacion-sede/')[0]).toEqual({
      placa: 'ABC123',
      ciudad: '11001',
      sede: BRANCH.id,
      tramite: ['t-traspaso', 't-duplicado'],
      nombre: 'Ana Pérez',
      correo: 'ana@example.co',
      celular: '573001234567',
      from_flow: 'tramites',
    });

    const days = openDays(within(await screen.findByRole('list')).getAllByRole('button'));
    await user.click(days[0]!);
    await user.click(await screen.findByRole('button', { name: '10:00 a. m.' }));
    await user.click(screen.getByRole('button', { name: 'Agendar' }));

    const summary = await screen.findByRole('region', { name: 'Confirmación del Servicio' });
    expect(summary).toHaveTextContent('10:00 a. m.');
    expect(summary).toHaveTextContent('Calle 170 # 45-10');
    expect(summary).toHaveTextContent('MAZDA');
    expect(summary).toHaveTextContent('Trámites');
    expect(summary).toHaveTextContent(/\$\s?275\.000/);
    expect(summary).not.toHaveTextContent(/275\.000,00/);

    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar en sitio' }));
    await screen.findByRole('dialog', { name: '¡Felicitaciones, lo lograste!' });
    const [booking] = api.bodies('POST /wh/tramites/agenda/') as { sessionInfo: { parameters: object } }[];
    expect(booking?.sessionInfo.parameters).toMatchObject({
      tramite: ['t-traspaso', 't-duplicado'],
      franja: '10:00 AM',
      promocion: 'NO',
      metodo_pago: 'pagar_en_sitio',
    });
  }, 30_000);

  it("a booking failure shows '¡Ups!' / 'Ocurrió un error, intenta nuevamente' and goes to the tramite screen", async () => {
    sessionStorage.setItem(
      FLOW_KEYS.tramite,
      JSON.stringify({
        step: 'resumen',
        selected: [TRAMITES[0]],
        city: { text: 'Bogotá D.C.', value: '11001' },
        branch: BRANCH,
        detail: { price: 180000, tramites: [{ id: 't-traspaso', text: 'Traspaso', price: 180000 }] },
        date: '2026-11-24',
        slots: [{ id: '10:00 AM', bloque: 'AM' }],
        time: '10:00 AM',
      }),
    );
    mockFetch({
      'POST /wh/tramites/obtener-tramites/': () => tramitesAnswer(),
      'POST /wh/tramites/agenda/': () => json(500, { detail: 'Error interno.' }),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/servicios/tramite'] });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar en sitio' }));
    const error = await screen.findByRole('alertdialog', { name: '¡Ups!' });
    expect(error).toHaveTextContent('Ocurrió un error, intenta nuevamente');
    await user.click(within(error).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trámites' })).toBeInTheDocument();
  });
});
