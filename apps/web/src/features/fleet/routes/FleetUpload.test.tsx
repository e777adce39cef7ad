import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FleetUploadStatus } from '@togo/domain/fleet/fleet.contract';
import { ApiError } from '../../../lib/api-client.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { uploadFleetFile } from '../api/upload-fleet.ts';
import { uploadStatusKey } from '../api/upload-status.ts';
import { NOTHING_CHANGED } from '../components/UploadSummary.tsx';
import { signInCompany, uploadStatus, xlsxFile } from '../fleet.test-support.ts';
import { CONSULTA_UPLOAD_MESSAGE } from '../fleet-role.ts';
import { FleetUploadRoute } from './FleetUpload.tsx';

vi.mock('../api/upload-fleet.ts', () => ({ uploadFleetFile: vi.fn() }));
const upload = vi.mocked(uploadFleetFile);

const STATUS = 'GET /api/togo/vehicle/estado_carga_flota/41/';
const LATEST = 'GET /api/togo/vehicle/estado_carga_flota/';

function render() {
  signInCompany();
  return renderRoutes(
    [{ path: '/flota/upload', Component: FleetUploadRoute }, stub('/flota'), stub('/flota/estado-carga')],
    { initialEntries: ['/flota/upload'] },
  );
}

const fileInput = () => screen.getByLabelText('Seleccionar archivo .xlsx') as HTMLInputElement;

/** An upload whose progress and answer the test drives. */
function controlledUpload() {
  let progress: (fraction: number) => void = () => {};
  let finish: (status: FleetUploadStatus) => void = () => {};
  upload.mockImplementation(
    (_file, onProgress) =>
      new Promise<FleetUploadStatus>((resolve) => {
        progress = onProgress;
        finish = resolve;
      }),
  );
  return {
    progress: (fraction: number) => act(() => progress(fraction)),
    finish: (status: FleetUploadStatus) => act(() => finish(status)),
  };
}

