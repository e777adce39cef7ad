import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-mock.ts';
import type { MockHandler } from '../../../test/fetch-mock.ts';
import {
  banner,
  calls,
  catalogs,
  CATALOG,
  GARAGES,
  NOTES,
  page,
  picoPlacaAnswer,
  param,
  PYP,
  SELECTED,
  setup,
  vehicle,
} from '../home.test-support.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Home', () => {
  it('greets with the upper-cased names and sets the page title', async () => {
    setup({ [GARAGES]: () => json(200, []), [SELECTED]: () => json(404, { detail: 'No' }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hola, ANA MARÍA RUIZ PEÑA');
    await waitFor(() => expect(document.title).toBe('Inicio | TOGO'));
    expect(screen.getByRole('link', { name: 'Mi perfil' })).toHaveAttribute('href', '/app/profile');
    expect(screen.getByRole('link', { name: 'Mi perfil' }).querySelector('img')).toHaveAttribute(
      'src',
      '/avatar.svg',
    );
  });

  it('without vehicles: empty flag set, Servicios and Alertas disabled, empty texts, no plate selector', async () => {
    setup({ [GARAGES]: () => json(200, []), [SELECTED]: () => json(404, { detail: 'No' }) });
    expect(await screen.findByText('Aún no tienes vehículos en tu garaje.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear mi garaje' })).toHaveAttribute(
      'href',
      '/app/garaje-personal/nuevo-vehiculo?from=app',
    );
    await waitFor(() => expect(localStorage.getItem('empty')).toBe('true'));
    const tiles = within(screen.getByRole('navigation', { name: 'Secciones' }));
    expect(tiles.getByRole('link', { name: 'Servicios' })).toHaveAttribute('aria-disabled', 'true');
    expect(tiles.getByRole('link', { name: 'Alertas' })).toHaveAttribute('aria-disabled', 'true');
    expect(tiles.getByRole('link', { name: 'Servicios' })).not.toHaveAttribute('href');
    expect(tiles.getByRole('link', { name: 'Tu Garaje' })).toHaveAttribute('href', '/app/garaje-personal');
    expect(tiles.getByRole('link', { name: 'Otros' })).toHaveAttribute('href', '/app/otros');
    expect(screen.queryByRole('button', { name: /Cambiar vehículo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a failed load sets the empty flag and hides the loader', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ [GARAGES]: () => json(500, { detail: 'Error' }), [SELECTED]: () => json(500, { detail: 'x' }) });
    expect(screen.getByRole('status')).toHaveTextContent('Consultando...');
    await waitFor(() => expect(localStorage.getItem('empty')).toBe('true'));
    await waitFor(() => expect(screen.queryByText('Consultando...')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Alertas' })).toHaveAttribute('aria-disabled', 'true');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('uses the default banners (RTM, Financiación, Peritaje, Póliza) when the catalogues have none', async () => {
    setup({ [GARAGES]: () => json(200, []), [SELECTED]: () => json(404, {}) });
    const carousel = await screen.findByRole('region', { name: 'Novedades' });
    const images = within(carousel).getAllByRole('img', { hidden: true });
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/static/banners/rtm.webp',
      '/static/banners/financiacion.webp',
      '/static/banners/peritaje.webp',
      '/static/banners/poliza.webp',
    ]);
    const promotions = await screen.findByRole('region', { name: 'Promociones' });
    expect(within(promotions).getAllByText('Financiación')).toHaveLength(2); // strip duplicated for the loop
  });

  it('shows the catalogue banners: internal routes as links, others in a new tab; aliases resolved', async () => {
    setup({
      [GARAGES]: () => json(200, []),
      [SELECTED]: () => json(404, {}),
      [CATALOG]: catalogs({
        ALIAS_URLS_TOGO: [{ ...banner('RTM', 'app/servicios/rtm', ''), valor: 'app/servicios/rtm' }],
        BANNERS_GENERALES_TOGO: [
          banner('b1', 'Uno', 'RTM'),
          banner('b2', 'Dos', 'https://aliado.example/promo'),
        ],
        BANNERS_OTROS_TOGO: [
          { ...banner('p1', 'Promo', ''), valor_json: { activo: true, alias_url_app: 'app/otros' } },
        ],
      }),
    });
    const carousel = await screen.findByRole('region', { name: 'Novedades' });
    await waitFor(() =>
      expect(within(carousel).getByRole('link', { name: 'Uno: Descripción Uno' })).toHaveAttribute(
        'href',
        '/app/servicios/rtm',
      ),
    );
    const external = within(carousel).getByRole('link', { name: 'Dos: Descripción Dos', hidden: true });
    expect(external).toHaveAttribute('href', 'https://aliado.example/promo');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const promotions = await screen.findByRole('region', { name: 'Promociones' });
    expect(within(promotions).getByRole('link', { name: /Promo Sin descripcion/ })).toHaveAttribute(
      'href',
      '/app/otros',
    );
  });

  it('with vehicles: selected plate, demo badge, pico y placa line and notifications; flag cleared', async () => {
    localStorage.setItem('empty', 'true');
    const selected = vehicle(2, 'XYZ98D', { demo: true, is_selected: true });
    const { user } = setup({
      [GARAGES]: () => json(200, [vehicle(1, 'ABC123'), selected]),
      [SELECTED]: () => json(200, selected),
      [PYP]: () =>
        json(200, {
          status: 'restricted',
          mensaje: 'Hoy tienes pico y placa de 06:00 a 21:00',
          ventanas: [{ inicio: '06:00', fin: '21:00' }],
          ciudad: { id: 11001, name: 'Bogotá' },
          slug: 'bogota',
          url: 'https://www.pyphoy.com/bogota',
          iframe_height: 600,
          regla: null,
        }),
      [NOTES]: () =>
        json(
          200,
          page([
            {
              id: 5,
              logo_notificacion: '/static/notifications/soat.svg',
              message: 'Tu SOAT vence en 5 días',
              titulo: 'SOAT',
              url_redireccion: '/app/alerts/soat',
              created: '2026-01-01T00:00:00Z',
            },
          ]),
        ),
    });
    expect(await screen.findByRole('button', { name: /Vehículo seleccionado: XYZ98D/ })).toBeInTheDocument();
    expect(screen.getByText('Datos de demostración')).toBeInTheDocument();
    const [pyp] = await screen.findAllByRole('link', { name: /Hoy tienes pico y placa de 06:00 a 21:00/ });
    expect(pyp).toHaveAttribute('href', '/app/alerts/pico-placa');
    await waitFor(() => expect(localStorage.getItem('empty')).toBeNull());
    expect(JSON.parse(localStorage.getItem('vehicleSelected') ?? '{}')).toMatchObject({ id: 2 });
    expect(screen.getByRole('link', { name: 'Alertas' })).toHaveAttribute('href', '/app/alerts');
    const note = await screen.findByRole('link', { name: /SOAT Tu SOAT vence en 5 días/ });
    await user.click(note);
    expect(await screen.findByText('Ruta /app/alerts/soat')).toBeInTheDocument();
  });

  it('a failed notification load is only logged, and the home does not claim there are no alerts', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const only = vehicle(1, 'ABC123', { is_selected: true });
    setup({
      [GARAGES]: () => json(200, [only]),
      [SELECTED]: () => json(200, only),
      [NOTES]: () => json(500, { detail: 'x' }),
    });
    expect(
      await screen.findByText('No pudimos revisar todas tus alertas, intenta de nuevo más tarde.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no tienes alertas disponibles/)).toBeNull();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Notificaciones', expect.anything()));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    error.mockRestore();
  });
});

const ALERT = 'GET /api/togo/alerta/get_alerta/';
const fine = (numero: string, total: number, estado = 'Vigente') => ({
  numero,
  total,
  estado,
  tipo: 'Comparendo',
});
const dates = (vence: string) => ({
  empty: false,
  data: { fecha_expedicion: '2025-01-01', fecha_vencimiento: vence, fuente: 'registro', demo: false },
});

describe('Notifications tell the truth', () => {
  const only = vehicle(1, 'ABC123', { is_selected: true });
  const alerts =
    (fines: unknown[], soat = '2099-01-01', rtm = '2099-01-01'): MockHandler =>
    (request) => {
      const code = param(request, 'code');
      if (code === 'INFRACCION_TRANSITO')
        return json(200, {
          empty: false,
          data: {
            cant_comparendos_vehiculo: fines.length,
            comparendos_vehiculo: fines,
            comparendos_persona: [],
          },
        });
      return json(200, dates(code === 'ALERTA_SOAT' ? soat : rtm));
    };
  const pyp = (status: 'restricted' | 'not_restricted', mensaje: string) => () =>
    json(200, picoPlacaAnswer({ status, mensaje }));

  it('lists unpaid fines with count and total, today’s pico y placa and expired documents', async () => {
    const { user } = setup({
      [GARAGES]: () => json(200, [only]),
      [SELECTED]: () => json(200, only),
      [NOTES]: () => json(200, page([])),
      [ALERT]: alerts(
        [fine('1', 1_000_000), fine('2', 1_254_000), fine('3', 600_000), fine('4', 5, 'Pagado')],
        '2020-01-01',
      ),
      [PYP]: pyp('restricted', 'Hoy tienes pico y placa de 6:00 a. m. a 9:00 p. m.'),
    });
    const finesNote = await screen.findByRole(
      'link',
      { name: /Comparendos sin pagar: 3 comparendos por/ },
      { timeout: 8000 },
    );
    expect(finesNote).toHaveTextContent(/2\.854\.000/);
    expect(finesNote).toHaveAttribute('href', '/app/alerts/comparendos');
    expect(
      screen.getAllByRole('link', { name: /Pico y placa hoy: Hoy tienes pico y placa/ }).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /SOAT vencido/ })).toHaveAttribute('href', '/app/alerts/soat');
    expect(screen.queryByRole('link', { name: /Revisión técnico-mecánica vencida/ })).toBeNull();
    expect(screen.queryByText(/no tienes alertas disponibles/)).toBeNull();
    await user.click(finesNote);
    expect(await screen.findByText('Ruta /app/alerts/comparendos')).toBeInTheDocument();
  }, 20_000);

  it('says there are no alerts only when every source answered with none', async () => {
    setup({
      [GARAGES]: () => json(200, [only]),
      [SELECTED]: () => json(200, only),
      [NOTES]: () => json(200, page([])),
      [ALERT]: alerts([fine('9', 100_000, 'Pagado')]),
      [PYP]: pyp('not_restricted', 'Hoy no tienes pico y placa.'),
    });
    expect(
      await screen.findByText('¡Felicitaciones!, no tienes alertas disponibles', undefined, {
        timeout: 8000,
      }),
    ).toBeInTheDocument();
  }, 20_000);
});

describe('Plate selector', () => {
  it('lists the plates; choosing one stores vehicleSelected, tells the server and refreshes', async () => {
    const first = vehicle(1, 'ABC123', { is_selected: true });
    const second = vehicle(2, 'DEF456');
    let current = first;
    const { user, api } = setup({
      [GARAGES]: () => json(200, [first, second]),
      [SELECTED]: () => json(200, current),
      [NOTES]: () => json(200, page([])),
      'PUT /api/togo/vehicle/2/set_garaje_selected/': () => {
        current = { ...second, is_selected: true };
        return json(200, current);
      },
    });
    await user.click(await screen.findByRole('button', { name: /Vehículo seleccionado: ABC123/ }));
    const dialog = screen.getByRole('dialog', { name: 'Selecciona tu vehículo' });
    const options = within(dialog).getAllByRole('button', { name: /^(ABC123|DEF456)/ });
    expect(options.map((o) => o.textContent)).toEqual(['ABC123Actual', 'DEF456']);
    const selectedCalls = calls(api, SELECTED);
    await user.click(within(dialog).getByRole('button', { name: 'DEF456' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('vehicleSelected') ?? '{}')).toMatchObject({
      id: 2,
      placa: 'DEF456',
    });
    expect(await screen.findByRole('button', { name: /Vehículo seleccionado: DEF456/ })).toBeInTheDocument();
    await waitFor(() => expect(calls(api, 'PUT /api/togo/vehicle/2/set_garaje_selected/')).toBe(1));
    await waitFor(() => expect(calls(api, SELECTED)).toBeGreaterThan(selectedCalls));
    await waitFor(() =>
      expect(
        api.fetchMock.mock.calls.some(([url]) =>
          String(url).includes('list_notificaciones_by_garaje/?id_garaje=2'),
        ),
      ).toBe(true),
    );
  });

  it('is absent with no vehicle and hidden while the garage loads', async () => {
    setup({ [GARAGES]: () => json(200, []), [SELECTED]: () => json(404, {}) });
    await waitFor(() => expect(localStorage.getItem('empty')).toBe('true'));
    expect(screen.queryByRole('button', { name: /Vehículo seleccionado/ })).not.toBeInTheDocument();
  });
});
