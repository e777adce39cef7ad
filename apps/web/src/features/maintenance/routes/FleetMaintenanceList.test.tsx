import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  fleetMaintenancePageSchema,
  type FleetMaintenancePage,
} from '@togo/domain/maintenance/fleet-maintenance.contract';
import {
  fleetDriverCostsSchema,
  type FleetDriverCosts,
} from '@togo/domain/maintenance/fleet-driver-costs.contract';
import { contractJson, json, server } from '../../../test/api-server.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { FleetMaintenanceListRoute } from './FleetMaintenanceList.tsx';

const PATH = '/api/togo/flota/mantenimiento/';
const DRIVERS = '/api/togo/flota/mantenimiento/conductores/';

const cats = (mantenimiento: number, combustible: number) => ({
  mantenimiento,
  combustible,
  servicios: 0,
  multas: 0,
});

const noCosts: FleetDriverCosts = {
  desde: '2026-01-01',
  hasta: '2026-11-22',
  data: [],
  flota: { total: 0, por_categoria: cats(0, 0), kilometros: 0, costo_por_km: null },
};

const row = (placa: string, estado: 'vencido' | 'pronto' | 'al_dia', id: number) => ({
  vehicle_id: id,
  placa,
  kilometraje: 15_200,
  estado,
  servicios: [{ tipo: 'cambio_aceite' as const, estado, proximo_km: 15_000, proxima_fecha: '2026-12-01' }],
  costo_anio: 500_000,
  costo_por_km: estado === 'vencido' ? 96 : null,
});

function pageOf(rows: ReturnType<typeof row>[], pages = 1): FleetMaintenancePage {
  return {
    data: rows,
    total: rows.length,
    numero_paginas_totales: pages,
    resumen: { vencido: 1, pronto: 1 },
  };
}

// No costs per driver unless a test says otherwise (its own server.use comes later and takes precedence).
beforeEach(() => {
  server.use(http.get(DRIVERS, () => contractJson(fleetDriverCostsSchema, noCosts)));
});

function open() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/flota/mantenimiento', Component: FleetMaintenanceListRoute },
      stub('/flota'),
      stub('/flota/vehiculo/:id/mantenimiento'),
    ],
    { initialEntries: ['/flota/mantenimiento'] },
  );
}

describe('/flota/mantenimiento', () => {
  it('lists the vehicles due, worst first, with the cost per km in pesos, and filters and pages', async () => {
    const asked: string[] = [];
    server.use(
      http.get(PATH, ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`${q.get('estado')}:${q.get('page')}`);
        return q.get('estado') === 'vencido'
          ? contractJson(fleetMaintenancePageSchema, pageOf([row('VEN001', 'vencido', 1)]))
          : contractJson(
              fleetMaintenancePageSchema,
              pageOf([row('VEN001', 'vencido', 1), row('PRO002', 'pronto', 2)], 2),
            );
      }),
    );
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Vehículos y sus próximos mantenimientos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('rowheader')[0]?.textContent)).toEqual([
      'VEN001',
      'PRO002',
    ]);
    expect(rows[0]).toHaveTextContent('$ 96 / km');
    expect(rows[0]).toHaveTextContent('$ 500.000');
    expect(rows[0]).toHaveTextContent('Cambio de aceite (vencido): 15.000 km o 01-12-2026');
    expect(rows[1]).toHaveTextContent('Sin km');
    expect(screen.getByText('1 con servicio vencido')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Mantenimiento de VEN001' })).toHaveAttribute(
      'href',
      '/flota/vehiculo/1/mantenimiento',
    );
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Solo vencidos' }));
    await screen.findByText('Solo vencidos', { selector: '[aria-pressed="true"]' });
    expect(asked).toEqual(['pendientes:1', 'pendientes:2', 'vencido:1']);
  });

  it('says when nothing is due', async () => {
    server.use(http.get(PATH, () => contractJson(fleetMaintenancePageSchema, pageOf([]))));
    open();
    expect(
      await screen.findByText('Ningún vehículo tiene mantenimientos vencidos o próximos.'),
    ).toBeInTheDocument();
  });

  it('shows an error when the API fails', async () => {
    server.use(http.get(PATH, () => json(500, { detail: 'Error' })));
    open();
    expect(
      await screen.findByText('No pudimos consultar el mantenimiento de la flota. Intenta de nuevo.'),
    ).toBeInTheDocument();
  });

  it('shows the costs per driver of the year, the vehicles without a driver last, and switches to the month', async () => {
    const asked: string[] = [];
    const body = (desde: string): FleetDriverCosts => ({
      desde,
      hasta: '2026-11-22',
      data: [
        {
          conductor: 'ANA RUIZ',
          tipo_documento: 'CC',
          documento: '52111222',
          placas: ['ANA001', 'ANA002'],
          total: 400_000,
          por_categoria: cats(200_000, 200_000),
          kilometros: 2_000,
          costo_por_km: 200,
        },
        {
          conductor: 'Sin conductor asignado',
          tipo_documento: null,
          documento: null,
          placas: ['SIN004'],
          total: 50_000,
          por_categoria: cats(50_000, 0),
          kilometros: 0,
          costo_por_km: null,
        },
      ],
      flota: { total: 450_000, por_categoria: cats(250_000, 200_000), kilometros: 2_000, costo_por_km: 225 },
    });
    server.use(
      http.get(PATH, () => contractJson(fleetMaintenancePageSchema, pageOf([]))),
      http.get(DRIVERS, ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`${q.get('desde')}:${q.get('hasta')}`);
        return contractJson(fleetDriverCostsSchema, body(q.get('desde') ?? ''));
      }),
    );
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Costos por conductor del año' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('ANA RUIZ');
    expect(rows[1]).toHaveTextContent('CC 52111222');
    expect(rows[1]).toHaveTextContent('ANA001, ANA002');
    expect(rows[1]).toHaveTextContent('$ 400.000');
    expect(rows[1]).toHaveTextContent('$ 200 / km');
    expect(rows[2]).toHaveTextContent('Sin conductor asignado');
    expect(rows[2]).toHaveTextContent('Sin km');
    expect(rows[3]).toHaveTextContent('Total de la flota');
    expect(rows[3]).toHaveTextContent('$ 225 / km');
    await user.click(screen.getByRole('button', { name: 'Este mes' }));
    await screen.findByRole('table', { name: 'Costos por conductor del mes' });
    expect(asked[0]).toMatch(/^\d{4}-01-01:\d{4}-\d{2}-\d{2}$/);
    expect(asked.at(-1)).toMatch(/^\d{4}-\d{2}-01:\d{4}-\d{2}-\d{2}$/);
    expect(asked.at(-1)).not.toBe(asked[0]);
  });
});