beforeEach(() => {
  upload.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fleet upload (/flota/upload)', () => {
  it('a consulta member gets no upload form, but the reason and a way back (issue 37)', async () => {
    mockFetch({});
    signInCompany();
    localStorage.setItem('fleetMembership', JSON.stringify({ empresa: 'X', rol: 'consulta' }));
    renderRoutes([{ path: '/flota/upload', Component: FleetUploadRoute }, stub('/flota')], {
      initialEntries: ['/flota/upload'],
    });
    expect(screen.getByRole('note')).toHaveTextContent(CONSULTA_UPLOAD_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Subir archivo' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Seleccionar archivo .xlsx')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver tu flota' })).toHaveAttribute('href', '/flota');
  });

  it("uploading with no file alerts 'No hay ningún archivo seleccionado.'", async () => {
    mockFetch({});
    const view = render();
    await view.user.click(screen.getByRole('button', { name: 'Subir archivo' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('No hay ningún archivo seleccionado.');
    expect(upload).not.toHaveBeenCalled();
  });

  it("a file that is not .xlsx alerts 'Por favor, selecciona un archivo .xlsx válido.' and is not kept", async () => {
    mockFetch({});
    render();
    // The picker offers .xlsx only, but 'All files' lets any file through: the screen checks it again.
    fireEvent.change(fileInput(), {
      target: { files: [new File(['a,b'], 'flota.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Por favor, selecciona un archivo .xlsx válido.',
    );
    expect(screen.queryByRole('button', { name: /^Quitar/ })).not.toBeInTheDocument();
  });

  it('a chosen .xlsx shows a chip; removing it clears the selection', async () => {
    mockFetch({});
    const view = render();
    await view.user.upload(fileInput(), xlsxFile('mi-flota.xlsx'));
    expect(screen.getByText('mi-flota.xlsx')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Quitar mi-flota.xlsx' }));
    expect(screen.queryByText('mi-flota.xlsx')).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Subir archivo' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('No hay ningún archivo seleccionado.');
  });

  it('a file dropped on the area is chosen like a picked one', async () => {
    mockFetch({});
    render();
    const area = screen.getByText('Arrastra aquí tu archivo o haz clic para seleccionarlo');
    const file = xlsxFile('soltado.xlsx');
    fireEvent.drop(area, { dataTransfer: { files: [file], dropEffect: 'copy' } });
    expect(await screen.findByText('soltado.xlsx')).toBeInTheDocument();
  });

  it('shows the upload progress, then the processing progress, then vehicles added and rows with errors', async () => {
    const answers = [
      uploadStatus({ estado: 'procesando', filas_procesadas: 10, porcentaje: 50 }),
      uploadStatus({
        estado: 'terminado',
        filas_procesadas: 20,
        porcentaje: 100,
        vehiculos_agregados: 1_204,
        vehiculos_actualizados: 2,
        vehiculos_sin_cambios: 5,
        filas_con_errores: 3,
        finished: '2026-11-23T15:00:03.000Z',
      }),
    ];
    mockFetch({ [STATUS]: () => json(200, answers.length > 1 ? answers.shift() : answers[0]) });
    const control = controlledUpload();
    const view = render();
    await view.user.upload(fileInput(), xlsxFile());
    await view.user.click(screen.getByRole('button', { name: 'Subir archivo' }));

    await control.progress(0.4);
    const sending = screen.getByRole('progressbar', { name: 'Subiendo archivo' });
    expect(sending).toHaveAttribute('value', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir archivo' })).toBeDisabled();
    expect(upload.mock.calls[0]?.[0].name).toBe('flota.xlsx');

    await control.finish(uploadStatus());
    // uploaded → the selection is cleared (SPPF §4)
    await waitFor(() => expect(screen.queryByText('flota.xlsx')).not.toBeInTheDocument());
    expect(await screen.findByRole('progressbar', { name: 'Procesando vehículos' })).toHaveAttribute(
      'value',
      '50',
    );
    expect(screen.getByText('10 de 20 filas')).toBeInTheDocument();

    expect(await screen.findByText('Carga terminada: «flota.xlsx»')).toBeInTheDocument();
    const counts = screen.getByText('Vehículos agregados').closest('dl') as HTMLElement;
    expect([...counts.querySelectorAll('dt, dd')].map((e) => e.textContent)).toEqual([
      'Vehículos agregados',
      '1.204',
      'Vehículos actualizados',
      '2',
      'Vehículos sin cambios',
      '5',
      'Filas rechazadas',
      '3',
    ]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Ver filas con errores' }));
    expect(await screen.findByText('Ruta /flota/estado-carga')).toBeInTheDocument();
  });

  it("the same file again shows that nothing changed, not the earlier import's counts (issue 37)", async () => {
    mockFetch({});
    const view = render();
    // This session followed the earlier import of the file: its status is cached under the same id.
    view.queryClient.setQueryData(
      uploadStatusKey(41),
      uploadStatus({ estado: 'terminado', porcentaje: 100, vehiculos_agregados: 5 }),
    );
    upload.mockResolvedValue(
      uploadStatus({ estado: 'terminado', porcentaje: 100, repetido: true, vehiculos_sin_cambios: 5 }),
    );
    await view.user.upload(fileInput(), xlsxFile());
    await view.user.click(screen.getByRole('button', { name: 'Subir archivo' }));
    expect(await screen.findByText(NOTHING_CHANGED.repeated)).toBeInTheDocument();
    const counts = [...document.querySelectorAll('.fleet-summary__counts dd')].map((e) => e.textContent);
    expect(counts).toEqual(['0', '0', '5', '0']);
  });

  it("a refused upload shows the server's message and keeps the file", async () => {
    mockFetch({});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    upload.mockRejectedValue(new ApiError(400, { file: ['Por favor, selecciona un archivo .xlsx válido.'] }));
    const view = render();
    await view.user.upload(fileInput(), xlsxFile('falso.xlsx'));
    await view.user.click(screen.getByRole('button', { name: 'Subir archivo' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Por favor, selecciona un archivo .xlsx válido.',
    );
    expect(screen.getByText('falso.xlsx')).toBeInTheDocument();
    logged.mockRestore();
  });

  it('coming back during an import shows its progress again', async () => {
    mockFetch({
      [LATEST]: () => json(200, uploadStatus({ estado: 'procesando', filas_procesadas: 5, porcentaje: 25 })),
      [STATUS]: () => json(200, uploadStatus({ estado: 'procesando', filas_procesadas: 5, porcentaje: 25 })),
    });
    render();
    expect(await screen.findByRole('progressbar', { name: 'Procesando vehículos' })).toHaveAttribute(
      'value',
      '25',
    );
    expect(screen.getByRole('button', { name: 'Subir archivo' })).toBeDisabled();
  });

  it('a finished earlier import is not shown again', async () => {
    mockFetch({ [LATEST]: () => json(200, uploadStatus({ estado: 'terminado', porcentaje: 100 })) });
    render();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subir archivo' })).toBeEnabled());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/Carga terminada/)).not.toBeInTheDocument();
  });

  it('a failed import shows its reason', async () => {
    mockFetch({
      [STATUS]: () =>
        json(200, uploadStatus({ estado: 'fallido', mensaje: 'El archivo no tiene filas de vehículos.' })),
    });
    const control = controlledUpload();
    const view = render();
    await view.user.upload(fileInput(), xlsxFile());
    await view.user.click(screen.getByRole('button', { name: 'Subir archivo' }));
    await control.finish(uploadStatus());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('El archivo no tiene filas de vehículos.'),
    );
  });
});
