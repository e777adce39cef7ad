import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { closureAnswerSchema } from '@togo/domain/operator/operator-console.contract';
import {
  branchClosureListSchema,
  operatorBranchPageSchema,
  operatorBranchSchema,
} from '@togo/domain/operator/operator-ops.contract';
import { contractJson, inTurn, json, server } from '../../../test/api-server.ts';
import { asRole } from '../../test/as-role.tsx';
import { branch, branchPage, divipolaHandlers } from '../test-support.ts';
import SedesScreen from './SedesScreen.tsx';
import { formatDay } from '../../components/format.ts';

// The edit form's tests type a lot (decision 089): slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('./BranchPositionMap.tsx', () => ({ default: () => <p>Mapa</p> }));

const SEDES = '/api/operador/sedes/';
const CLOSURES = '/api/operador/sedes/TRA-BOG-01/cierres/';

function renderSedes() {
  server.use(...divipolaHandlers());
  render(
    <MemoryRouter initialEntries={['/sedes']}>
      <SedesScreen />
    </MemoryRouter>,
    { wrapper: asRole('operaciones') },
  );
  return userEvent.setup();
}

const list = (...pages: Parameters<typeof branchPage>[0][]) =>
  inTurn(...pages.map((rows) => contractJson(operatorBranchPageSchema, branchPage(rows))));

