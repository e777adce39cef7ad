import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, PUBLIC_CONFIG } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { FLOW_KEYS } from '../flow-storage.ts';
import { RtmRoute } from './Rtm.tsx';
import {
  BRANCH,
  bookingAnswer,
  citiesAnswer,
  detailAnswer,
  fakeWindow,
  openDays,
  slotsAnswer,
  VEHICLE,
} from './rtm.test-support.ts';

vi.mock('../components/BranchMap.tsx', () => ({ default: () => <div>Mapa de prueba</div> }));

const routes = [
  { path: '/app/servicios/rtm', Component: RtmRoute },
  stub('/app/servicios'),
  stub('/app/home'),
];

const ALERT = {
  empty: false,
  data: { fecha_expedicion: '2025-12-01', fecha_vencimiento: '2026-12-01', fuente: 'registro', demo: true },
};

beforeEach(() => {
  localStorage.setItem('vehicleSelected', JSON.stringify(VEHICLE));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function seedSummary() {
  sessionStorage.setItem(
    FLOW_KEYS.rtm,
    JSON.stringify({
      step: 'resumen',
      city: { text: 'Bogotá D.C.', value: '11001' },
      branch: BRANCH,
      detail: {
        placa: 'ABC123',
        tipo_vehiculo: 'AUTOMOVIL',
        price: 250000,
        sede: BRANCH.id,
        nombre_sede: BRANCH.nombre,
        direccion: BRANCH.direccion,
        telefono: BRANCH.telefono,
        maps: BRANCH.maps,
        ciudad: 'Bogotá D.C.',
      },
      date: '2026-11-24',
      slots: [{ id: '9:00 AM', bloque: 'AM' }],
      time: '9:00 AM',
    }),
  );
}

describe('RTM flow', () => {
  it('goes info → ubicacion → detalle → agenda → horario → resumen and books on site', async () => {
    const api = mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'GET /api/togo/alerta/get_alerta/': () => json(200, ALERT),
      'POST /wh/agendamiento/obtener-ciudades-togo/': () =>
        citiesAnswer([
          { text: 'Bogotá D.C.', value: '11001' },
          { text: 'Leticia', value: '91001' },
        ]),
      'POST /wh/transversal/sedes_by_ciudad/': (req) =>
        json(200, (req.body as { ciudad: string }).ciudad === '11001' ? [BRANCH] : []),
      'POST /wh/agendamiento/seleccion-sede-togo/': () => detailAnswer(250000),
      'POST /wh/transversal/ejecutar-accion/': [
        slotsAnswer('x', []),
        slotsAnswer('x', ['9:00 AM', '2:00 PM']),
      ],
      'POST /wh/agendamiento/agenda/': () => bookingAnswer(null),
    });
    const { user, router } = renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });

    expect(await screen.findByText('01-12-2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agendar RTM' }));

    // ubicacion: a city without branches says so; another one lists them.
    const city = await screen.findByLabelText('Ciudad');
    await waitFor(() => expect(within(city).getByRole('option', { name: 'Leticia' })).toBeInTheDocument());
    await user.selectOptions(city, '91001');
    expect(await screen.findByText(/Actualmente no hay sedes para este servicio/)).toBeInTheDocument();
    await user.selectOptions(city, '11001');
    await user.click(await screen.findByRole('button', { name: /CDA Norte/ }));

    // detalle
    expect(await screen.findByText('Detalle de la sede')).toBeInTheDocument();
    expect(screen.getByText(/250\.000/)).toBeInTheDocument();
    expect(api.bodies('POST /wh/agendamiento/seleccion-sede-togo/')[0]).toEqual({
      sessionInfo: { parameters: { sede: BRANCH.id, placa: 'ABC123', ciudad: '11001' } },
    });
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    // agenda: a day without slots warns and is cleared; another moves on.
    const strip = within(await screen.findByRole('list'));
    const days = openDays(strip.getAllByRole('button'));
    await user.click(days[0]!);
    const warning = await screen.findByRole('alertdialog');
    expect(warning).toHaveTextContent('No hay horarios disponibles para este día, selecciona otro');
    await user.click(within(warning).getByRole('button', { name: 'Aceptar' }));
    expect(days[0]).toHaveAttribute('aria-pressed', 'false');
    await user.click(days[1]!);

    // horario
    const agendar = await screen.findByRole('button', { name: 'Agendar' });
    expect(agendar).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '9:00 a. m.' }));
    await user.click(agendar);

    // resumen
    expect(await screen.findByText('Confirmación del Servicio')).toBeInTheDocument();
    expect(screen.getByText('MAZDA')).toBeInTheDocument();
    expect(screen.getByText('Calle 170 # 45-10')).toBeInTheDocument();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar en sitio' }));

    const success = await screen.findByRole('dialog', { name: '¡Felicitaciones, lo lograste!' });
    expect(success).toHaveTextContent('Tu agendamiento se ha creado con éxito.');
    expect(open).not.toHaveBeenCalled();
    const [booking] = api.bodies('POST /wh/agendamiento/agenda/') as {
      sessionInfo: { parameters: Record<string, unknown> };
    }[];
    expect(booking?.sessionInfo.parameters).toMatchObject({
      sede: BRANCH.id,
      placa: 'ABC123',
      franja: '9:00 AM',
      promocion: 'NO',
      metodo_pago: 'pagar_en_sitio',
    });
    expect(sessionStorage.getItem(FLOW_KEYS.rtm)).toBeNull();
    await user.click(within(success).getByRole('button', { name: 'Volver al home' }));
    // The navigation is a transition: wait for it rather than read the location right after the click.
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'));
  }, 30_000);

  it("'Agendar RTM' from an alert opens the branch list with the vehicle's city chosen", async () => {
    localStorage.setItem(
      'vehicleSelected',
      JSON.stringify({ ...VEHICLE, city: 11001, city_data: { id: 11001, name: 'Bogotá D.C.' } }),
    );
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'GET /api/togo/alerta/get_alerta/': () => json(200, ALERT),
      'POST /wh/agendamiento/obtener-ciudades-togo/': () =>
        citiesAnswer([
          { text: 'Bogotá D.C.', value: '11001' },
          { text: 'Leticia', value: '91001' },
        ]),
      'POST /wh/transversal/sedes_by_ciudad/': (req) =>
        json(200, (req.body as { ciudad: string }).ciudad === '11001' ? [BRANCH] : []),
    });
    const { router } = renderRoutes(routes, {
      initialEntries: [{ pathname: '/app/servicios/rtm', state: { clave: 'AGENDAR_RTM' } }],
    });
    expect(await screen.findByText('Paso 2 de 6')).toBeInTheDocument();
    expect(await screen.findByText('CDA Norte')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agendar RTM' })).toBeNull();
    await waitFor(() =>
      expect((router.state.location.state as { clave?: string } | null)?.clave).toBeUndefined(),
    );
  });

  it('survives a reload: the stored step and choices come back', async () => {
    seedSummary();
    mockFetch({ 'GET /api/config': () => json(200, PUBLIC_CONFIG) });
    renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    expect(await screen.findByText('Confirmación del Servicio')).toBeInTheDocument();
    expect(screen.getByText('9:00 a. m.')).toBeInTheDocument();
  });

  it('back goes one step back, and leaves to app/servicios from info', async () => {
    seedSummary();
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'GET /api/togo/alerta/get_alerta/': () => json(200, ALERT),
      'POST /wh/agendamiento/obtener-ciudades-togo/': () => citiesAnswer([]),
    });
    const { user, router } = renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    const back = await screen.findByRole('button', { name: 'Volver' });
    const titles = [
      'Elige la hora',
      'Agenda tu cita',
      'Detalle de la sede',
      'Elige la sede',
      'Revisión técnico-mecánica',
    ];
    for (const title of titles) {
      await user.click(back);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    }
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/servicios'));
    expect(sessionStorage.getItem(FLOW_KEYS.rtm)).toBeNull();
  });

  it("shows '¡Estamos actualizando tu información!' when the RTM alert is empty, then goes to app/servicios", async () => {
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'GET /api/togo/alerta/get_alerta/': () =>
        json(200, {
          empty: true,
          data: { fecha_expedicion: null, fecha_vencimiento: null, fuente: null, demo: false },
        }),
    });
    const { user, router } = renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    const info = await screen.findByRole('dialog', { name: '¡Estamos actualizando tu información!' });
    expect(info).toHaveTextContent('Por favor verifica en unos minutos');
    await user.click(within(info).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/servicios'));
  });

  it('warns with the first server message when the branch detail has no session info', async () => {
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'GET /api/togo/alerta/get_alerta/': () => json(200, ALERT),
      'POST /wh/agendamiento/obtener-ciudades-togo/': () =>
        citiesAnswer([{ text: 'Bogotá D.C.', value: '11001' }]),
      'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [BRANCH]),
      'POST /wh/agendamiento/seleccion-sede-togo/': () =>
        json(200, {
          fulfillmentResponse: { messages: [{ text: { text: ['Tu vehículo no se atiende aquí.'] } }] },
        }),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    await user.click(await screen.findByRole('button', { name: 'Agendar RTM' }));
    const city = await screen.findByLabelText('Ciudad');
    await waitFor(() => expect(within(city).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(city, '11001');
    await user.click(await screen.findByRole('button', { name: /CDA Norte/ }));
    const warning = await screen.findByRole('alertdialog', { name: '¡Ups!' });
    expect(warning).toHaveTextContent('Tu vehículo no se atiende aquí.');
  });
});

