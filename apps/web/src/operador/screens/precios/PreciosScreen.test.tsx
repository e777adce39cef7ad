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

const prices = (...lists: PriceList[]) => [
  http.get('/api/operador/precios/', inTurn(...lists.map((l) => contractJson(priceListSchema, l)))),
  http.get('/api/operador/precios/programados/', () => json(200, { results: [] })),
];

describe('PreciosScreen', () => {
  it('edits a trámite price: saves, shows a confirmation and the row as edited', async () => {
    const put = inTurn(json(200, {}));
    server.use(
      ...prices(list(420000), list(450000, true)),
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
      ...prices(list(420000), list(480000, true, 3)),
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
      ...prices(list(420000)),
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
    server.use(...prices(list(420000)));
    render(<PreciosScreen />, { wrapper: asRole('soporte') });
    expect(await screen.findByText('Traspaso de propiedad')).toBeInTheDocument();
    expect(screen.getByText('$ 420.000')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Guardar precio/ })).not.toBeInTheDocument();
    expect(screen.getByText('Tu rol puede consultar los precios, pero no cambiarlos.')).toBeInTheDocument();
  });

  it('a percentage change of selected rows: preview old → new in whole pesos, then one save per row with its version', async () => {
    const bodies: { path: string; body: unknown; ifMatch: string | null }[] = [];
    const record = async ({ request }: { request: Request }) => {
      bodies.push({
        path: new URL(request.url).pathname,
        body: await request.json(),
        ifMatch: request.headers.get('if-match'),
      });
      return json(200, {});
    };
    server.use(
      ...prices(list(420000, true, 2), list(441000, true, 3)),
      http.put('/api/operador/precios/rtm/AUTOMOVIL/', record),
      http.put('/api/operador/precios/tramites/TRASPASO/', record),
    );
    const user = userEvent.setup();
    render(<PreciosScreen />, { wrapper: asRole('operaciones') });
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar Automóvil' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Traspaso de propiedad' }));
    const panel = screen.getByRole('region', { name: 'Cambio porcentual de 2 precios seleccionados' });
    await user.type(within(panel).getByLabelText('Cambio (%)'), '5');
    const preview = within(panel).getByRole('table');
    const auto = within(preview).getByRole('row', { name: /Automóvil/ });
    expect(auto).toHaveTextContent('$ 378.400$ 397.320+$ 18.920');
    expect(within(preview).getByRole('row', { name: /Traspaso/ })).toHaveTextContent('$ 420.000$ 441.000');
    expect(within(panel).getByText(/redondea al peso entero más cercano/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Aplicar a 2 precios' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se actualizaron 2 de 2 precios (5 %).');
    expect(bodies).toEqual([
      { path: '/api/operador/precios/rtm/AUTOMOVIL/', body: { precio: 397320 }, ifMatch: '"0"' },
      { path: '/api/operador/precios/tramites/TRASPASO/', body: { precio: 441000 }, ifMatch: '"2"' },
    ]);
    expect(screen.queryByRole('region', { name: /Cambio porcentual/ })).toBeNull();
  });

  it('a row changed by someone else during a percentage change is reported, not green; the others are saved', async () => {
    server.use(
      ...prices(list(420000), list(420000)),
      http.put('/api/operador/precios/rtm/AUTOMOVIL/', () => json(200, {})),
      http.put('/api/operador/precios/tramites/TRASPASO/', () =>
        json(409, { detail: OPERATOR_MSG.staleVersion }),
      ),
    );
    const user = userEvent.setup();
    render(<PreciosScreen />, { wrapper: asRole('operaciones') });
    await user.click(
      await screen.findByRole('checkbox', {
        name: 'Seleccionar todos: Revisión técnico-mecánica por clase de vehículo',
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Traspaso de propiedad' }));
    await user.type(screen.getByLabelText('Cambio (%)'), '-3');
    await user.click(screen.getByRole('button', { name: 'Aplicar a 2 precios' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se actualizaron 1 de 2 precios');
    const warning = screen.getByText(/Otra persona cambió Traspaso de propiedad/);
    expect(warning).toHaveClass('ops-warning');
  });

  it('lists scheduled prices and cancels one; schedules a price from a date', async () => {
    const scheduled = {
      id: 4,
      tipo: 'tramites',
      clave: 'TRASPASO',
      nombre: 'Traspaso de propiedad',
      precio: 450000,
      precio_actual: 420000,
      vigente_desde: '2099-01-15',
      estado: 'pendiente',
      creado_por: 'ops@togo.co',
    };
    const posted: unknown[] = [];
    let deleted = 0;
    server.use(
      http.get('/api/operador/precios/', () => contractJson(priceListSchema, list(420000))),
      http.get(
        '/api/operador/precios/programados/',
        inTurn(json(200, { results: [scheduled] }), json(200, { results: [] }), json(200, { results: [] })),
      ),
      http.delete('/api/operador/precios/programados/4/', () => {
        deleted += 1;
        return new Response(null, { status: 204 });
      }),
      http.post('/api/operador/precios/programados/', async ({ request }) => {
        posted.push(await request.json());
        return json(201, { ...scheduled, id: 5 });
      }),
    );
    const user = userEvent.setup();
    render(<PreciosScreen />, { wrapper: asRole('operaciones') });
    const row = await screen.findByRole('row', { name: /15-01-2099/ });
    expect(row).toHaveTextContent('$ 420.000 → $ 450.000');
    await user.click(
      within(row).getByRole('button', { name: 'Cancelar el cambio de Traspaso de propiedad' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Se canceló el cambio de Traspaso de propiedad del 15-01-2099.',
    );
    expect(deleted).toBe(1);
    expect(await screen.findByText('No hay cambios programados.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Precio'), 'tramites:TRASPASO');
    await user.type(screen.getByLabelText('Precio nuevo'), '455000');
    expect(screen.getByLabelText('Precio nuevo')).toHaveValue('455.000');
    await user.type(screen.getByLabelText('Desde el día'), '2099-02-01');
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Traspaso de propiedad costará $ 455.000 desde el 01-02-2099.',
    );
    expect(posted).toEqual([
      { tipo: 'tramites', clave: 'TRASPASO', precio: 455000, vigente_desde: '2099-02-01' },
    ]);
  });
});
