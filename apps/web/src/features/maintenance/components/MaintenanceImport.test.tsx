import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fleetDriverCostsSchema,
  type FleetDriverCosts,
} from '@togo/domain/maintenance/fleet-driver-costs.contract';
import { fleetMaintenancePageSchema } from '@togo/domain/maintenance/fleet-maintenance.contract';
import type { MaintenanceImportResult } from '@togo/domain/maintenance/maintenance-import.contract';
import { ApiError } from '../../../lib/api-client.ts';
import { setFleetMembership } from '../../../lib/storage.ts';
import { contractJson, server } from '../../../test/api-server.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { uploadMaintenanceImport } from '../api/maintenance-import.ts';
import { FleetMaintenanceListRoute } from '../routes/FleetMaintenanceList.tsx';

vi.mock('../api/maintenance-import.ts', () => ({
  uploadMaintenanceImport: vi.fn(),
  downloadImportTemplate: vi.fn(),
}));
const upload = vi.mocked(uploadMaintenanceImport);

const cats = { mantenimiento: 0, combustible: 0, servicios: 0, multas: 0 };
const noCosts: FleetDriverCosts = {
  desde: '2026-01-01',
  hasta: '2026-11-22',
  data: [],
  flota: { total: 0, por_categoria: cats, kilometros: 0, costo_por_km: null },
};

beforeEach(() => {
  upload.mockReset();
  server.use(
    http.get('/api/togo/flota/mantenimiento/', () =>
      contractJson(fleetMaintenancePageSchema, {
        data: [],
        total: 0,
        numero_paginas_totales: 0,
        resumen: { vencido: 0, pronto: 0 },
      }),
    ),
    http.get('/api/togo/flota/mantenimiento/conductores/', () =>
      contractJson(fleetDriverCostsSchema, noCosts),
    ),
  );
});

function open(rol: 'administrador' | 'consulta' = 'administrador') {
  localStorage.setItem('token', 'tok');
  setFleetMembership({ empresa: 'Transportes Andinos', rol });
  return renderRoutes(
    [{ path: '/flota/mantenimiento', Component: FleetMaintenanceListRoute }, stub('/flota')],
    {
      initialEntries: ['/flota/mantenimiento'],
    },
  );
}

const xlsx = (name = 'historial.xlsx') =>
  new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

const RESULT: MaintenanceImportResult = {
  nombre_archivo: 'historial.xlsx',
  filas: 4,
  importadas: 2,
  repetidas: 1,
  errores: [{ fila: 5, placa: 'ZZZ999', mensaje: 'Placa: La placa no está en tu flota.' }],
};

// A ceiling for a loaded machine (the whole fleet view renders, then a file is chosen and sent), not a timing check.
describe('import of past services (/flota/mantenimiento)', { timeout: 20_000 }, () => {
  it('shows the upload progress, then the summary and the rows refused', async () => {
    let progress: (fraction: number) => void = () => {};
    let finish: (result: MaintenanceImportResult) => void = () => {};
    upload.mockImplementation(
      (_file, onProgress) =>
        new Promise<MaintenanceImportResult>((resolve) => {
          progress = onProgress;
          finish = resolve;
        }),
    );
    const { user } = open();
    const section = await screen.findByRole('region', { name: 'Importar historial de mantenimiento' });
    await user.upload(within(section).getByLabelText('Archivo .xlsx'), xlsx());
    await user.click(within(section).getByRole('button', { name: 'Importar' }));
    expect(upload).toHaveBeenCalledTimes(1);
    act(() => progress(0.5));
    const bar = within(section).getByRole('progressbar', { name: 'Subiendo archivo: 50%' });
    expect(bar).toHaveAttribute('value', '50');
    act(() => progress(1));
    expect(
      within(section).getByRole('progressbar', { name: 'Revisando e importando las filas…' }),
    ).toBeInTheDocument();
    act(() => finish(RESULT));
    expect(await within(section).findByText('Importación terminada: «historial.xlsx»')).toBeInTheDocument();
    expect(within(section).getByText('Mantenimientos importados').nextSibling).toHaveTextContent('2');
    expect(within(section).getByText('Ya estaban importados').nextSibling).toHaveTextContent('1');
    const errors = within(section).getByRole('table', { name: /Filas con errores/ });
    const rows = within(errors).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('5ZZZ999Placa: La placa no está en tu flota.');
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why a file was refused, and checks the choice before sending', async () => {
    upload.mockRejectedValue(new ApiError(400, { file: ['El archivo no tiene filas con mantenimientos.'] }));
    const { user } = open();
    const section = await screen.findByRole('region', { name: 'Importar historial de mantenimiento' });
    await user.click(within(section).getByRole('button', { name: 'Importar' }));
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'Selecciona el archivo .xlsx con los mantenimientos.',
    );
    expect(upload).not.toHaveBeenCalled();
    await user.upload(within(section).getByLabelText('Archivo .xlsx'), xlsx());
    await user.click(within(section).getByRole('button', { name: 'Importar' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'El archivo no tiene filas con mantenimientos.',
    );
  });

  it('is not offered to a consulta member', async () => {
    open('consulta');
    await screen.findByRole('region', { name: 'Costos por conductor' });
    expect(
      screen.queryByRole('region', { name: 'Importar historial de mantenimiento' }),
    ).not.toBeInTheDocument();
  });
});
