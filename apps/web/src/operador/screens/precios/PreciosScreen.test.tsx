import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import { priceListSchema, type PriceList } from '@togo/domain/operator/operator-ops.contract';
import { contractJson, inTurn, json, server } from '../../../test/api-server.ts';
import { asRole } from '../../test/as-role.tsx';
import PreciosScreen from './PreciosScreen.tsx';

const list = (precio: number, editado = false, version = editado ? 1 : 0): PriceList => ({
  rtm: [{ clase: 'AUTOMOVIL', grupo: 'LIVIANOS', precio: 378400, editado: false, version: 0 }],
  combos: [],
  tramites: [{ id: 'TRASPASO', nombre: 'Traspaso de propiedad', precio, editado, version }],
});

const prices = (...lists: PriceList[]) =>
  http.get('/api/operador/precios/', inTurn(...lists.map((l) => contractJson(priceListSchema, l))));

describe('PreciosScreen', () => {
  it('edits a trámite price: saves, shows a confirmation and the row as edited', async () => {
    const put = inTurn(json(200, {}));
    server.use(
      prices(list(420000), list(450000, true)),
      http.put('/api/operador/precios/tramites/TRASPASO/', put),
    );
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
    expect(put.bodies).toEqual([{ precio: 450000 }]);
    expect(await screen.findByText('Editado en la consola')).toBeInTheDocument();
    expect(screen.getByText('No hay precios en esta sección.')).toBeInTheDocument();
  });

  it('a price saved by someone else since it was read (409): the row explains it and reloads', async () => {
    const ifMatch: (string | null)[] = [];
    server.use(
      prices(list(420000), list(480000, true, 3)),
      http.put('/api/operador/precios/tramites/TRASPASO/', ({ request }) => {
        ifMatch.push(request.headers.get('if-match'));
        return json(409, { detail: OPERATOR_MSG.staleVersion });
      }),
    );
    const user = userEvent.setup();
    render(<PreciosScreen />, { wrapper: asRole('operaciones') });
    const input = await screen.findByLabelText('Traspaso de propiedad');
    await user.clear(input);
    await user.type(input, '450000');
    await user.click(screen.getByRole('button', { name: 'Guardar precio de Traspaso de propiedad' }));
    const notice = await screen.findByTestId('stale-version');
    expect(notice).toHaveTextContent('Otra persona guardó cambios mientras editabas.');
    expect(ifMatch).toEqual(['"0"']);
    await user.click(within(notice).getByRole('button', { name: 'Recargar la versión actual' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se cargó la versión actual.');
    expect(await screen.findByLabelText('Traspaso de propiedad')).toHaveValue('480.000');
    expect(screen.queryByTestId('stale-version')).toBeNull();
  });

  it('a 400 shows the field’s message beside the input; a 403 says there is no permission', async () => {
    server.use(
      prices(list(420000)),
      http.put(
        '/api/operador/precios/rtm/AUTOMOVIL/',
        inTurn(
          json(400, { precio: ['Mínimo $1.000.'] }),
          json(403, { detail: 'No tienes permiso para realizar esta acción.' }),
        ),
      ),
    );
    const user = userEvent.setup();
    render(<PreciosScreen />, { wrapper: asRole('operaciones') });
    const input = await screen.findByLabelText('Automóvil');
    await user.clear(input);
    await user.type(input, '5');
    const save = screen.getByRole('button', { name: 'Guardar precio de Automóvil' });
    await user.click(save);
    const row = input.closest('tr')!;
    expect(await within(row).findByRole('alert')).toHaveTextContent('precio: Mínimo $1.000.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(save);
    expect(await within(row).findByRole('alert')).toHaveTextContent('No tienes permiso');
  });

  it('soporte sees the prices without inputs or save buttons', async () => {
    server.use(prices(list(420000)));
    render(<PreciosScreen />, { wrapper: asRole('soporte') });
    expect(await screen.findByText('Traspaso de propiedad')).toBeInTheDocument();
    expect(screen.getByText('$ 420.000')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Guardar precio/ })).not.toBeInTheDocument();
    expect(screen.getByText('Tu rol puede consultar los precios, pero no cambiarlos.')).toBeInTheDocument();
  });
});
