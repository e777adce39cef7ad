import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { alertAnswers, ELSEWHERE, GET_ALERT, selectVehicle } from '../alerts.test-support.tsx';
import { LicenciaConduccionRoute } from './LicenciaConduccion.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const UPLOAD = 'POST /api/togo/vehicle/7/upload_file_to_garage/';

const licence = {
  empty: false,
  data: {
    numero_licencia_transito: '1020304050',
    organismo_expedicion: 'SECRETARIA DISTRITAL DE MOVILIDAD BOGOTA',
    fecha_expedicion_lic_transito: '2018-04-12',
    estado_lic_transito: 'ACTIVA',
    restricciones_lic_transito: null,
    detalles_lic_transito: [
      { categoria: 'C1', fechaVencimiento: '2027-04-12' },
      { categoria: 'A2', fechaVencimiento: '2028-04-12' },
      { categoria: 'B1', fechaVencimiento: null },
    ],
  },
};

function renderLicence() {
  return renderRoutes(
    [{ path: '/app/alerts/licencia-conduccion', Component: LicenciaConduccionRoute }, ...ELSEWHERE],
    {
      initialEntries: ['/app/alerts/licencia-conduccion'],
    },
  );
}

describe('Driving licence alert', () => {
  it("shows the licence data, categories sorted by name and 'Sin registrar' for missing fields", async () => {
    selectVehicle();
    mockFetch({ [GET_ALERT]: alertAnswers({ ALERTA_LICENCIA: licence }) });
    renderLicence();
    expect(await screen.findByText('SECRETARIA DISTRITAL DE MOVILIDAD BOGOTA')).toBeInTheDocument();
    expect(screen.getByText('1020304050')).toBeInTheDocument();
    expect(screen.getByText('12-04-2018')).toBeInTheDocument();
    expect(screen.getByText('ACTIVA')).toBeInTheDocument();
    expect(screen.getByText('Restricciones').nextElementSibling).toHaveTextContent('Sin registrar');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['A2', 'B1', 'C1']);
    expect(rows[0]).toHaveTextContent('12-04-2028');
    expect(rows[1]).toHaveTextContent('Sin registrar');
    expect(screen.getByRole('img', { name: /imagen de ejemplo/ })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Datos de demostración');
    expect(document.title).toBe('Licencia de conducción | TOGO');
  });

  it('an empty licence reads Sin registrar everywhere', async () => {
    selectVehicle({ demo: false });
    mockFetch({
      [GET_ALERT]: alertAnswers({
        ALERTA_LICENCIA: {
          empty: true,
          data: {
            numero_licencia_transito: null,
            organismo_expedicion: null,
            fecha_expedicion_lic_transito: null,
            estado_lic_transito: null,
            restricciones_lic_transito: null,
            detalles_lic_transito: [],
          },
        },
      }),
    });
    renderLicence();
    await vi.waitFor(() => expect(screen.getAllByText('Sin registrar')).toHaveLength(6));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows a jpg/png licence picture, uploads a new one and stores its URL in vehicleSelected', async () => {
    selectVehicle({ url_licencia: '/media/licencias/vieja.png' });
    const api = mockFetch({
      [GET_ALERT]: alertAnswers({ ALERTA_LICENCIA: licence }),
      [UPLOAD]: () => json(200, { file_url: '/media/licencias/nueva.jpg' }),
    });
    const view = renderLicence();
    expect(await screen.findByRole('img', { name: 'Foto de tu licencia' })).toHaveAttribute(
      'src',
      '/media/licencias/vieja.png',
    );
    const input = screen.getByLabelText('Subir imagen de la licencia');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    await view.user.upload(input, new File(['jpeg'], 'licencia.jpg', { type: 'image/jpeg' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('img', { name: 'Foto de tu licencia' })).toHaveAttribute(
        'src',
        '/media/licencias/nueva.jpg',
      ),
    );
    const call = api.fetchMock.mock.calls.find(([url]) => String(url).includes('upload_file_to_garage'));
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Token tok');
    expect(JSON.parse(localStorage.getItem('vehicleSelected') ?? '{}')).toMatchObject({
      id: 7,
      url_licencia: '/media/licencias/nueva.jpg',
    });
  });

  it('a PDF licence shows the default picture; other file types are not uploaded', async () => {
    selectVehicle({ url_licencia: '/media/licencias/licencia.pdf' });
    const api = mockFetch({ [GET_ALERT]: alertAnswers({ ALERTA_LICENCIA: licence }) });
    renderLicence();
    expect(await screen.findByRole('img', { name: /imagen de ejemplo/ })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Subir imagen de la licencia'), {
      target: { files: [new File(['%PDF'], 'licencia.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('La imagen debe ser JPG o PNG.');
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).includes('upload_file_to_garage'))).toBe(
      false,
    );
  });

  it('a signed file URL without extension falls back to the default picture when it cannot be shown', async () => {
    selectVehicle({ url_licencia: '/api/files/0b5e?exp=1&sig=abc' });
    mockFetch({ [GET_ALERT]: alertAnswers({ ALERTA_LICENCIA: licence }) });
    renderLicence();
    const photo = await screen.findByRole('img', { name: 'Foto de tu licencia' });
    fireEvent.error(photo);
    expect(await screen.findByRole('img', { name: /imagen de ejemplo/ })).toBeInTheDocument();
  });

  it('a failed upload only hides the overlay', async () => {
    selectVehicle();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      [GET_ALERT]: alertAnswers({ ALERTA_LICENCIA: licence }),
      [UPLOAD]: () => json(413, { detail: 'El archivo no puede superar 5 MB.' }),
    });
    const view = renderLicence();
    await screen.findByText('ACTIVA');
    await view.user.upload(
      screen.getByLabelText('Subir imagen de la licencia'),
      new File(['png'], 'l.png', { type: 'image/png' }),
    );
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
