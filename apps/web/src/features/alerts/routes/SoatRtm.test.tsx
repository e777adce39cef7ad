import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import {
  alertAnswers,
  CREATE_ALERT,
  ELSEWHERE,
  GET_ALERT,
  savedAnswer,
  selectVehicle,
  UPDATE_ALERT,
} from '../alerts.test-support.tsx';
import { RtmRoute, SoatRoute } from './SoatRtm.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAlert(path: '/app/alerts/soat' | '/app/alerts/rtm') {
  return renderRoutes(
    [
      { path: '/app/alerts/soat', Component: SoatRoute },
      { path: '/app/alerts/rtm', Component: RtmRoute },
      ...ELSEWHERE,
    ],
    { initialEntries: [path] },
  );
}

const registry = (extra: Record<string, unknown> = {}) => ({
  empty: false,
  data: {
    fecha_expedicion: '2025-11-30',
    fecha_vencimiento: '2026-11-29',
    fuente: 'registro',
    demo: true,
    aseguradora: 'SEGUROS DEL ESTADO',
    ...extra,
  },
});

describe('SOAT and RTM alerts', () => {
  it('holds the dates card and the demo note in place before the answer (no layout shift)', async () => {
    selectVehicle();
    let answer: (value: Response) => void = () => undefined;
    mockFetch({ [GET_ALERT]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAlert('/app/alerts/soat');
    const card = screen.getByRole('region', { name: 'Vigencia de tu SOAT' });
    expect(within(card).getAllByText('—')).toHaveLength(2);
    expect(within(card).getByText('Consultando…')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tu vehículo' })).toBeInTheDocument();
    answer(json(200, registry()));
    expect(await within(card).findByText('29-11-2026')).toBeInTheDocument();
    expect(within(card).queryByText('—')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('Datos de demostración');
  });

  it("shows the registry's dates as dd-MM-yyyy, the vehicle card and the demo note", async () => {
    selectVehicle();
    mockFetch({ [GET_ALERT]: alertAnswers({ ALERTA_SOAT: registry() }) });
    renderAlert('/app/alerts/soat');
    expect(await screen.findByText('29-11-2026')).toBeInTheDocument();
    expect(screen.getByText('30-11-2025')).toBeInTheDocument();
    expect(screen.getByText('Aseguradora: SEGUROS DEL ESTADO')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Datos de demostración');
    const card = screen.getByRole('region', { name: 'Tu vehículo' });
    expect(within(card).getByLabelText('Placa JKM482')).toBeInTheDocument();
    expect(within(card).getByText('MAZDA')).toBeInTheDocument();
    expect(within(card).getByText('2019')).toBeInTheDocument();
    expect(within(card).getByText('CX-30')).toBeInTheDocument();
    expect(within(card).getByText('1.998 cc')).toBeInTheDocument();
    expect(document.title).toBe('SOAT | TOGO');
  });

  it("an empty answer shows '¡Estamos actualizando tu información!…' and, once dismissed, goes to /app/alerts", async () => {
    selectVehicle();
    mockFetch({
      [GET_ALERT]: alertAnswers({
        ALERTA_SOAT: {
          empty: true,
          data: {
            fecha_expedicion: null,
            fecha_vencimiento: null,
            fuente: null,
            demo: false,
            aseguradora: null,
          },
        },
      }),
    });
    const view = renderAlert('/app/alerts/soat');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      '¡Estamos actualizando tu información! Por favor verifica en unos minutos',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Ruta /app/alerts')).toBeInTheDocument();
  });

  it("RTM has 'Agendar RTM' to /app/servicios/rtm, and missing dates read 'Sin registrar'", async () => {
    selectVehicle({ vehicle_data: null });
    mockFetch({
      [GET_ALERT]: alertAnswers({
        ALERTA_RTM: {
          empty: false,
          data: { fecha_expedicion: null, fecha_vencimiento: null, fuente: null, demo: false, cda: null },
        },
      }),
    });
    const view = renderAlert('/app/alerts/rtm');
    const card = screen.getByRole('region', { name: 'Vigencia de tu revisión' });
    expect(await within(card).findAllByText('Sin registrar')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'Agendar RTM' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await view.user.click(link);
    expect(await screen.findByText('Ruta /app/servicios/rtm')).toBeInTheDocument();
  });

  it("creates the user's dates (POST) while they come from the registry, then reloads the alert", async () => {
    selectVehicle();
    const userDates = registry({
      fecha_expedicion: '2026-01-10',
      fecha_vencimiento: '2027-01-09',
      fuente: 'usuario',
      demo: false,
      aseguradora: null,
    });
    const answers = [registry(), userDates];
    const api = mockFetch({
      [GET_ALERT]: () => json(200, answers.shift() ?? userDates),
      [CREATE_ALERT]: savedAnswer(201),
    });
    const view = renderAlert('/app/alerts/soat');
    await screen.findByText('29-11-2026');
    await view.user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    await view.user.clear(screen.getByLabelText('Fecha de expedición'));
    await view.user.type(screen.getByLabelText('Fecha de expedición'), '10012026');
    await view.user.clear(screen.getByLabelText('Fecha de vencimiento'));
    await view.user.type(screen.getByLabelText('Fecha de vencimiento'), '09012027');
    await view.user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('09-01-2027')).toBeInTheDocument();
    expect(screen.getByText('Fechas ingresadas por ti.')).toBeInTheDocument();
    expect(api.bodies(CREATE_ALERT)).toEqual([
      expect.objectContaining({
        code: 'ALERTA_SOAT',
        id_garaje: 7,
        fecha_base: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        data: { fecha_expedicion: '2026-01-10', fecha_vencimiento: '2027-01-09' },
      }),
    ]);
    expect(api.bodies(UPDATE_ALERT)).toHaveLength(0);
  });

  it("updates (PUT) when the dates on screen are the user's", async () => {
    selectVehicle();
    const api = mockFetch({
      [GET_ALERT]: alertAnswers({
        ALERTA_RTM: registry({ fuente: 'usuario', demo: false, aseguradora: undefined, cda: null }),
      }),
      [UPDATE_ALERT]: savedAnswer(200),
    });
    const view = renderAlert('/app/alerts/rtm');
    await screen.findByText('29-11-2026');
    await view.user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    expect(screen.getByLabelText('Fecha de vencimiento')).toHaveValue('29/11/2026');
    await view.user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await vi.waitFor(() => expect(api.bodies(UPDATE_ALERT)).toHaveLength(1));
    expect(api.bodies(UPDATE_ALERT)[0]).toMatchObject({
      code: 'ALERTA_RTM',
      data: { fecha_expedicion: '2025-11-30', fecha_vencimiento: '2026-11-29' },
    });
    expect(api.bodies(CREATE_ALERT)).toHaveLength(0);
  });

  it('a malformed answer is only logged, as a failed read: none of its dates is shown', async () => {
    selectVehicle();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      [GET_ALERT]: alertAnswers({ ALERTA_SOAT: registry({ fecha_vencimiento: 20261129, fuente: 'otro' }) }),
    });
    renderAlert('/app/alerts/soat');
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'No se pudo consultar la alerta ALERTA_SOAT',
        expect.objectContaining({ name: 'ZodError' }),
      ),
    );
    expect(screen.queryByText('30-11-2025')).not.toBeInTheDocument();
    expect(screen.queryByText('Aseguradora: SEGUROS DEL ESTADO')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('a failed read is only logged', async () => {
    selectVehicle();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ [GET_ALERT]: () => json(500, { detail: 'Error interno.' }) });
    renderAlert('/app/alerts/soat');
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
