import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceList } from '@togo/domain/operator/operator-ops.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { asRole } from '../../test/as-role.tsx';
import PreciosScreen from './PreciosScreen.tsx';

// The machine running the suite is shared and slow: wait on conditions for longer (never sleep).
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

const list = (precio: number, editado = false): PriceList => ({
  rtm: [{ clase: 'AUTOMOVIL', grupo: 'LIVIANOS', precio: 378400, editado: false }],
  combos: [],
  tramites: [{ id: 'TRASPASO', nombre: 'Traspaso de propiedad', precio, editado }],
});

afterEach(() => vi.unstubAllGlobals());

describe('PreciosScreen', () => {
  it('edits a trámite price: saves, shows a confirmation and the row as edited', async () => {
    const { bodies } = mockFetch({
      'GET /api/operador/precios/': [json(200, list(420000)), json(200, list(450000, true))],
      'PUT /api/operador/precios/tramites/TRASPASO/': [json(200, {})],
    });
    const user = userEvent.setup();
    render(<PreciosScreen />, { wrapper: asRole('operaciones') });
    const input = await screen.findByLabelText('Traspaso de propiedad');
    const save = screen.getByRole('button', { name: 'Guardar precio de Traspaso de propiedad' });
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, '450000');
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Precio de Traspaso de propiedad actualizado',
    );
    expect(bodies('PUT /api/operador/precios/tramites/TRASPASO/')).toEqual([{ precio: 450000 }]);
    expect(await screen.findByText('Editado en la consola')).toBeInTheDocument();
    expect(screen.getByText('No hay precios en esta sección.')).toBeInTheDocument();
  });

  it('a 400 shows the field’s message beside the input; a 403 says there is no permission', async () => {
    mockFetch({
      'GET /api/operador/precios/': [json(200, list(420000))],
      'PUT /api/operador/precios/rtm/AUTOMOVIL/': [
        json(400, { precio: ['Mínimo $1.000.'] }),
        json(403, { detail: 'No tienes permiso para realizar esta acción.' }),
      ],
    });
    const user = userEvent.setup();
    render(<PreciosScreen />, { wrapper: asRole('operaciones') });
    const input = await screen.findByLabelText('AUTOMOVIL');
    await user.clear(input);
    await user.type(input, '5');
    const save = screen.getByRole('button', { name: 'Guardar precio de AUTOMOVIL' });
    await user.click(save);
    const row = input.closest('tr')!;
    expect(await within(row).findByRole('alert')).toHaveTextContent('precio: Mínimo $1.000.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(save);
    expect(await within(row).findByRole('alert')).toHaveTextContent('No tienes permiso');
  });

  it('soporte sees the prices without inputs or save buttons', async () => {
    mockFetch({ 'GET /api/operador/precios/': [json(200, list(420000))] });
    render(<PreciosScreen />, { wrapper: asRole('soporte') });
    expect(await screen.findByText('Traspaso de propiedad')).toBeInTheDocument();
    expect(screen.getByText('$ 420.000')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Guardar precio/ })).not.toBeInTheDocument();
    expect(screen.getByText('Tu rol puede consultar los precios, pero no cambiarlos.')).toBeInTheDocument();
  });
});
