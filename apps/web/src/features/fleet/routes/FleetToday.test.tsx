import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetCompliance } from '@togo/domain/fleet/fleet-compliance.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInCompany } from '../fleet.test-support.ts';
import { ALL_CAN_DRIVE, FleetTodayRoute, TODAY_ERROR, UNKNOWN_STATE } from './FleetToday.tsx';

const GRID = 'GET /api/togo/flota/cumplimiento/';

/** The API's answer to estado=atencion: only the rows that need attention (the summary counts the fleet). */
function grid(rows: FleetCompliance['data'], overrides: Partial<FleetCompliance> = {}): FleetCompliance {
  return {
    fecha: '2026-01-20',
    data: rows,
    resumen: {
      vehiculos: rows.length,
      no_pueden_circular: rows.filter((r) => r.puede_circular === false).length,
      sin_informacion: rows.filter((r) => r.puede_circular === null).length,
      vencidos: 1,
      vencen_30: 0,
    },
    total: rows.length,
    page: 1,
    numero_paginas_totales: 1,
    ...overrides,
  };
}

const row = (placa: string, motivos: string[]): FleetCompliance['data'][number] => ({
  placa,
  ciudad: 'Bogotá',
  puede_circular: motivos.length === 0,
  pico_placa: { status: 'not_restricted', certeza: 'vigente' },
  motivos,
  soat_vence: '2026-12-31',
  rtm_vence: null,
  multas_pendientes: 0,
  multas_total: 0,
  multas_por_estado: [],
});

function render() {
  signInCompany();
  return renderRoutes([{ path: '/flota/hoy', Component: FleetTodayRoute }], {
    initialEntries: ['/flota/hoy'],
  });
}

