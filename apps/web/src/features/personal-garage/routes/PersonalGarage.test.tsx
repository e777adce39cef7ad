import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { GARAGE_TEXTS, lastUpdated } from '../garage-summary.ts';
import { garageVehicle } from '../personal-garage.test-support.ts';
import { PersonalGarageRoute } from './PersonalGarage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const vehicle = garageVehicle;

function setup() {
  return renderRoutes(
    [
      { path: '/app/garaje-personal', Component: PersonalGarageRoute },
      stub('/app/garaje-personal/nuevo-vehiculo'),
    ],
    { initialEntries: ['/app/garaje-personal'] },
  );
}

describe('personal garage', () => {
  it('shows the summary of the selected vehicle', async () => {
    mockFetch({
      'GET /api/togo/vehicle/get_garaje_selected/': () => json(200, vehicle()),
      'GET /api/togo/vehicle/7/valor_vehicle/': () => json(200, { valor_vehiculo: 18250, demo: false }),
    });
    setup();
    expect(await screen.findByRole('heading', { name: '2021 MAZDA CX-30' })).toBeInTheDocument();
    expect(screen.getByText('Última actualización: hace 3 horas')).toBeInTheDocument();
    expect(screen.getByText('ABC123')).toBeInTheDocument();
    expect(screen.getByText('45.210 km')).toBeInTheDocument();
    expect(screen.getByText('1.998 CC')).toBeInTheDocument();
    expect(screen.getByText('Camioneta')).toBeInTheDocument();
    expect(screen.getByText('ROJO')).toBeInTheDocument();
    expect(await screen.findByText('USD 18.250')).toBeInTheDocument();
    expect(screen.getByText('Valor en dólares estadounidenses (USD).')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Puntaje 4 de 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: GARAGE_TEXTS.addVehicle })).toHaveAttribute(
      'href',
      '/app/garaje-personal/nuevo-vehiculo?from=app',
    );
  });

  it('shows the value in pesos with the reference rate and its date when the server converted it', async () => {
    mockFetch({
      'GET /api/togo/vehicle/get_garaje_selected/': () => json(200, vehicle()),
      'GET /api/togo/vehicle/7/valor_vehicle/': () =>
        json(200, {
          valor_vehiculo: 18250,
          demo: false,
          valor_cop: 73_000_000,
          tasa_usd_cop: 4000,
          tasa_fecha: '2026-11-01',
        }),
    });
    setup();
    expect(await screen.findByText('$ 73.000.000')).toBeInTheDocument();
    expect(
      screen.getByText('Equivale a USD 18.250 a $ 4.000 por dólar (tasa del 01-11-2026).'),
    ).toBeInTheDocument();
  });

  it("shows the provider's own pesos with its source and date (decision 074)", async () => {
    mockFetch({
      'GET /api/togo/vehicle/get_garaje_selected/': () => json(200, vehicle()),
      'GET /api/togo/vehicle/7/valor_vehicle/': () =>
        json(200, {
          valor_vehiculo: 11250,
          demo: true,
          valor_cop: 45_000_000,
          fuente: 'Valor de demostración',
          fecha: '2026-11-25',
        }),
    });
    setup();
    expect(await screen.findByText('$ 45.000.000')).toBeInTheDocument();
    expect(screen.getByText('Fuente: Valor de demostración, consultado el 25-11-2026.')).toBeInTheDocument();
    expect(screen.queryByText(/Equivale a/)).not.toBeInTheDocument();
    expect(screen.queryByText('Valor en dólares estadounidenses (USD).')).not.toBeInTheDocument();
  });

  it("'Sin registrar' and 'No se encontraron datos' while the registry has not answered", async () => {
    mockFetch({
      'GET /api/togo/vehicle/get_garaje_selected/': () =>
        json(200, vehicle({ vehicle_data: null, score: null })),
      'GET /api/togo/vehicle/7/valor_vehicle/': () => json(200, { valor_vehiculo: 9000, demo: true }),
    });
    setup();
    expect(await screen.findByRole('heading', { name: 'Sin registrar' })).toBeInTheDocument();
    expect(screen.getAllByText(GARAGE_TEXTS.missing).length).toBeGreaterThanOrEqual(4);
  });

  it("the '¡Ups!' dialog when the value fails", async () => {
    mockFetch({
      'GET /api/togo/vehicle/get_garaje_selected/': () => json(200, vehicle()),
      'GET /api/togo/vehicle/7/valor_vehicle/': () => json(502, { detail: 'x' }),
    });
    setup();
    expect(await screen.findByText(GARAGE_TEXTS.valueErrorMessage)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: GARAGE_TEXTS.valueErrorTitle })).toBeInTheDocument();
  });

  it('shows only jpg/jpeg/png/svg images and replaces the image after an upload', async () => {
    const { user } = (() => {
      mockFetch({
        'GET /api/togo/vehicle/get_garaje_selected/': () =>
          json(200, vehicle({ url_imagen_vehiculo: '/api/files/x.pdf?exp=1&sig=a' })),
        'GET /api/togo/vehicle/7/valor_vehicle/': () => json(200, { valor_vehiculo: 1, demo: false }),
        'POST /api/togo/vehicle/7/upload_image_to_garage/': () =>
          json(200, { file_url: '/api/files/nueva.png?exp=1&sig=b' }),
      });
      return setup();
    })();
    expect(await screen.findByRole('img', { name: 'Vehículo sin imagen' })).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Imagen del vehículo'),
      new File(['x'], 'auto.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Imagen del vehículo abc123' })).toHaveAttribute(
        'src',
        '/api/files/nueva.png?exp=1&sig=b',
      ),
    );
    expect(JSON.parse(localStorage.getItem('vehicleSelected') ?? '{}').url_imagen_vehiculo).toBe(
      '/api/files/nueva.png?exp=1&sig=b',
    );
  });
});