describe('branch form (issue 38)', () => {
  it('edits name, address, phone and the municipality picked from the department’s list', async () => {
    const saved = branch({ nombre: 'Trámites Bello', ciudad: '05088', ciudad_nombre: 'Bello', version: 1 });
    const patch = inTurn(contractJson(operatorBranchSchema, saved));
    server.use(http.get(SEDES, list([branch()], [saved])), http.patch(`${SEDES}TRA-BOG-01/`, patch));
    const user = renderSedes();
    await user.click(await screen.findByRole('button', { name: 'Editar Punto de Trámites Calle 80' }));
    const form = screen.getByRole('form', { name: 'Editar Punto de Trámites Calle 80' });
    // The branch's own department and municipality are selected.
    const department = within(form).getByLabelText('Departamento');
    const town = within(form).getByLabelText('Municipio');
    expect(await within(department).findByRole('option', { name: 'Bogotá, D.C.' })).toBeInTheDocument();
    expect(department).toHaveValue('11');
    expect(await within(town).findByRole('option', { name: 'Bogotá' })).toBeInTheDocument();
    expect(town).toHaveValue('11001');

    await user.clear(within(form).getByLabelText('Nombre'));
    await user.type(within(form).getByLabelText('Nombre'), 'Trámites Bello');
    await user.clear(within(form).getByLabelText('Dirección'));
    await user.type(within(form).getByLabelText('Dirección'), 'Calle 50 # 40-10');
    await user.clear(within(form).getByLabelText('Teléfono'));
    await user.type(within(form).getByLabelText('Teléfono'), '604 444 5566');
    await user.selectOptions(department, 'Antioquia');
    // A new department clears the municipality: saving now names the field.
    expect(town).toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(town).toHaveAccessibleDescription('Elige el municipio.');
    expect(patch.bodies).toEqual([]);
    await user.selectOptions(town, await within(town).findByRole('option', { name: 'Bello' }));
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sede Trámites Bello guardada.');
    expect(patch.bodies).toEqual([
      { nombre: 'Trámites Bello', direccion: 'Calle 50 # 40-10', telefono: '604 444 5566', ciudad: '05088' },
    ]);
  });

  it('shows each error at its field in Spanish: before sending, and as the API answers', async () => {
    const patch = inTurn(json(400, { telefono: ['Mínimo 7 caracteres.'] }));
    server.use(http.get(SEDES, list([branch()])), http.patch(`${SEDES}TRA-BOG-01/`, patch));
    const user = renderSedes();
    await user.click(await screen.findByRole('button', { name: 'Editar Punto de Trámites Calle 80' }));
    const form = screen.getByRole('form', { name: 'Editar Punto de Trámites Calle 80' });
    await user.clear(within(form).getByLabelText('Nombre'));
    await user.clear(within(form).getByLabelText('Capacidad por hora'));
    await user.type(within(form).getByLabelText('Capacidad por hora'), '500');
    await user.clear(within(form).getByLabelText('Latitud'));
    await user.type(within(form).getByLabelText('Latitud'), '40');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(within(form).getByLabelText('Nombre')).toHaveAccessibleDescription('Este campo es obligatorio.');
    expect(within(form).getByLabelText('Capacidad por hora')).toHaveAccessibleDescription('Máximo 100.');
    expect(within(form).getByLabelText('Latitud')).toHaveAccessibleDescription('Latitud fuera de Colombia.');
    expect(within(form).getByRole('alert')).toHaveTextContent('Revisa los campos marcados.');
    expect(patch.bodies).toEqual([]);

    await user.type(within(form).getByLabelText('Nombre'), 'Calle 80');
    await user.clear(within(form).getByLabelText('Capacidad por hora'));
    await user.type(within(form).getByLabelText('Capacidad por hora'), '5');
    await user.clear(within(form).getByLabelText('Latitud'));
    await user.type(within(form).getByLabelText('Latitud'), '4.7');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await within(form).findByText('Mínimo 7 caracteres.', { selector: '.field-error' }),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Teléfono')).toHaveAccessibleDescription('Mínimo 7 caracteres.');
    expect(within(form).getByLabelText('Nombre')).not.toHaveAccessibleDescription();
  });

  it('creates a branch with its municipality picked from the lists (no DANE code typed)', async () => {
    const created = branch({
      id: 'RTM-MED-09',
      nombre: 'CDA Bello',
      ciudad: '05088',
      ciudad_nombre: 'Bello',
    });
    const post = inTurn(contractJson(operatorBranchSchema, created, { status: 201 }));
    server.use(http.get(SEDES, list([branch()], [branch(), created])), http.post(SEDES, post));
    const user = renderSedes();
    await user.click(await screen.findByRole('button', { name: 'Nueva sede' }));
    const form = screen.getByRole('form', { name: 'Nueva sede' });
    expect(within(form).queryByLabelText(/DANE/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Crear sede' }));
    expect(within(form).getByLabelText('Código')).toHaveAccessibleDescription('Este campo es obligatorio.');
    expect(within(form).getByLabelText('Municipio')).toHaveAccessibleDescription(
      'Elige el departamento y el municipio.',
    );
    await user.type(within(form).getByLabelText('Código'), 'RTM-MED-09');
    await user.type(within(form).getByLabelText('Nombre'), 'CDA Bello');
    await user.type(within(form).getByLabelText('Dirección'), 'Calle 50 # 40-10');
    await user.selectOptions(
      within(form).getByLabelText('Departamento'),
      await within(form).findByRole('option', { name: 'Antioquia' }),
    );
    await user.selectOptions(
      within(form).getByLabelText('Municipio'),
      await within(form).findByRole('option', { name: 'Bello' }),
    );
    await user.type(within(form).getByLabelText('Teléfono'), '604 444 5566');
    await user.type(within(form).getByLabelText('Latitud'), '6.33');
    await user.type(within(form).getByLabelText('Longitud'), '-75.55');
    await user.click(within(form).getByRole('button', { name: 'Crear sede' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sede CDA Bello guardada.');
    expect(post.bodies[0]).toMatchObject({ id: 'RTM-MED-09', ciudad: '05088', servicio: 'rtm' });
  });
});

describe('closures over a range of days (issue 38)', () => {
  it('refuses more than 31 days at the field, then closes from–to and says which days already were', async () => {
    const post = inTurn(
      contractJson(
        closureAnswerSchema,
        {
          sede: 'TRA-BOG-01',
          fecha: '2030-01-02',
          hasta: '2030-01-05',
          motivo: 'Obras',
          cerrados: ['2030-01-02', '2030-01-04', '2030-01-05'],
          ya_cerrados: ['2030-01-03'],
          por_reprogramar: [
            {
              id: 'b1',
              fecha: '2030-01-04',
              placa: 'ABC123',
              hora: '09:00',
              cliente: { nombre: 'Ana Pérez', correo: 'ana@correo.com' },
            },
          ],
        },
        { status: 201 },
      ),
    );
    server.use(
      http.get(SEDES, list([branch()])),
      http.get(CLOSURES, () => contractJson(branchClosureListSchema, [])),
      http.post(CLOSURES, post),
    );
    const user = renderSedes();
    await user.click(await screen.findByRole('button', { name: 'Cierres de Punto de Trámites Calle 80' }));
    const form = await screen.findByRole('form', { name: 'Cerrar un día' });
    await user.type(within(form).getByLabelText('Fecha del cierre (desde)'), '2030-01-02');
    await user.type(within(form).getByLabelText('Hasta (incluido)'), '2030-02-02');
    await user.type(within(form).getByLabelText('Motivo'), 'Obras');
    await user.click(within(form).getByRole('button', { name: 'Cerrar esos días' }));
    expect(within(form).getByLabelText('Hasta (incluido)')).toHaveAccessibleDescription(
      'Un cierre puede cubrir como máximo 31 días.',
    );
    expect(post.bodies).toEqual([]);
    await user.clear(within(form).getByLabelText('Hasta (incluido)'));
    await user.type(within(form).getByLabelText('Hasta (incluido)'), '2030-01-05');
    await user.click(within(form).getByRole('button', { name: 'Cerrar esos días' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      `Sede cerrada del ${formatDay('2030-01-02')} al ${formatDay('2030-01-05')}.`,
    );
    expect(status).toHaveTextContent(`Ya estaban cerrados (sin cambios): ${formatDay('2030-01-03')}.`);
    expect(status).toHaveTextContent(`${formatDay('2030-01-04')} · 09:00 · ABC123 · Ana Pérez`);
    expect(post.bodies).toEqual([{ fecha: '2030-01-02', hasta: '2030-01-05', motivo: 'Obras' }]);
  });
});
