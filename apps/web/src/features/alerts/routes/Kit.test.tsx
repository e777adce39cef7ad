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
import { KitRoute, nextRecharge } from './Kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const kit = (fecha: string | null) => ({
  empty: false,
  data: { fecha_expedicion: null, fecha_vencimiento: fecha },
});

function renderKit() {
  return renderRoutes([{ path: '/app/alerts/kit', Component: KitRoute }, ...ELSEWHERE], {
    initialEntries: ['/app/alerts/kit'],
  });
}

describe('Kit alert', () => {
  it('shows the last extinguisher recharge as a long Spanish date and the next one a year later', async () => {
    selectVehicle();
    mockFetch({ [GET_ALERT]: alertAnswers({ ALERTA_KIT: kit('2026-03-15') }) });
    renderKit();
    expect(await screen.findByText('15 de marzo de 2026')).toBeInTheDocument();
    expect(screen.getByText('15 de marzo de 2027')).toBeInTheDocument();
    expect(document.title).toBe('Kit de carretera | TOGO');
    expect(nextRecharge('2024-02-29')).toBe('2025-02-28');
  });

  it("the single-date modal's date is saved as fecha_vencimiento (POST when there was none)", async () => {
    selectVehicle();
    const answers = [kit(null), kit('2026-03-15')];
    const api = mockFetch({
      [GET_ALERT]: () => json(200, answers.shift() ?? kit('2026-03-15')),
      [CREATE_ALERT]: savedAnswer(201),
    });
    const view = renderKit();
    expect(await screen.findByText('Sin registrar')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Actualiza la fecha' }));
    expect(
      screen.getByRole('dialog', { name: 'Por favor actualiza la fecha de la última recarga del extintor' }),
    ).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Fecha de la última recarga'), '15032026');
    await view.user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('15 de marzo de 2026')).toBeInTheDocument();
    expect(api.bodies(CREATE_ALERT)).toEqual([
      expect.objectContaining({
        code: 'ALERTA_KIT',
        id_garaje: 7,
        data: { fecha_expedicion: null, fecha_vencimiento: '2026-03-15' },
      }),
    ]);
  });

  it('updates (PUT) when a recharge date exists; a failed save is only logged', async () => {
    selectVehicle();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = mockFetch({
      [GET_ALERT]: alertAnswers({ ALERTA_KIT: kit('2025-01-20') }),
      [UPDATE_ALERT]: () => json(500, { detail: 'Error interno.' }),
    });
    const view = renderKit();
    await screen.findByText('20 de enero de 2025');
    await view.user.click(screen.getByRole('button', { name: 'Actualiza la fecha' }));
    expect(screen.getByLabelText('Fecha de la última recarga')).toHaveValue('20/01/2025');
    await view.user.clear(screen.getByLabelText('Fecha de la última recarga'));
    await view.user.type(screen.getByLabelText('Fecha de la última recarga'), '02022026');
    await view.user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(api.bodies(UPDATE_ALERT)).toEqual([
      expect.objectContaining({ data: { fecha_expedicion: null, fecha_vencimiento: '2026-02-02' } }),
    ]);
    expect(api.bodies(CREATE_ALERT)).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('20 de enero de 2025')).toBeInTheDocument();
    error.mockRestore();
  });
});