const asked = (api: ReturnType<typeof mockFetch>) =>
  new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Hoy (/flota/hoy)', () => {
  it('draws its header and summary before the answer, so nothing moves when it comes (no layout shift)', async () => {
    let answer: (value: Response) => void = () => undefined;
    mockFetch({ [GRID]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    render();
    const summary = screen.getByRole('list', { name: 'Resumen de la flota' });
    expect(summary).toHaveAttribute('aria-busy', 'true');
    expect(within(summary).getAllByText('—')).toHaveLength(5);
    expect(
      screen.getByText(/^Vehículos que no pueden circular o sin información el \d{2}-\d{2}-\d{4}$/),
    ).toBeInTheDocument();
    answer(json(200, grid([row('XYZ125', ['Pico y placa'])])));
    expect(await screen.findByText('XYZ125')).toBeInTheDocument();
    expect(summary).toHaveAttribute('aria-busy', 'false');
    expect(within(summary).queryByText('—')).toBeNull();
    expect(screen.getByText(/no pueden circular o sin información el 20-01-2026/)).toBeInTheDocument();
  });

  it('lists the vehicles that cannot go out, a page asked of the API, with their reasons and the summary', async () => {
    const api = mockFetch({
      [GRID]: () =>
        json(
          200,
          grid([
            row('XYZ125', ['Pico y placa en Bogotá de 06:00 a 21:00']),
            row('XYZ126', ['SOAT vencido el 10-01-2026', 'Revisión técnico-mecánica vencida el 01-01-2025']),
          ]),
        ),
    });
    render();
    expect(await screen.findByText('XYZ125')).toBeInTheDocument();
    // Issue 37: the API filters and pages (a fleet of thousands is never drawn whole).
    expect(Object.fromEntries(asked(api))).toEqual({ estado: 'atencion', page: '1', page_size: '50' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SOAT vencido el 10-01-2026', 'Revisión técnico-mecánica vencida el 01-01-2025']);
    expect(screen.getByText(/no pueden circular o sin información el 20-01-2026/)).toBeInTheDocument();
    // Issue 37: 'Hoy' counts vehicles and says so; 'Alertas' counts documents.
    const summary = screen.getByRole('list', { name: 'Resumen de la flota' });
    expect(summary).toHaveTextContent('vehículos con algún documento vencido');
    expect(screen.getByText(/se cuenta cada vehículo una vez/)).toHaveTextContent(
      'Aquí se cuenta cada vehículo una vez; en Alertas se cuenta cada documento (un vehículo puede tener varios).',
    );
    expect(screen.getByRole('link', { name: 'Alertas' })).toHaveAttribute('href', '/flota/alertas');
    expect(screen.getByRole('list', { name: 'Resumen de la flota' }).textContent).toContain(
      '2 no pueden circular',
    );
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });

  it('shows a vehicle whose pico y placa is unknown as "Sin información", never as free (issue 33)', async () => {
    const unknown: FleetCompliance['data'][number] = {
      ...row('ABC125', []),
      ciudad: 'Cali',
      puede_circular: null,
      pico_placa: { status: 'unknown', certeza: 'sin_informacion' },
    };
    mockFetch({
      [GRID]: () => json(200, grid([row('XYZ125', ['Pico y placa en Bogotá de 06:00 a 21:00']), unknown])),
    });
    render();
    expect(await screen.findByText('ABC125')).toBeInTheDocument();
    expect(screen.queryByText(ALL_CAN_DRIVE)).not.toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.firstChild?.textContent)).toEqual(['XYZ125', 'ABC125']);
    expect(within(rows[1] as HTMLElement).getByText(UNKNOWN_STATE)).toBeInTheDocument();
    expect(rows[1]?.textContent).toContain('Sin información vigente de pico y placa en Cali');
    expect(screen.getByRole('list', { name: 'Resumen de la flota' }).textContent).toContain(
      '1 sin información de pico y placa',
    );
  });

  it('says so when every vehicle can go out', async () => {
    mockFetch({ [GRID]: () => json(200, grid([], { numero_paginas_totales: 0 })) });
    render();
    expect(await screen.findByText(ALL_CAN_DRIVE)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Páginas de vehículos' })).not.toBeInTheDocument();
  });

  it('pages through a large fleet', async () => {
    const blocked = (n: number) => row(`PAG${String(n).padStart(3, '0')}`, ['Pico y placa en Bogotá']);
    const api = mockFetch({
      [GRID]: [
        json(200, grid([blocked(1)], { total: 120, numero_paginas_totales: 3 })),
        json(200, grid([blocked(51)], { total: 120, page: 2, numero_paginas_totales: 3 })),
      ],
    });
    const view = render();
    expect(await screen.findByText('PAG001')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('PAG051')).toBeInTheDocument();
    expect(asked(api).get('page')).toBe('2');
  });

  it("shows another day's pico y placa when a date is picked", async () => {
    const api = mockFetch({
      [GRID]: [
        json(200, grid([row('XYZ125', ['Pico y placa'])])),
        json(200, grid([], { fecha: '2099-01-21' })),
      ],
    });
    render();
    expect(await screen.findByText('XYZ125')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Fecha'), { target: { value: '2099-01-21' } });
    expect(
      await screen.findByText('Todos los vehículos de tu flota pueden circular el 21-01-2099.'),
    ).toBeInTheDocument();
    expect(asked(api).get('fecha')).toBe('2099-01-21');
  });

  it("filters by one of the fleet's cities", async () => {
    const api = mockFetch({
      'GET /api/togo/flota/ciudades/': () =>
        json(200, {
          ciudades: [
            { codigo: '11001', nombre: 'Bogotá', vehiculos: 1_200 },
            { codigo: '05001', nombre: 'Medellín', vehiculos: 3 },
          ],
        }),
      [GRID]: [json(200, grid([row('XYZ125', ['Pico y placa'])])), json(200, grid([]))],
    });
    const view = render();
    expect(await screen.findByText('XYZ125')).toBeInTheDocument();
    const city = screen.getByLabelText('Ciudad');
    expect(await within(city).findByRole('option', { name: 'Bogotá (1.200)' })).toBeInTheDocument();
    await view.user.selectOptions(city, '05001');
    expect(
      await screen.findByText('Todos los vehículos de tu flota en esta ciudad pueden circular hoy.'),
    ).toBeInTheDocument();
    expect(asked(api).get('ciudad')).toBe('05001');
  });

  it('shows one list alone with the Motivo filter, and says what an empty one means', async () => {
    const api = mockFetch({
      [GRID]: [json(200, grid([row('XYZ125', ['Pico y placa'])])), json(200, grid([]))],
    });
    const view = render();
    expect(await screen.findByText('XYZ125')).toBeInTheDocument();
    await view.user.selectOptions(screen.getByLabelText('Motivo'), 'sin_informacion');
    expect(
      await screen.findByText('Conocemos el pico y placa de todos los vehículos de tu flota hoy.'),
    ).toBeInTheDocument();
    expect(asked(api).get('estado')).toBe('sin_informacion');
  });

  it('says so when the fleet cannot be read', async () => {
    mockFetch({ [GRID]: () => json(500, { detail: 'fallo' }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(TODAY_ERROR);
  });
});
