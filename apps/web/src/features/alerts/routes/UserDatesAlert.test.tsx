import { screen } from '@testing-library/react';
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
import { ImpuestosRoute, PolizaRoute } from './UserDatesAlert.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/app/alerts/poliza', Component: PolizaRoute },
      { path: '/app/alerts/impuestos', Component: ImpuestosRoute },
      ...ELSEWHERE,
    ],
    { initialEntries: [path] },
  );
}

describe('Policy and taxes alerts', () => {
  it("show 'Sin registrar' without dates and create them through 'Por favor actualiza tus fechas'", async () => {
    selectVehicle();
    const api = mockFetch({
      [GET_ALERT]: alertAnswers({
        ALERTA_IMPUESTO: { empty: false, data: { fecha_expedicion: null, fecha_vencimiento: null } },
      }),
      [CREATE_ALERT]: savedAnswer(201),
    });
    const view = renderAt('/app/alerts/impuestos');
    expect(await screen.findAllByText('Sin registrar')).toHaveLength(2);
    expect(document.title).toBe('Impuestos | TOGO');
    await view.user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    expect(screen.getByRole('dialog', { name: 'Por favor actualiza tus fechas' })).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Fecha de expedición'), '01022026');
    await view.user.type(screen.getByLabelText('Fecha de vencimiento'), '30062026');
    await view.user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await vi.waitFor(() => expect(api.bodies(CREATE_ALERT)).toHaveLength(1));
    expect(api.bodies(CREATE_ALERT)[0]).toMatchObject({
      code: 'ALERTA_IMPUESTO',
      id_garaje: 7,
      data: { fecha_expedicion: '2026-02-01', fecha_vencimiento: '2026-06-30' },
    });
  });

  it('the policy updates (PUT) existing dates', async () => {
    selectVehicle();
    const api = mockFetch({
      [GET_ALERT]: alertAnswers({
        ALERTA_TODO_RIESGO: {
          empty: false,
          data: { fecha_expedicion: '2025-08-01', fecha_vencimiento: '2026-07-31' },
        },
      }),
      [UPDATE_ALERT]: savedAnswer(200),
    });
    const view = renderAt('/app/alerts/poliza');
    expect(await screen.findByText('31-07-2026')).toBeInTheDocument();
    expect(screen.getByText('01-08-2025')).toBeInTheDocument();
    expect(document.title).toBe('Póliza todo riesgo | TOGO');
    await view.user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    await view.user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await vi.waitFor(() => expect(api.bodies(UPDATE_ALERT)).toHaveLength(1));
    expect(api.bodies(CREATE_ALERT)).toHaveLength(0);
  });

  it('a stale create that the server refuses as existing is retried as an update', async () => {
    selectVehicle();
    const api = mockFetch({
      [GET_ALERT]: alertAnswers({
        ALERTA_TODO_RIESGO: { empty: false, data: { fecha_expedicion: null, fecha_vencimiento: null } },
      }),
      [CREATE_ALERT]: () => json(400, { detail: 'Ya existen fechas para esta alerta; usa actualizar.' }),
      [UPDATE_ALERT]: savedAnswer(200),
    });
    const view = renderAt('/app/alerts/poliza');
    await screen.findAllByText('Sin registrar');
    await view.user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    await view.user.type(screen.getByLabelText('Fecha de expedición'), '01082025');
    await view.user.type(screen.getByLabelText('Fecha de vencimiento'), '31072026');
    await view.user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await vi.waitFor(() => expect(api.bodies(UPDATE_ALERT)).toHaveLength(1));
    expect(api.bodies(CREATE_ALERT)).toHaveLength(1);
  });
});
