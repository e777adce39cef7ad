import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ELSEWHERE, selectVehicle } from '../alerts.test-support.tsx';
import { AlertsHomeRoute } from './AlertsHome.tsx';

const NAMES = [
  'soat',
  'poliza',
  'infracciones',
  'rtm',
  'licencia-conduccion',
  'kit',
  'pico-placa',
  'impuestos',
];

afterEach(() => localStorage.clear());

describe('Alerts home', () => {
  it('lists the eight alerts, each to /app/alerts/{name}, and goes back home', async () => {
    const view = renderRoutes([{ path: '/app/alerts', Component: AlertsHomeRoute }, ...ELSEWHERE.slice(1)], {
      initialEntries: ['/app/alerts'],
    });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(NAMES.map((n) => `/app/alerts/${n}`));
    expect(screen.getByRole('link', { name: /SOAT/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Licencia de conducción/ })).toBeInTheDocument();
    expect(document.title).toBe('Alertas | TOGO');
    await view.user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByText('Ruta /app/home')).toBeInTheDocument();
  });

  it('with from=otros passes it on and goes back to /app/otros', async () => {
    const view = renderRoutes([{ path: '/app/alerts', Component: AlertsHomeRoute }, ...ELSEWHERE.slice(1)], {
      initialEntries: ['/app/alerts?from=otros'],
    });
    expect(screen.getByRole('link', { name: /Kit de carretera/ })).toHaveAttribute(
      'href',
      '/app/alerts/kit?from=otros',
    );
    await view.user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByText('Ruta /app/otros')).toBeInTheDocument();
  });

  it("shows each alert's state: due dates against today, unpaid fines, 'Sin fecha' (issue 36)", async () => {
    selectVehicle();
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000 - 5 * 3_600_000).toISOString().slice(0, 10);
    const dates = (vence: string | null) => ({
      empty: vence === null,
      data: { fecha_expedicion: null, fecha_vencimiento: vence, fuente: 'usuario', demo: false },
    });
    const answers: Record<string, unknown> = {
      ALERTA_SOAT: dates(day(12)),
      ALERTA_RTM: dates(day(-3)),
      ALERTA_TODO_RIESGO: { empty: false, data: { fecha_expedicion: null, fecha_vencimiento: day(200) } },
      ALERTA_KIT: { empty: false, data: { fecha_expedicion: null, fecha_vencimiento: null } },
      ALERTA_IMPUESTO: { empty: false, data: { fecha_expedicion: null, fecha_vencimiento: null } },
      INFRACCION_TRANSITO: {
        empty: false,
        data: {
          cant_comparendos_vehiculo: 2,
          comparendos_vehiculo: [
            { numero_comparendo: '1', estado: 'Vigente' },
            { numero_comparendo: '2', estado: 'Pagado' },
          ],
          comparendos_persona: [],
        },
      },
    };
    mockFetch({
      'GET /api/togo/alerta/get_alerta/': (req) => {
        const code = new URL(req.url, 'http://localhost').searchParams.get('code') ?? '';
        return code in answers ? json(200, answers[code]) : json(500, { detail: 'Error.' });
      },
    });
    renderRoutes([{ path: '/app/alerts', Component: AlertsHomeRoute }, ...ELSEWHERE.slice(1)], {
      initialEntries: ['/app/alerts'],
    });
    const chip = (name: RegExp) => within(screen.getByRole('link', { name }));
    // Before the answers: each chip's place is kept (nothing moves when they come).
    expect(chip(/^SOAT/).getByText('Consultando…')).toBeInTheDocument();
    expect(await chip(/^SOAT/).findByText('Vence en 12 días')).toBeInTheDocument();
    expect(await chip(/^Revisión técnico-mecánica/).findByText('Vencido')).toBeInTheDocument();
    expect(await chip(/^Póliza todo riesgo/).findByText('Vigente')).toBeInTheDocument();
    expect(await chip(/^Kit de carretera/).findByText('Sin fecha')).toBeInTheDocument();
    expect(await chip(/^Infracciones/).findByText('1 comparendo pendiente')).toBeInTheDocument();
    // A failed read says so rather than guessing a state.
    expect(await chip(/^Licencia de conducción/).findByText('No disponible')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
