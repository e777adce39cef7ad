import { bogotaToday } from '@togo/domain/bogota-time';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import { agendaEntrySchema, type AgendaEntry } from '@togo/domain/operator/operator-console.contract';
import {
  branchClosureListSchema,
  operatorBranchListSchema,
} from '@togo/domain/operator/operator-ops.contract';
import { contractJson, inTurn, json, server } from '../../../test/api-server.ts';
import { asRole } from '../../test/as-role.tsx';
import { branch } from '../test-support.ts';
import AgendaScreen from './AgendaScreen.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const row = (o: Partial<AgendaEntry> = {}): AgendaEntry => ({
  id: ID,
  placa: 'ABC123',
  hora: '09:00',
  servicio: 'tramites',
  estado: 'confirmada',
  pagado: true,
  estado_reembolso: null,
  cliente: { nombre: 'Ana Pérez', telefono: '3001234567' },
  version: 4,
  ...o,
});

const STATE_PATH = `/api/operador/agendamientos/${ID}/estado/`;

/** The branches (one), the agenda's answers in turn, and any other handler. */
function answer(days: AgendaEntry[][], ...others: Parameters<typeof server.use>) {
  server.use(
    http.get('/api/operador/sedes/', () => contractJson(operatorBranchListSchema, [branch()])),
    http.get(
      '/api/operador/agenda/',
      inTurn(...days.map((day) => contractJson(agendaEntrySchema.array(), day))),
    ),
    ...others,
    // The branch's closures (none unless a test says otherwise).
    http.get('/api/operador/sedes/:id/cierres/', () => contractJson(branchClosureListSchema, [])),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('AgendaScreen', () => {
  it('lists the branch-day and registers an arrival; the row updates', async () => {
    const post = inTurn(json(200, { estado: 'atendido' }));
    answer([[row()], [row({ estado: 'atendido' })]], http.post(STATE_PATH, post));
    const user = userEvent.setup();
    render(<AgendaScreen />, { wrapper: asRole('operaciones') });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(table).getByText('Confirmada')).toBeInTheDocument();
    // The branch is named with its city and service, not its raw id (issue 38: names repeat across cities).
    expect(
      screen.getByRole('option', { name: 'Punto de Trámites Calle 80 · Bogotá · Trámites' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar llegada de ABC123' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Llegada registrada: ABC123.');
    await waitFor(() => expect(within(table).getByText('Atendido')).toBeInTheDocument());
    expect(post.bodies).toEqual([{ estado: 'atendido' }]);
    expect(screen.queryByRole('button', { name: 'Registrar llegada de ABC123' })).not.toBeInTheDocument();
  });

  it('cancelling asks for a reason in a dialog and warns about the refund of a paid booking', async () => {
    const post = inTurn(json(200, {}));
    answer(
      [[row()], [row({ estado: 'cancelada', estado_reembolso: 'pendiente' })]],
      http.post(STATE_PATH, post),
    );
    const user = userEvent.setup();
    render(<AgendaScreen />, { wrapper: asRole('operaciones') });
    await user.click(await screen.findByRole('button', { name: 'Cancelar cita de ABC123' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar la cita de ABC123?' });
    expect(dialog).toHaveTextContent('se pedirá el reembolso');
    const confirm = within(dialog).getByRole('button', { name: 'Sí, cancelar' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Motivo'), 'Sede sin energía');
    await user.click(confirm);
    expect(await screen.findByText('Reembolso pendiente')).toBeInTheDocument();
    expect(post.bodies).toEqual([{ estado: 'cancelado', motivo: 'Sede sin energía' }]);
  });

  it('a 409 shows the server’s message and keeps the row', async () => {
    answer(
      [[row()]],
      http.post(STATE_PATH, inTurn(json(409, { detail: 'El agendamiento ya no está confirmado.' }))),
    );
    const user = userEvent.setup();
    render(<AgendaScreen />, { wrapper: asRole('operaciones') });
    await user.click(await screen.findByRole('button', { name: 'No asistió ABC123' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El agendamiento ya no está confirmado.');
    expect(screen.getByText('ABC123')).toBeInTheDocument();
  });

  it('a booking changed since the agenda was read (409): the notice explains it and reloads the day', async () => {
    const ifMatch: (string | null)[] = [];
    answer(
      // Someone else cancelled the booking after this tab read the agenda.
      [[row()], [row({ estado: 'cancelada', version: 5 })]],
      http.post(STATE_PATH, ({ request }) => {
        ifMatch.push(request.headers.get('if-match'));
        return json(409, { detail: OPERATOR_MSG.staleVersion });
      }),
    );
    const user = userEvent.setup();
    render(<AgendaScreen />, { wrapper: asRole('operaciones') });
    await user.click(await screen.findByRole('button', { name: 'Registrar llegada de ABC123' }));
    const notice = await screen.findByTestId('stale-version');
    expect(notice).toHaveTextContent('Otra persona guardó cambios mientras editabas.');
    expect(ifMatch).toEqual(['"4"']);
    await user.click(within(notice).getByRole('button', { name: 'Recargar la versión actual' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se cargó la versión actual.');
    expect(await screen.findByText('Cancelada')).toBeInTheDocument();
    expect(screen.queryByTestId('stale-version')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Registrar llegada de ABC123' })).toBeNull();
  });

  it('an empty day says so; the export downloads the .xlsx with the staff token', async () => {
    sessionStorage.setItem('togo.operador.token', 'tok');
    answer(
      [[]],
      http.get('/api/operador/agenda.xlsx', ({ request }) =>
        request.headers.get('authorization') === 'Token tok'
          ? new Response(new Uint8Array([0x50, 0x4b]), { status: 200 })
          : json(401, { detail: 'Sin sesión.' }),
      ),
    );
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const user = userEvent.setup();
    render(<AgendaScreen />, { wrapper: asRole('operaciones') });
    expect(await screen.findByText('No hay citas para esta sede ese día.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportar .xlsx' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatch(/^agenda-TRA-BOG-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
    sessionStorage.clear();
  });

  it.each(['soporte', 'contenido'] as const)(
    '%s reads and exports the agenda but sees no check-in, no-show or cancel buttons',
    async (role) => {
      answer([[row()]]);
      render(<AgendaScreen />, { wrapper: asRole(role) });
      const table = await screen.findByRole('table');
      expect(within(table).getByText('Ana Pérez')).toBeInTheDocument();
      expect(within(table).queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Registrar llegada|No asistió|Cancelar/ })).toBeNull();
      expect(screen.getByText(/Tu rol puede consultar y exportar la agenda/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Exportar .xlsx' })).toBeEnabled();
    },
  );

  it('admin sees the actions and no read-only note', async () => {
    answer([[row()]]);
    render(<AgendaScreen />, { wrapper: asRole('admin') });
    expect(await screen.findByRole('button', { name: 'Registrar llegada de ABC123' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar cita de ABC123' })).toBeInTheDocument();
    expect(screen.queryByText(/Tu rol puede consultar/)).not.toBeInTheDocument();
  });

  it('a closed day says "Sede cerrada" with its reason, and its affected bookings can be cancelled (issue 38)', async () => {
    const post = inTurn(json(200, { estado: 'cancelada' }));
    answer(
      [[row({ estado: 'afectada_cierre' })], [row({ estado: 'cancelada', estado_reembolso: 'realizado' })]],
      http.get('/api/operador/sedes/:id/cierres/', () =>
        contractJson(branchClosureListSchema, [
          {
            fecha: bogotaToday(new Date()),
            motivo: 'Mantenimiento eléctrico',
            staff: 'Olga Ops',
            creado: '2026-12-01T15:00:00.000Z',
          },
        ]),
      ),
      http.post(STATE_PATH, post),
    );
    const user = userEvent.setup();
    render(<AgendaScreen />, { wrapper: asRole('operaciones') });
    const table = await screen.findByRole('table');
    expect(await screen.findByText('Sede cerrada: Mantenimiento eléctrico')).toBeInTheDocument();
    expect(within(table).getByText('Afectada por cierre')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar llegada de ABC123' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar cita de ABC123' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('Motivo')).toHaveAccessibleDescription(
      'El conductor recibirá este motivo en el aviso de la cancelación.',
    );
    await user.type(within(dialog).getByLabelText('Motivo'), 'Sede cerrada');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    await waitFor(() => expect(within(table).getByText('Cancelada')).toBeInTheDocument());
    expect(post.bodies).toEqual([{ estado: 'cancelado', motivo: 'Sede cerrada' }]);
  });

  it('an open day shows no closure', async () => {
    answer([[row()]]);
    render(<AgendaScreen />, { wrapper: asRole('operaciones') });
    await screen.findByRole('table');
    expect(screen.queryByText(/Sede cerrada/)).not.toBeInTheDocument();
  });
});
