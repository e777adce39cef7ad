import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, type Preferences } from '@togo/domain/reminders/reminders.contract';
import { json, mockFetch, PUBLIC_CONFIG, type MockRequest } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RemindersRoute } from './Reminders.tsx';

beforeEach(() => {
  localStorage.setItem('token', 'abc');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(overrides: Record<string, (req: MockRequest) => Response> = {}) {
  let stored: Preferences = structuredClone(DEFAULT_PREFERENCES);
  const puts: unknown[] = [];
  let url = 'http://localhost:3000/api/togo/calendario/feed/AAA.ics';
  const fetchMock = mockFetch({
    'GET /api/togo/notificacion/preferencias/': () => json(200, stored),
    'PUT /api/togo/notificacion/preferencias/': (req: MockRequest) => {
      puts.push(req.body);
      stored = req.body as Preferences;
      return json(200, stored);
    },
    'GET /api/togo/calendario/': () => json(200, { url }),
    'GET /api/config': () => json(200, { ...PUBLIC_CONFIG, pico_placa_aviso: '18:30' }),
    'POST /api/togo/calendario/revocar/': () => {
      url = 'http://localhost:3000/api/togo/calendario/feed/BBB.ics';
      return json(200, { url });
    },
    'GET /api/togo/notificacion/historial/': () =>
      json(200, {
        count: 1,
        results: [
          {
            id: 1,
            canal: 'email',
            estado: 'suppressed',
            motivo: 'Canal desactivado en las preferencias (correo)',
            titulo: 'Tu SOAT vence en 7 días',
            created: '2026-11-22T12:00:00.000Z',
          },
        ],
      }),
    ...overrides,
  });
  return {
    ...renderRoutes([{ path: '/app/profile/avisos', Component: RemindersRoute }], {
      initialEntries: ['/app/profile/avisos'],
    }),
    puts,
    fetchMock,
  };
}

describe('Avisos screen', () => {
  it('shows the defaults and saves a toggled channel as the whole object', async () => {
    const { user, puts } = setup();
    const whatsapp = await screen.findByRole('switch', { name: 'WhatsApp' });
    expect(whatsapp).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Correo electrónico' })).toBeChecked();
    expect(screen.getAllByText(/Responde SALIR/)).toHaveLength(2);
    await user.click(whatsapp);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      ...DEFAULT_PREFERENCES,
      canales: { ...DEFAULT_PREFERENCES.canales, whatsapp: true },
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'WhatsApp' })).toBeChecked());
  });

  it("pico y placa is off by default and its switch says what it does, at the server's hour", async () => {
    const { user, puts } = setup();
    const pico = await screen.findByRole('switch', { name: 'Pico y placa de mañana' });
    expect(pico).not.toBeChecked();
    await waitFor(() =>
      expect(pico).toHaveAccessibleDescription(
        'Si lo activas, te avisamos a las 18:30 (hora de Colombia) del día anterior cuando tu vehículo seleccionado tenga pico y placa, con el horario de la restricción.',
      ),
    );
    await user.click(pico);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ tipos: { ...DEFAULT_PREFERENCES.tipos, pico_placa: true } });
  });

  it('shows the calendar link, revokes it, and lists the Historial de avisos', async () => {
    const { user } = setup();
    const link = await screen.findByRole('textbox', { name: 'Enlace de tu calendario' });
    expect(link).toHaveValue('http://localhost:3000/api/togo/calendario/feed/AAA.ics');
    await user.click(screen.getByRole('button', { name: 'Generar un enlace nuevo' }));
    // Asked first: cancelling keeps the link.
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(link).toHaveValue('http://localhost:3000/api/togo/calendario/feed/AAA.ics');
    await user.click(screen.getByRole('button', { name: 'Generar un enlace nuevo' }));
    await user.click(await screen.findByRole('button', { name: 'Generar enlace nuevo' }));
    await waitFor(() => expect(link).toHaveValue('http://localhost:3000/api/togo/calendario/feed/BBB.ics'));
    expect(await screen.findByText('Tu SOAT vence en 7 días')).toBeInTheDocument();
    expect(screen.getByText(/No enviado por tus preferencias/)).toBeInTheDocument();
  });

  it('browser notifications are never shown as on without the browser allowing them', async () => {
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: vi.fn() });
    setup({
      'GET /api/togo/notificacion/preferencias/': () =>
        json(200, { ...DEFAULT_PREFERENCES, canales: { ...DEFAULT_PREFERENCES.canales, push: true } }),
    });
    const push = await screen.findByRole('switch', { name: 'Notificaciones en este navegador' });
    expect(push).not.toBeChecked();
  });

  it('section headings follow the page title (h1 → h2)', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Canales' })).toBeInTheDocument();
  });

  it('malformed answers read as failures: no preferences, no calendar link', async () => {
    setup({
      'GET /api/togo/notificacion/preferencias/': () =>
        json(200, { canales: { email: 'sí' }, tipos: {}, silencio: { desde: '9pm', hasta: '07:00' } }),
      'GET /api/togo/calendario/': () => json(200, { enlace: 'http://localhost:3000/feed/AAA.ics' }),
    });
    expect(
      await screen.findByText('No pudimos cargar tus preferencias. Intenta de nuevo.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'WhatsApp' })).not.toBeInTheDocument();
    expect(await screen.findByText('Tu SOAT vence en 7 días')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Enlace de tu calendario' })).not.toBeInTheDocument();
  });
});
