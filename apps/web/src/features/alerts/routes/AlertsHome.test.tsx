import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { ELSEWHERE } from '../alerts.test-support.tsx';
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
});
