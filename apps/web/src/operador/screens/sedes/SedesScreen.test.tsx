import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { OPERATOR_MSG, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { closureAnswerSchema } from '@togo/domain/operator/operator-console.contract';
import {
  branchClosureListSchema,
  operatorBranchPageSchema,
  operatorBranchSchema,
  type BranchClosureEntry,
  type OperatorBranchPage,
} from '@togo/domain/operator/operator-ops.contract';
import { contractJson, inTurn, json, server } from '../../../test/api-server.ts';
import { asRole } from '../../test/as-role.tsx';
import { branch, branchPage, divipolaHandlers } from '../test-support.ts';
import SedesScreen from './SedesScreen.tsx';
import { formatDay } from '../../components/format.ts';

// Still raised (decision 089): at a load average of 21 on 2 cores the edit form's tests took 4.1–5.3 s.
vi.setConfig({ testTimeout: 30_000 });

// Leaflet does not lay out in jsdom: a stand-in map that shows its marker and picks a point when clicked.
vi.mock('./BranchPositionMap.tsx', () => ({
  default: ({
    lat,
    lng,
    onPick,
  }: {
    lat: number | null;
    lng: number | null;
    onPick: (a: number, b: number) => void;
  }) => (
    <div>
      <p>Marcador: {lat === null || lng === null ? 'ninguno' : `${lat}, ${lng}`}</p>
      <button type="button" onClick={() => onPick(6.244203, -75.581212)}>
        Tocar el mapa en Medellín
      </button>
    </div>
  ),
}));

function renderSedes(path = '/sedes', role: StaffRole = 'operaciones') {
  server.use(...divipolaHandlers());
  render(
    <MemoryRouter initialEntries={[path]}>
      <SedesScreen />
    </MemoryRouter>,
    { wrapper: asRole(role) },
  );
  return userEvent.setup();
}

const SEDES = '/api/operador/sedes/';
const CLOSURES = '/api/operador/sedes/TRA-BOG-01/cierres/';
const page = (data: OperatorBranchPage) => contractJson(operatorBranchPageSchema, data);
const closures = (list: BranchClosureEntry[]) => contractJson(branchClosureListSchema, list);

describe('SedesScreen', () => {
  it('edits capacity, groups and home service of a branch', async () => {
    const patch = inTurn(contractJson(operatorBranchSchema, branch({ capacidad: 6 })));
    server.use(
      http.get(SEDES, inTurn(page(branchPage([branch()])), page(branchPage([branch({ capacidad: 6 })])))),
      http.patch('/api/operador/sedes/TRA-BOG-01/', patch),
    );
    const user = renderSedes();
    await user.click(await screen.findByRole('button', { name: 'Editar Punto de Trámites Calle 80' }));
    const form = screen.getByRole('form', { name: 'Editar Punto de Trámites Calle 80' });
    const cap = within(form).getByLabelText('Capacidad por hora');
    await user.clear(cap);
    await user.type(cap, '6');
    await user.click(within(form).getByLabelText('Motos'));
    await user.click(within(form).getByLabelText('Servicio a domicilio'));
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sede Punto de Trámites Calle 80 guardada.');
    // Only what changed is sent (a save never rewrites a field it did not touch).
    expect(patch.bodies).toEqual([{ capacidad: 6, atiende: ['LIVIANOS', 'MOTOS'], a_domicilio: true }]);
  });

  it('a branch saved by someone else since it was read (409): the form explains it and reopens on the current one', async () => {
    const ifMatch: (string | null)[] = [];
    server.use(
      http.get(
        SEDES,
        inTurn(
          page(branchPage([branch({ version: 2 })])),
          page(branchPage([branch({ capacidad: 9, version: 3 })])),
        ),
      ),
      http.patch('/api/operador/sedes/TRA-BOG-01/', ({ request }) => {
        ifMatch.push(request.headers.get('if-match'));
        return json(409, { detail: OPERATOR_MSG.staleVersion });
      }),
    );
    const user = renderSedes();
    await user.click(await screen.findByRole('button', { name: 'Editar Punto de Trámites Calle 80' }));
    const form = screen.getByRole('form', { name: 'Editar Punto de Trámites Calle 80' });
    const cap = within(form).getByLabelText('Capacidad por hora');
    await user.clear(cap);
    await user.type(cap, '6');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    const notice = await within(form).findByTestId('stale-version');
    expect(notice).toHaveTextContent('Otra persona guardó cambios mientras editabas.');
    expect(ifMatch).toEqual(['"2"']);
    await user.click(within(notice).getByRole('button', { name: 'Recargar la versión actual' }));
    expect(await screen.findByText('Se cargó la versión actual.')).toBeInTheDocument();
    const reopened = screen.getByRole('form', { name: 'Editar Punto de Trámites Calle 80' });
    expect(within(reopened).getByLabelText('Capacidad por hora')).toHaveValue(9);
    expect(screen.queryByTestId('stale-version')).toBeNull();
  });

  it('the map sets the position; typing a position moves the marker', async () => {
    const patch = inTurn(contractJson(operatorBranchSchema, branch({ lat: 6.244203, lng: -75.581212 })));
    server.use(
      http.get(SEDES, inTurn(page(branchPage([branch()])), page(branchPage([branch()])))),
      http.patch('/api/operador/sedes/TRA-BOG-01/', patch),
    );
    const user = renderSedes();
    await user.click(await screen.findByRole('button', { name: 'Editar Punto de Trámites Calle 80' }));
    const form = screen.getByRole('form', { name: 'Editar Punto de Trámites Calle 80' });
    expect(await within(form).findByText('Marcador: 4.69, -74.08')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Tocar el mapa en Medellín' }));
    expect(within(form).getByLabelText('Latitud')).toHaveValue('6.244203');
    expect(within(form).getByLabelText('Longitud')).toHaveValue('-75.581212');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('status')).toHaveTextContent('guardada');
    expect(patch.bodies[0]).toMatchObject({
      lat: 6.244203,
      lng: -75.581212,
    });

    await user.click(await screen.findByRole('button', { name: 'Nueva sede' }));
    const create = screen.getByRole('form', { name: 'Nueva sede' });
    expect(within(create).getByText('Marcador: ninguno')).toBeInTheDocument();
    await user.type(within(create).getByLabelText('Latitud'), '4.6');
    await user.type(within(create).getByLabelText('Longitud'), '-74.1');
    expect(within(create).getByText('Marcador: 4.6, -74.1')).toBeInTheDocument();
  });

  it('closes a day and lists the bookings to reschedule; errors are shown at their fields', async () => {
    const post = inTurn(
      json(400, { fecha: ['Fecha inválida (AAAA-MM-DD).'] }),
      contractJson(
        closureAnswerSchema,
        {
          sede: 'TRA-BOG-01',
          fecha: '2030-01-02',
          hasta: '2030-01-02',
          motivo: 'Inventario',
          cerrados: ['2030-01-02'],
          ya_cerrados: [],
          por_reprogramar: [
            {
              id: 'b1',
              fecha: '2030-01-02',
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
      http.get(SEDES, inTurn(page(branchPage([branch()])))),
      http.get(
        CLOSURES,
        inTurn(
          closures([]),
          closures([
            {
              fecha: '2030-01-02',
              motivo: 'Inventario',
              staff: 'a@togo.co',
              creado: '2026-11-25T10:00:00.000Z',
            },
          ]),
        ),
      ),
      http.post(CLOSURES, post),
    );
    const user = renderSedes();
    await user.click(await screen.findByRole('button', { name: 'Cierres de Punto de Trámites Calle 80' }));
    expect(await screen.findByText('Esta sede no tiene cierres.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Cerrar un día' });
    await user.type(within(form).getByLabelText('Fecha del cierre (desde)'), '2030-01-02');
    await user.type(within(form).getByLabelText('Motivo'), ' ');
    await user.click(within(form).getByRole('button', { name: 'Cerrar ese día' }));
    // A blank reason is refused at its field before anything is sent.
    expect(within(form).getByLabelText('Motivo')).toHaveAccessibleDescription('Este campo es requerido.');
    expect(post.bodies).toEqual([]);
    await user.type(within(form).getByLabelText('Motivo'), 'Inventario');
    await user.click(within(form).getByRole('button', { name: 'Cerrar ese día' }));
    // The API's 400 is shown at the field it names.
    expect(
      await within(form).findByText('Fecha inválida (AAAA-MM-DD).', { selector: '.field-error' }),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cerrar ese día' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(`Sede cerrada el ${formatDay('2030-01-02')}.`);
    expect(status).toHaveTextContent('Citas por reprogramar (se avisó a cada cliente): 1.');
    expect(status).toHaveTextContent('09:00 · ABC123 · Ana Pérez');
    expect(
      await screen.findByRole('button', { name: `Reabrir el ${formatDay('2030-01-02')}` }),
    ).toBeInTheDocument();
    expect(post.bodies[1]).toEqual({ fecha: '2030-01-02', motivo: ' Inventario' });
  });

  it('pages, sorts and filters on the server, keeping the view in the address', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(SEDES, ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(q);
        const at = Number(q.page);
        const name = `Sede ${q.orden ?? ''} ${q.ciudad ?? ''} ${q.q ?? ''} p${at}`.replace(/\s+/g, ' ');
        return page(branchPage([branch({ id: `S-${asked.length}`, nombre: name })], { total: 45, page: at }));
      }),
    );
    const user = renderSedes();
    expect(await screen.findByText('Sede nombre p1')).toBeInTheDocument();
    expect(asked[0]).toEqual({ page: '1', page_size: '20', orden: 'nombre' });
    expect(screen.getByText('1–20 de 45 sedes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Sede nombre p2')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();

    // A new column sorts ascending from the first page; the sorted column flips.
    await user.click(screen.getByRole('button', { name: 'Ciudad' }));
    expect(await screen.findByText('Sede ciudad p1')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Ciudad' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Ciudad' }));
    expect(await screen.findByText('Sede -ciudad p1')).toBeInTheDocument();

    const filters = screen.getByRole('form', { name: 'Filtros de sedes' });
    await user.selectOptions(within(filters).getByLabelText('Ciudad'), 'Medellín');
    await user.type(within(filters).getByLabelText('Nombre o código'), ' Calle 80 ');
    await user.click(within(filters).getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Sede -ciudad 05001 Calle 80 p1')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({
      page: '1',
      page_size: '20',
      orden: '-ciudad',
      ciudad: '05001',
      q: 'Calle 80',
    });

    // The form stays (focus kept) and shows the applied filters.
    expect(within(filters).getByLabelText('Nombre o código')).toHaveValue('Calle 80');
    await user.click(within(filters).getByRole('button', { name: 'Limpiar' }));
    expect(await screen.findByText('Sede -ciudad p1')).toBeInTheDocument();
    expect(within(filters).getByLabelText('Nombre o código')).toHaveValue('');
  });

  it('shows the empty and the error state with a retry', async () => {
    server.use(
      http.get(
        SEDES,
        inTurn(
          page(branchPage([])),
          json(500, { detail: 'Falla del servidor.' }),
          page(branchPage([branch()])),
        ),
      ),
    );
    const user = renderSedes('/sedes?q=nada');
    expect(await screen.findByText('No hay sedes con estos filtros.')).toBeInTheDocument();
    const search = screen.getByLabelText('Nombre o código');
    expect(search).toHaveValue('nada');
    await user.clear(search);
    await user.type(search, 'Calle');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Falla del servidor.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Punto de Trámites Calle 80')).toBeInTheDocument();
  });

  it.each(['soporte', 'contenido'] as const)(
    '%s sees branches and closures read-only: no create, edit, close or reopen',
    async (role) => {
      server.use(
        http.get(SEDES, inTurn(page(branchPage([branch()])))),
        http.get(
          CLOSURES,
          inTurn(
            closures([
              { fecha: '2099-01-02', motivo: 'Inventario', staff: null, creado: '2026-11-25T10:00:00Z' },
            ]),
          ),
        ),
      );
      const user = renderSedes('/sedes', role);
      await user.click(await screen.findByRole('button', { name: 'Cierres de Punto de Trámites Calle 80' }));
      expect(await screen.findByText(`${formatDay('2099-01-02')} — Inventario`)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Nueva sede|Editar|Reabrir|Cerrar ese día/ })).toBeNull();
      expect(screen.queryByRole('form', { name: 'Cerrar un día' })).not.toBeInTheDocument();
      expect(screen.getByText(/Tu rol puede consultar las sedes/)).toBeInTheDocument();
    },
  );

  it('admin sees create, edit and the closure form', async () => {
    server.use(
      http.get(SEDES, inTurn(page(branchPage([branch()])))),
      http.get(CLOSURES, inTurn(closures([]))),
    );
    const user = renderSedes('/sedes', 'admin');
    expect(
      await screen.findByRole('button', { name: 'Editar Punto de Trámites Calle 80' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva sede' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cierres de Punto de Trámites Calle 80' }));
    expect(await screen.findByRole('form', { name: 'Cerrar un día' })).toBeInTheDocument();
    expect(screen.queryByText(/Tu rol puede consultar/)).not.toBeInTheDocument();
  });
});
