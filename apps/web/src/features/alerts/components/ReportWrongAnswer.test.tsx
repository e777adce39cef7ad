import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  picoPlacaReportCreatedSchema,
  picoPlacaReportSchema,
  type PicoPlacaReport,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { contractJson, inTurn, json, server } from '../../../test/api-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { REPORT_OFFLINE_TEXT, ReportWrongAnswer } from './ReportWrongAnswer.tsx';

const LIST = '/api/togo/pico-placa/reportes/';
const FECHA = '2026-12-01';

const report = (over: Partial<PicoPlacaReport> = {}): PicoPlacaReport => ({
  id: 1,
  id_garaje: 7,
  fecha: FECHA,
  ciudad: 'Medellín',
  digito: 3,
  tipo_vehiculo: 'particular',
  nota: null,
  estado: 'abierto',
  respuesta: null,
  creado: '2026-12-01T15:00:00.000Z',
  resuelto_el: null,
  ...over,
});
const list = (rows: PicoPlacaReport[]) => contractJson(picoPlacaReportSchema.array(), rows);

function renderDialog() {
  return renderRoutes(
    [{ path: '/', Component: () => <ReportWrongAnswer vehicleId={7} fecha={FECHA} city="Medellín" /> }],
    { initialEntries: ['/'] },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

// user-event types slowly on this shared machine.
describe('¿Esta información está mal?', { timeout: 30_000 }, () => {
  it('opens an accessible dialog, counts the note, sends it and thanks; the state then shows on the screen', async () => {
    const post = inTurn(
      contractJson(picoPlacaReportCreatedSchema, { ...report({ nota: 'Hoy no' }), duplicado: false }),
    );
    server.use(http.get(LIST, inTurn(list([]), list([report({ nota: 'Hoy no' })]))), http.post(LIST, post));
    const { user } = renderDialog();
    const opener = screen.getByRole('button', { name: '¿Esta información está mal?' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '¿Esta información está mal?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/pico y placa de Medellín del 01\/12\/2026/);
    const note = screen.getByRole('textbox', { name: 'Nota (opcional)' });
    expect(note).toHaveFocus();
    expect(note).toHaveAccessibleDescription('0/500 caracteres');
    await user.type(note, 'Hoy no');
    expect(screen.getByText('6/500 caracteres')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText(/^Gracias, lo revisaremos\./)).toBeInTheDocument();
    expect(post.bodies).toEqual([{ id_garaje: 7, fecha: FECHA, nota: 'Hoy no' }]);
    const close = screen.getAllByRole('button', { name: 'Cerrar' }).at(-1) as HTMLElement;
    expect(close).toHaveFocus();
    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(await screen.findByText('Reportaste esta respuesta. Estado: en revisión.')).toBeInTheDocument();
  });

  it('a resolved report shows TOGO’s reply', async () => {
    server.use(
      http.get(LIST, () =>
        list([
          report({
            estado: 'resuelto',
            respuesta: 'Corregimos la regla.',
            resuelto_el: '2026-12-02T15:00:00.000Z',
          }),
        ]),
      ),
    );
    renderDialog();
    expect(
      await screen.findByText('Revisamos tu reporte. Respuesta de TOGO: Corregimos la regla.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s errors: the note’s on the field, a limit as an alert; Escape closes', async () => {
    server.use(
      http.get(LIST, () => list([])),
      http.post(
        LIST,
        inTurn(
          json(400, { nota: ['La nota puede tener máximo 500 caracteres.'] }),
          json(429, { detail: 'Enviaste muchos reportes seguidos. Intenta de nuevo en 48 minutos.' }),
        ),
      ),
    );
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: '¿Esta información está mal?' }));
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    const note = screen.getByRole('textbox', { name: 'Nota (opcional)' });
    await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
    expect(note).toHaveAccessibleDescription(/máximo 500 caracteres/);
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Intenta de nuevo en 48 minutos.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offline: says so and does not send', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.get(LIST, () => list([])));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: '¿Esta información está mal?' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REPORT_OFFLINE_TEXT);
    expect(screen.getByRole('button', { name: 'Enviar reporte' })).toBeDisabled();
  });
});
