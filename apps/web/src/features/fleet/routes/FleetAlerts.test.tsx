import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetAlert, FleetAlerts } from '@togo/domain/fleet/fleet-alerts.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInCompany } from '../fleet.test-support.ts';
import { ALERTS_ERROR, FleetAlertsRoute } from './FleetAlerts.tsx';

const ALERTS = 'GET /api/togo/flota/alertas/';

const alert = (
  placa: string,
  documento: FleetAlert['documento'],
  vence: string | null,
  dias: number | null,
) => ({
  vehiculo_id: placa.charCodeAt(0),
  placa,
  ciudad: 'Bogotá',
  ciudad_codigo: '11001',
  documento,
  vence,
  dias,
});

function body(
  grupos: Partial<FleetAlerts['grupos']>,
  documento: FleetAlerts['documento'] = null,
): FleetAlerts {
  return {
    fecha: '2026-01-20',
    documento,
    grupos: { vencidos: [], vencen_30: [], vencen_60: [], vencen_90: [], ...grupos },
  };
}

function render() {
  signInCompany();
  return renderRoutes([{ path: '/flota/alertas', Component: FleetAlertsRoute }], {
    initialEntries: ['/flota/alertas'],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Alertas (/flota/alertas)', () => {
  it('shows the four groups with their expiries and filters by document', async () => {
    const api = mockFetch({
      [ALERTS]: [
        json(
          200,
          body({
            vencidos: [alert('AAA111', 'soat', '2026-01-10', -10), alert('CCC333', 'soat', null, null)],
            vencen_30: [alert('DDD444', 'rtm', '2026-01-20', 0)],
          }),
        ),
        json(200, body({ vencen_30: [alert('DDD444', 'rtm', '2026-01-20', 0)] }, 'rtm')),
      ],
    });
    const view = render();
    const vencidos = await screen.findByRole('region', { name: /^Vencidos/ });
    expect(
      within(vencidos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['AAA111SOAT10-01-2026Venció hace 10 días', 'CCC333SOAT—Sin documento vigente']);
    expect(screen.getByRole('region', { name: /próximos 30 días/ })).toHaveTextContent('Vence hoy');
    // Issue 37: each row is a document, and the groups say so.
    expect(vencidos).toHaveAccessibleName('Vencidos (2 documentos)');
    expect(screen.getByText(/cada fila es un documento/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /61 a 90 días/ })).toHaveTextContent(
      'Ningún documento en este grupo.',
    );
    await view.user.selectOptions(screen.getByLabelText('Documento'), 'rtm');
    await vi.waitFor(() => expect(screen.queryByText('AAA111')).not.toBeInTheDocument());
    expect(String(api.fetchMock.mock.calls.at(-1)?.[0])).toContain('documento=rtm');
  });

  it('says so when the alerts cannot be loaded', async () => {
    mockFetch({ [ALERTS]: () => json(500, { detail: 'fallo' }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERTS_ERROR);
  });
});
