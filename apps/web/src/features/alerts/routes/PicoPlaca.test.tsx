import { bogotaToday } from '@togo/domain/bogota-time';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PICO_PLACA_NO_SAVED_DATA } from '../../../lib/pico-placa-query.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ELSEWHERE, selectVehicle } from '../alerts.test-support.tsx';
import { PicoPlacaRoute } from './PicoPlaca.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Pico y placa alert', () => {
  it("shows 'Pico y Placa en {city}', the API's message and the embedded page (height 600, sandboxed)", async () => {
    selectVehicle({ city_data: { id: 5001, name: 'Medellín' } });
    const api = mockFetch({
      'GET /api/togo/pico-placa/': () =>
        json(200, {
          status: 'restricted',
          ciudad: { id: 5001, name: 'Medellín' },
          slug: 'medellin',
          url: 'https://www.pyphoy.com/medellin',
          iframe_height: 600,
          mensaje: 'Hoy tienes pico y placa de 5:00 a. m. a 8:00 p. m.',
          ventanas: [{ inicio: '05:00', fin: '20:00' }],
          regla: null,
        }),
    });
    renderRoutes([{ path: '/app/alerts/pico-placa', Component: PicoPlacaRoute }, ...ELSEWHERE], {
      initialEntries: ['/app/alerts/pico-placa'],
    });
    expect(await screen.findByText('Hoy tienes pico y placa de 5:00 a. m. a 8:00 p. m.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pico y Placa en Medellín' })).toBeInTheDocument();
    // The city's page is drawn a task after the answer (decision 134).
    const frame = await screen.findByTitle('Pico y placa en Medellín');
    expect(frame).toHaveAttribute('src', 'https://www.pyphoy.com/medellin');
    expect(frame).toHaveAttribute('height', '600');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toBe('/api/togo/pico-placa/?id_garaje=7');
    expect(document.title).toBe('Pico y placa | TOGO');
  });

  it('shows the rule: digits, hours, the certainty with its date and a link to each source', async () => {
    selectVehicle({ city_data: { id: 13001, name: 'Cartagena' } });
    mockFetch({
      'GET /api/togo/pico-placa/': () =>
        json(200, {
          fecha: bogotaToday(new Date()),
          status: 'not_restricted',
          ciudad: { id: 13001, name: 'Cartagena' },
          slug: 'cartagena',
          url: 'https://www.pyphoy.com/cartagena',
          iframe_height: 600,
          mensaje: 'Hoy puedes circular (por confirmar)',
          ventanas: [],
          regla: null,
          certeza: 'por_confirmar',
          festivo: null,
          fuentes: ['https://www.infobae.com/colombia/2026/03/12/pico-y-placa-cartagena/'],
          verificado_el: '2026-03-12',
          digitos: [3, 4],
          horario: [
            { inicio: '07:00', fin: '09:00' },
            { inicio: '18:00', fin: '20:00' },
          ],
        }),
    });
    renderRoutes([{ path: '/app/alerts/pico-placa', Component: PicoPlacaRoute }, ...ELSEWHERE], {
      initialEntries: ['/app/alerts/pico-placa'],
    });
    expect(await screen.findByText('Hoy puedes circular (por confirmar)')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Dígitos con pico y placa: 3 y 4 (carros particulares). Horario: de 7:00 a. m. a 9:00 a. m. y de 6:00 p. m. a 8:00 p. m.',
      ),
    ).toBeInTheDocument();
    // The badge says the certainty once; the sentence after it gives the date.
    const certainty = document.querySelector('.pico-placa-day__certainty');
    expect(certainty).toHaveTextContent(/^Por confirmar Última verificación: 12 mar 2026\.$/);
    const source = screen.getByRole('link', { name: /Fuente 1: infobae\.com/ });
    expect(source).toHaveAttribute(
      'href',
      'https://www.infobae.com/colombia/2026/03/12/pico-y-placa-cartagena/',
    );
    expect(source).toHaveAttribute('target', '_blank');
  });

  it('shows no embedded page for a city without one of its own (never Bogotá’s under its name)', async () => {
    selectVehicle({ city_data: { id: 41001, name: 'Neiva' } });
    mockFetch({
      'GET /api/togo/pico-placa/': () =>
        json(200, {
          status: 'not_restricted',
          ciudad: { id: 41001, name: 'Neiva' },
          slug: null,
          url: null,
          iframe_height: 600,
          mensaje: 'Hoy puedes circular (por confirmar)',
          ventanas: [],
          regla: null,
          certeza: 'por_confirmar',
          festivo: null,
          fuentes: ['https://www.lanacion.com.co/neiva-sin-pico-y-placa/'],
          verificado_el: null,
          digitos: [],
          horario: [],
        }),
    });
    renderRoutes([{ path: '/app/alerts/pico-placa', Component: PicoPlacaRoute }, ...ELSEWHERE], {
      initialEntries: ['/app/alerts/pico-placa'],
    });
    expect(await screen.findByRole('heading', { name: 'Pico y Placa en Neiva' })).toBeInTheDocument();
    expect(
      await screen.findByText('Ese día no hay pico y placa para carros particulares.'),
    ).toBeInTheDocument();
    // What goes under the answer is drawn a task after it (decision 134).
    expect(
      await screen.findByText('Neiva no tiene una página de pico y placa para mostrar aquí.'),
    ).toBeInTheDocument();
    expect(screen.queryByTitle(/Pico y placa en/)).toBeNull();
  });

  it("a saved answer of another day (offline) is not shown as today's: it says nothing is saved, with a retry", async () => {
    selectVehicle({ city_data: { id: 11001, name: 'Bogotá' } });
    mockFetch({
      'GET /api/togo/pico-placa/': () =>
        json(
          200,
          {
            fecha: '2020-01-02',
            status: 'not_restricted',
            ciudad: { id: 11001, name: 'Bogotá' },
            slug: 'bogota',
            url: 'https://www.pyphoy.com/bogota',
            iframe_height: 600,
            mensaje: 'Hoy puedes circular',
            ventanas: [],
            regla: null,
          },
          { 'x-togo-offline': '1' },
        ),
    });
    renderRoutes([{ path: '/app/alerts/pico-placa', Component: PicoPlacaRoute }, ...ELSEWHERE], {
      initialEntries: ['/app/alerts/pico-placa'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(PICO_PLACA_NO_SAVED_DATA);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByText('Hoy puedes circular')).not.toBeInTheDocument();
  });
});