describe('RTM slots', () => {
  it('a slot fetch error warns with the server message and returns to the service page', async () => {
    seedSummary();
    const stored = JSON.parse(sessionStorage.getItem(FLOW_KEYS.rtm) ?? '{}') as Record<string, unknown>;
    sessionStorage.setItem(
      FLOW_KEYS.rtm,
      JSON.stringify({ ...stored, step: 'agenda', date: null, time: null }),
    );
    mockFetch({
      'GET /api/togo/alerta/get_alerta/': () => json(200, ALERT),
      'POST /wh/transversal/ejecutar-accion/': () => json(400, { detail: 'La sede no atiende ese día.' }),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    const days = openDays(within(await screen.findByRole('list')).getAllByRole('button'));
    await user.click(days[0]!);
    const warning = await screen.findByRole('alertdialog');
    expect(warning).toHaveTextContent('La sede no atiende ese día.');
    await user.click(within(warning).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('button', { name: 'Agendar RTM' })).toBeInTheDocument();
  });
});

describe('confirm flow', () => {
  it("'Pagar Ahora' opens a loading window, books with an Idempotency-Key, then sends the window to the link", async () => {
    seedSummary();
    const win = fakeWindow();
    const open = vi.fn(() => win);
    vi.stubGlobal('open', open);
    let resolveBooking: (response: Response) => void = () => {};
    const api = mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/agendamiento/agenda/': () => new Promise<Response>((resolve) => (resolveBooking = resolve)),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar Ahora' }));

    // The window is open (with its loading page) before the booking answers.
    expect(open).toHaveBeenCalledWith('', '_blank');
    const bookingCall = () =>
      api.fetchMock.mock.calls.find(([input]) => String(input) === '/wh/agendamiento/agenda/');
    await waitFor(() => expect(bookingCall()).toBeDefined());
    expect(win.location.href).toBe('');
    const init = bookingCall()![1]!;
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const sent = JSON.parse(init.body as string) as { sessionInfo: { parameters: { metodo_pago: string } } };
    expect(sent.sessionInfo.parameters.metodo_pago).toBe('pagar_ahora');

    resolveBooking(bookingAnswer('https://checkout.example.co/pago/abc'));
    await screen.findByRole('dialog', { name: '¡Felicitaciones, lo lograste!' });
    expect(win.location.href).toBe('https://checkout.example.co/pago/abc');
  });

  it("'Pagar Ahora' without a link says 'Error: no se pudo obtener el link de pago.' in the window and the app", async () => {
    seedSummary();
    const win = fakeWindow();
    vi.stubGlobal(
      'open',
      vi.fn(() => win),
    );
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/agendamiento/agenda/': () => bookingAnswer(null),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar Ahora' }));
    const error = await screen.findByRole('alertdialog');
    expect(error).toHaveTextContent('Error: no se pudo obtener el link de pago.');
    expect(win.message.textContent).toBe('Error: no se pudo obtener el link de pago.');
    expect(win.location.href).toBe('');
  });

  it("a blocked window gives 'Error al cargar el enlace de pago.' and offers the link in this tab", async () => {
    seedSummary();
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/agendamiento/agenda/': () => bookingAnswer('https://checkout.example.co/pago/abc'),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar Ahora' }));
    const error = await screen.findByRole('alertdialog');
    expect(error).toHaveTextContent('Error al cargar el enlace de pago.');
    expect(within(error).getByRole('button', { name: 'Ir a pagar' })).toBeInTheDocument();
  });

  it("a booking error closes the window and shows 'Ocurrió un error, intenta nuevamente', then the service page", async () => {
    seedSummary();
    const win = fakeWindow();
    vi.stubGlobal(
      'open',
      vi.fn(() => win),
    );
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'GET /api/togo/alerta/get_alerta/': () => json(200, ALERT),
      'POST /wh/agendamiento/agenda/': () =>
        json(409, { detail: 'El horario seleccionado ya no está disponible.' }),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/servicios/rtm'] });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar Ahora' }));
    const error = await screen.findByRole('alertdialog', { name: '¡Ups!' });
    expect(error).toHaveTextContent('Ocurrió un error, intenta nuevamente');
    expect(win.closed).toBe(true);
    await user.click(within(error).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('button', { name: 'Agendar RTM' })).toBeInTheDocument();
  });
});
