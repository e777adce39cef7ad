import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@togo/domain/operator/operator-auth.contract';
import {
  operatorPicoPlacaReportSchema,
  type OperatorPicoPlacaReport,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { contractJson, inTurn, json, server } from '../../../test/api-server.ts';
import { asRole } from '../../test/as-role.tsx';
import { ReportList } from './ReportList.tsx';

const BASE = '/api/operador/pico-placa/reportes/';

const MEDELLIN: OperatorPicoPlacaReport = {
  id: 12,
  dane: '05001',
  ciudad: 'Medellín',
  fecha: '2026-12-01',
  digito: 3,
  tipo_vehiculo: 'particular',
  nota: 'Hoy sí hay pico y placa para el 3',
  estado: 'abierto',
  respuesta: null,
  creado: '2026-12-01T15:00:00.000Z',
  resuelto_el: null,
  resuelto_por: null,
  dijo: {
    status: 'unknown',
    certeza: 'sin_informacion',
    mensaje: 'Sin información vigente para Medellín',
    digitos: [],
    fuentes: [],
    verificado_el: null,
    version: 0,
  },
};
const list = (rows: OperatorPicoPlacaReport[]) => contractJson(operatorPicoPlacaReportSchema.array(), rows);

function renderList(role: StaffRole) {
  render(<ReportList />, { wrapper: asRole(role) });
  return userEvent.setup();
}

describe('ReportList (decision 104)', { timeout: 30_000 }, () => {
  it('shows city, date, digit, vehicle type, note and what TOGO said; a reader cannot resolve', async () => {
    server.use(http.get(BASE, () => list([MEDELLIN])));
    renderList('soporte');
    const table = await screen.findByRole('table', { name: 'Reportes de conductores' });
    const row = within(table).getByRole('row', { name: /Medellín/ });
    expect(row).toHaveTextContent('01/12/2026');
    expect(within(row).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Carro particular');
    expect(row).toHaveTextContent('Hoy sí hay pico y placa para el 3');
    expect(row).toHaveTextContent('Sin información vigente para Medellín (sin información, versión 0)');
    expect(screen.queryByRole('button', { name: /marcar resuelto/i })).not.toBeInTheDocument();
  });

  it('an editor resolves one with a reply; the list is read again and says so', async () => {
    const post = inTurn(
      contractJson(operatorPicoPlacaReportSchema, {
        ...MEDELLIN,
        estado: 'resuelto',
        respuesta: 'Agregamos la regla de diciembre.',
        resuelto_el: '2026-12-02T15:00:00.000Z',
        resuelto_por: 'contenido@togo.co',
      }),
    );
    server.use(http.get(BASE, inTurn(list([MEDELLIN]), list([]))), http.post(`${BASE}12/resolver/`, post));
    const user = renderList('contenido');
    await user.click(
      await screen.findByRole('button', { name: 'Marcar resuelto el reporte de Medellín del 01/12/2026' }),
    );
    const form = screen.getByRole('form', { name: 'Resolver el reporte de Medellín' });
    await user.type(
      within(form).getByLabelText('Respuesta al conductor (opcional)'),
      'Agregamos la regla de diciembre.',
    );
    await user.click(within(form).getByRole('button', { name: 'Confirmar: resuelto' }));
    expect(
      await screen.findByText('Reporte de Medellín del 01/12/2026 marcado como resuelto.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No hay reportes de conductores por revisar.')).toBeInTheDocument();
    expect(post.bodies).toEqual([{ respuesta: 'Agregamos la regla de diciembre.' }]);
  });

  it('a report someone already resolved: the 409 is shown', async () => {
    server.use(
      http.get(BASE, () => list([MEDELLIN])),
      http.post(`${BASE}12/resolver/`, () => json(409, { detail: 'Este reporte ya fue resuelto.' })),
    );
    const user = renderList('admin');
    await user.click(await screen.findByRole('button', { name: /marcar resuelto/i }));
    await user.click(screen.getByRole('button', { name: 'Confirmar: resuelto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este reporte ya fue resuelto.');
  });
});