describe('lastUpdated', () => {
  const now = new Date('2026-11-22T15:00:00Z');
  it('days, hours or minutes', () => {
    expect(lastUpdated('2026-11-20T10:00:00Z', now)).toBe('Última actualización: hace 2 días');
    expect(lastUpdated('2026-11-21T14:00:00Z', now)).toBe('Última actualización: hace 1 día');
    expect(lastUpdated('2026-11-22T13:30:00Z', now)).toBe('Última actualización: hace 1 hora');
    expect(lastUpdated('2026-11-22T14:55:00Z', now)).toBe('Última actualización: hace 5 minutos');
  });
  it("says 'hace un momento' under a minute, never 'hace 0 minutos'", () => {
    expect(lastUpdated('2026-11-22T14:59:30Z', now)).toBe('Última actualización: hace un momento');
  });
  it('shows the company vehicles the user drives in their own section, apart from the garage', async () => {
    mockFetch({
      'GET /api/togo/vehicle/get_garaje_selected/': () => json(200, vehicle()),
      'GET /api/togo/vehicle/7/valor_vehicle/': () => json(200, { valor_vehiculo: 18250, demo: false }),
      'GET /api/togo/empresa/mis-vehiculos/': () =>
        json(200, {
          results: [
            {
              placa: 'EMP001',
              empresa: 'Andes Carga',
              ciudad: 'Bogotá',
              soat_vence: '2026-06-30',
              rtm_vence: null,
            },
          ],
        }),
    });
    setup();
    const section = await screen.findByRole('region', { name: 'Vehículos de empresa' });
    expect(section).toHaveTextContent('EMP001');
    expect(section).toHaveTextContent('Andes Carga');
    expect(section).toHaveTextContent('30-06-2026');
    expect(section).not.toHaveTextContent('ABC123');
  });
});

describe('malformed answers', () => {
  it("a malformed value is a failed value ('¡Ups!'); malformed company vehicles, a failed look-up", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/togo/vehicle/get_garaje_selected/': () => json(200, vehicle()),
      'GET /api/togo/vehicle/7/valor_vehicle/': () => json(200, { valor_vehiculo: '18250', demo: false }),
      'GET /api/togo/empresa/mis-vehiculos/': () => json(200, [{ placa: 'EMP001' }]),
    });
    setup();
    expect(await screen.findByText(GARAGE_TEXTS.valueErrorMessage)).toBeInTheDocument();
    expect(screen.queryByText('USD 18.250')).not.toBeInTheDocument();
    expect(await screen.findByText('No pudimos consultar tus vehículos de empresa.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Vehículos de empresa' })).not.toBeInTheDocument();
    error.mockRestore();
  });
});
