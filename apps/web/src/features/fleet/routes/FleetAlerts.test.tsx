import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetAlert, FleetAlerts } from '@togo/domain/fleet/fleet-alerts.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fleetAlertsBody, signInCompany } from '../fleet.test-support.ts';
import { ALERTS_ERROR, ALERTS_PAGE_GONE, FleetAlertsRoute } from './FleetAlerts.tsx';

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

const body = (grupos: Partial<FleetAlerts['grupos']>, overrides: Partial<FleetAlerts> = {}) =>
  fleetAlertsBody(grupos, overrides);

function render(entry = '/flota/alertas') {
  signInCompany();
  return renderRoutes([{ path: '/flota/alertas', Component: FleetAlertsRoute }], {
    initialEntries: [entry],
  });
}

/** The query of the n-th call to the alerts (from the end: -1 is the last). */
const asked = (api: ReturnType<typeof mockFetch>, at = -1) =>
  new URL(String(api.fetchMock.mock.calls.at(at)?.[0]), 'http://localhost').searchParams;

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
        json(200, body({ vencen_30: [alert('DDD444', 'rtm', '2026-01-20', 0)] }, { documento: 'rtm' })),
      ],
    });
    const view = render();
    const vencidos = await screen.findByRole('region', { name: /^Vencidos/ });
    expect(
      within(vencidos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'AAA111SOAT10-01-2026Venció hace 10 díasActualizar fecha',
      'CCC333SOAT—Sin documento vigenteActualizar fecha',
    ]);
    expect(screen.getByRole('region', { name: /próximos 30 días/ })).toHaveTextContent('Vence hoy');
    // Issue 37: each row is a document, and the groups say so.
    expect(vencidos).toHaveAccessibleName('Vencidos (2 documentos)');
    expect(screen.getByText(/cada fila es un documento/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /61 a 90 días/ })).toHaveTextContent(
      'Ningún documento en este grupo.',
    );
    await view.user.selectOptions(screen.getByLabelText('Documento'), 'rtm');
    await vi.waitFor(() => expect(screen.queryByText('AAA111')).not.toBeInTheDocument());
    expect(asked(api).get('documento')).toBe('rtm');
    // The first page of each group (issue 37: never every row of a fleet of thousands).
    expect(asked(api).get('page_size')).toBe('50');
    expect(asked(api).get('page')).toBe('1');
  });

  it('links each row to its vehicle and to what renews the document', async () => {
    mockFetch({
      [ALERTS]: [
        json(
          200,
          body({
            vencidos: [
              alert('LIC111', 'licencia', '2026-01-10', -10),
              alert('POL222', 'poliza', '2026-01-15', -5),
            ],
            vencen_30: [alert('RTM333', 'rtm', '2026-02-01', 12)],
          }),
        ),
      ],
    });
    render();
    const licence = await screen.findByRole('link', {
      name: 'Ver conductor: Licencia de conducción de LIC111',
    });
    expect(licence).toHaveAttribute('href', `/flota/vehicle?id=${'L'.charCodeAt(0)}&vista=conductor`);
    expect(screen.getByRole('link', { name: 'Ver vehículo POL222' })).toHaveAttribute(
      'href',
      `/flota/vehicle?id=${'P'.charCodeAt(0)}`,
    );
    expect(
      screen.getByRole('link', { name: 'Actualizar fecha: Póliza todo riesgo de POL222' }),
    ).toHaveAttribute('href', '/flota/upload');
    expect(
      screen.getByRole('link', { name: 'Agendar RTM: Revisión técnico-mecánica de RTM333' }),
    ).toHaveAttribute('href', '/app/servicios/rtm');
  });

  it('opens one group alone, page by page, and back to every group', async () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => alert(`V${String(i).padStart(5, '0')}`, 'soat', '2026-01-10', -10));
    const totales = { vencidos: 120, vencen_30: 0, vencen_60: 0, vencen_90: 0 };
    const alone = { grupo: 'vencidos', page_size: 50, totales } as const;
    const api = mockFetch({
      [ALERTS]: [
        json(200, body({ vencidos: many(2) }, { totales })),
        json(200, body({ vencidos: many(2) }, { ...alone, page: 1 })),
        json(200, body({ vencidos: many(1) }, { ...alone, page: 2 })),
      ],
    });
    const view = render();
    expect(await screen.findByRole('region', { name: 'Vencidos (120 documentos)' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Ver los 120 documentos de este grupo' }));
    await vi.waitFor(() => expect(asked(api).get('grupo')).toBe('vencidos'));
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /61 a 90 días/ })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await vi.waitFor(() => expect(asked(api).get('page')).toBe('2'));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Ver todos los grupos' }));
    // Every group again, from the answer already read.
    expect(await screen.findByRole('region', { name: /61 a 90 días/ })).toBeInTheDocument();
    expect(screen.queryByText(/Página \d de 3/)).not.toBeInTheDocument();
  });

  it('judges on the date picked', async () => {
    const api = mockFetch({
      [ALERTS]: [json(200, body({})), json(200, body({}, { fecha: '2026-02-01' }))],
    });
    render();
    expect(await screen.findByText(/Vencimientos al 20-01-2026/)).toBeInTheDocument();
    const date = screen.getByLabelText('Fecha');
    expect(date).toHaveValue('2026-01-20');
    // A date input takes a whole date at once (the browser's picker), not keystrokes.
    fireEvent.change(date, { target: { value: '2026-02-01' } });
    await vi.waitFor(() => expect(asked(api).get('fecha')).toBe('2026-02-01'));
    expect(await screen.findByText(/Vencimientos al 01-02-2026/)).toBeInTheDocument();
  });

  it("filters by one of the fleet's cities", async () => {
    const api = mockFetch({
      'GET /api/togo/flota/ciudades/': () =>
        json(200, { ciudades: [{ codigo: '05001', nombre: 'Medellín', vehiculos: 3 }] }),
      [ALERTS]: [json(200, body({})), json(200, body({}))],
    });
    const view = render();
    const city = await screen.findByLabelText('Ciudad');
    await within(city).findByRole('option', { name: 'Medellín (3)' });
    await view.user.selectOptions(city, '05001');
    await vi.waitFor(() => expect(asked(api).get('ciudad')).toBe('05001'));
  });

  it("filters by the driver's name or document once typing pauses, from 2 characters", async () => {
    const api = mockFetch({ [ALERTS]: [json(200, body({})), json(200, body({}))] });
    const view = render();
    const driver = await screen.findByLabelText('Conductor');
    await view.user.type(driver, 'J');
    expect(screen.getByText('Escribe al menos 2 caracteres.')).toBeInTheDocument();
    await view.user.type(driver, 'osé');
    await vi.waitFor(() => expect(asked(api).get('conductor')).toBe('José'));
    expect(api.fetchMock.mock.calls.filter(([url]) => String(url).includes('conductor='))).toHaveLength(1);
  });

  it('says which dates it does not know instead of counting them as up to date', async () => {
    mockFetch({
      [ALERTS]: [
        json(
          200,
          body({}, { sin_fecha: { soat: 0, rtm: 2, licencia: 1, poliza: 1_200, impuesto: 0, kit: 3 } }),
        ),
      ],
    });
    render();
    const unknown = await screen.findByRole('complementary', { name: 'Fechas que no conocemos' });
    expect(
      within(unknown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Revisión técnico-mecánica: 2 vehículos',
      'Licencia de conducción: 1 vehículo',
      'Póliza todo riesgo: 1.200 vehículos',
      'Recarga del extintor: 3 vehículos',
    ]);
    expect(within(unknown).getByRole('link', { name: 'Cargar fechas' })).toHaveAttribute(
      'href',
      '/flota/upload',
    );
  });

  it('offers the first page when the page asked for no longer exists', async () => {
    const api = mockFetch({
      [ALERTS]: [
        json(404, { detail: 'Página inválida.' }),
        json(200, body({}, { grupo: 'vencidos', page: 1 })),
      ],
    });
    const view = render('/flota/alertas?grupo=vencidos&page=9');
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERTS_PAGE_GONE);
    expect(asked(api).get('page')).toBe('9');
    await view.user.click(screen.getByRole('link', { name: 'Ir a la primera página' }));
    await vi.waitFor(() => expect(asked(api).get('page')).toBe('1'));
    expect(await screen.findByRole('region', { name: /^Vencidos/ })).toBeInTheDocument();
  });

  it('says so when the alerts cannot be loaded', async () => {
    mockFetch({ [ALERTS]: () => json(500, { detail: 'fallo' }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERTS_ERROR);
  });
});
