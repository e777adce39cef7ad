import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetReports } from '@togo/domain/fleet/fleet-reports.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInCompany } from '../fleet.test-support.ts';
import { FleetReportsRoute, REPORTS_ERROR, monthName } from './FleetReports.tsx';

const REPORTS = 'GET /api/togo/flota/reportes/';
const FINES_XLSX = 'GET /api/togo/flota/multas.xlsx';
const t = (total: number) => ({ multas: 1, total, pendientes: 1, total_pendiente: total });

const BODY: FleetReports = {
  fecha: '2026-01-20',
  por_vehiculo: [{ placa: 'BBB222', ...t(300_000) }],
  por_conductor: [{ conductor: 'ANA RUIZ', documento: '52111222', ...t(300_000) }],
  por_mes: [{ mes: '2025-12', ...t(300_000) }],
  totales: { por_vehiculo: 1, por_conductor: 1, por_mes: 1 },
  documentos: { vehiculos: 3, al_dia: 2, sin_informacion: 0, porcentaje_al_dia: 66.6 },
};

function render() {
  signInCompany();
  return renderRoutes([{ path: '/flota/reportes', Component: FleetReportsRoute }], {
    initialEntries: ['/flota/reportes'],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Reportes (/flota/reportes)', () => {
  it('shows the documents in order and the fines by vehicle, driver and month', async () => {
    mockFetch({ [REPORTS]: () => json(200, BODY) });
    render();
    const docs = await screen.findByRole('region', { name: 'Documentos al día' });
    expect(docs).toHaveTextContent('66,6 %');
    expect(docs).toHaveTextContent('2 de 3 vehículos con SOAT y revisión técnico-mecánica al día.');
    expect(within(docs).queryByRole('note')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Multas por vehículo' })).getByText('BBB222'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Multas por conductor' })).toHaveTextContent(
      'ANA RUIZ (52111222)',
    );
    expect(screen.getByRole('region', { name: 'Multas por mes' })).toHaveTextContent('diciembre de 2025');
    // The whole fleet's rows fit: no note about the first ones.
    expect(screen.queryByText(/con mayor valor en multas de/)).not.toBeInTheDocument();
  });

  it('never counts a vehicle whose SOAT it does not know as al día, and says how many there are', async () => {
    mockFetch({
      [REPORTS]: () =>
        json(200, {
          ...BODY,
          documentos: { vehiculos: 5, al_dia: 0, sin_informacion: 5, porcentaje_al_dia: 0 },
        }),
    });
    render();
    const docs = await screen.findByRole('region', { name: 'Documentos al día' });
    expect(docs).toHaveTextContent('0 %');
    expect(within(docs).getByRole('note')).toHaveTextContent(
      'De 5 vehículos aún no conocemos el SOAT (sin respuesta del RUNT ni fecha en el archivo de la flota): no se cuentan como al día.',
    );
  });

  it('asks for the first 20 rows of each table and says how many there are in all (issue 37)', async () => {
    const api = mockFetch({
      [REPORTS]: () =>
        json(200, { ...BODY, totales: { por_vehiculo: 5_205, por_conductor: 1, por_mes: 30 } }),
    });
    render();
    const byVehicle = await screen.findByRole('region', { name: 'Multas por vehículo' });
    expect(byVehicle).toHaveTextContent(
      'Los 1 vehículos con mayor valor en multas de 5.205. Todas las multas están en «Descargar multas (.xlsx)».',
    );
    expect(screen.getByRole('region', { name: 'Multas por mes' })).toHaveTextContent(
      'Los 1 meses más recientes de 30.',
    );
    expect(screen.getByRole('region', { name: 'Multas por conductor' })).not.toHaveTextContent(/Los \d/);
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toContain('?limite=20');
    // A table that scrolls sideways on a phone can be scrolled with the keyboard (axe).
    expect(screen.getByRole('region', { name: 'Tabla de multas por vehículo' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('offers every fine as an .xlsx (issue 37: the export had no button); a failure says so', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:multas'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const xlsx = () =>
      new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        status: 200,
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      });
    const { fetchMock } = mockFetch({
      [REPORTS]: () => json(200, BODY),
      [FINES_XLSX]: [xlsx(), json(500, { detail: 'x' })],
    });
    const view = render();
    await screen.findByRole('region', { name: 'Documentos al día' });
    await view.user.click(screen.getByRole('button', { name: 'Descargar multas (.xlsx)' }));
    await waitFor(() => expect(saved).toEqual(['multas-flota.xlsx']));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/togo/flota/multas.xlsx'))).toBe(
      true,
    );
    await view.user.click(await screen.findByRole('button', { name: 'Descargar multas (.xlsx)' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'No se pudo descargar el archivo de multas, intenta nuevamente.',
    );
    vi.restoreAllMocks();
  });

  it('says so when there are no fines, and when the reports fail', async () => {
    mockFetch({
      [REPORTS]: [
        json(200, { ...BODY, por_vehiculo: [], por_conductor: [], por_mes: [] }),
        json(500, { detail: 'x' }),
      ],
    });
    const first = render();
    expect(await screen.findAllByText('Sin multas registradas.')).toHaveLength(3);
    first.unmount();
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(REPORTS_ERROR);
    expect(monthName('')).toBe('Sin fecha');
  });
});
