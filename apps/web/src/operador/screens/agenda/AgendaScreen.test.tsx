import { addDays } from '@togo/domain/booking/booking.rules';
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
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import type { StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { AGENDA_PATHS, bulkResultSchema } from '@togo/domain/operator/operator-agenda.contract';
import { asRole } from '../../test/as-role.tsx';
import { branch } from '../test-support.ts';
import AgendaScreen, { AGENDA_REFRESH_MS } from './AgendaScreen.tsx';

const TODAY = bogotaToday(new Date());

/** The address bar and the browser's back button, for the URL-state tests. */
function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="direccion">{location.pathname + location.search}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás
      </button>
    </>
  );
}

/** The screen as `role`, at `path` (the console's address, without /operador). */
function renderAgenda(role: StaffRole = 'operaciones', path = '/agenda') {
  const Role = asRole(role);
  return render(
    <Role>
      <MemoryRouter initialEntries={[path]}>
        <AgendaScreen />
        <Address />
      </MemoryRouter>
    </Role>,
  );
}

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
  tramites: ['Traspaso de propiedad'],
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
    renderAgenda();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(table).getByText('Confirmada')).toBeInTheDocument();
    // The branch is named with its city and service, not its raw id (issue 38: names repeat across cities).
    expect(
      screen.getByRole('option', { name: 'Punto de Trámites Calle 80 · Bogotá · Trámites' }),
    ).toBeInTheDocument();
    // The trámite is named in Spanish, never by its code.
    expect(within(table).getByText('Traspaso de propiedad')).toBeInTheDocument();
    expect(screen.getByText(/^Actualizado \d{2}:\d{2}$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar llegada de ABC123' }));
    // Asked in an in-app dialog first (issue 38); "Volver" sends nothing.
    const dialog = screen.getByRole('alertdialog', { name: '¿Registrar la llegada de ABC123?' });
    expect(dialog).toHaveAccessibleDescription(/09:00 · Ana Pérez\. Puedes deshacerlo hoy/);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, registrar llegada' }));
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
    renderAgenda();
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
    renderAgenda();
    await user.click(await screen.findByRole('button', { name: 'No asistió ABC123' }));
    await user.click(screen.getByRole('button', { name: 'Sí, no asistió' }));
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
    renderAgenda();
    await user.click(await screen.findByRole('button', { name: 'Registrar llegada de ABC123' }));
    await user.click(screen.getByRole('button', { name: 'Sí, registrar llegada' }));
    const notice = await screen.findByTestId('stale-version');
    expect(notice).toHaveTextContent('Otra persona guardó cambios mientras editabas.');
    expect(ifMatch).toEqual(['"4"']);
    await user.click(within(notice).getByRole('button', { name: 'Recargar la versión actual' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se cargó la versión actual.');
    const table = screen.getByRole('table');
    expect(await within(table).findByText('Cancelada')).toBeInTheDocument();
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
    renderAgenda();
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
      renderAgenda(role);
      const table = await screen.findByRole('table');
      expect(within(table).getByText('Ana Pérez')).toBeInTheDocument();
      expect(within(table).queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Registrar llegada|No asistió|Cancelar/ })).toBeNull();
      expect(screen.queryByRole('checkbox')).toBeNull();
      expect(screen.getByText(/Tu rol puede consultar y exportar la agenda/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Exportar .xlsx' })).toBeEnabled();
    },
  );

  it('admin sees the actions and no read-only note', async () => {
    answer([[row()]]);
    renderAgenda('admin');
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
    renderAgenda();
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
    renderAgenda();
    await screen.findByRole('table');
    expect(screen.queryByText(/Sede cerrada/)).not.toBeInTheDocument();
  });

  it('keeps the branch and day in the address: read on load, changed on pick, back returns (issue 38)', async () => {
    const asked: string[] = [];
    const medellin = branch({ id: 'TRA-MED-01', nombre: 'Punto Medellín', ciudad_nombre: 'Medellín' });
    server.use(
      http.get('/api/operador/sedes/', () => contractJson(operatorBranchListSchema, [branch(), medellin])),
      http.get('/api/operador/agenda/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return contractJson(agendaEntrySchema.array(), [row()]);
      }),
      http.get('/api/operador/sedes/:id/cierres/', () => contractJson(branchClosureListSchema, [])),
    );
    const user = userEvent.setup();
    renderAgenda('operaciones', '/agenda?sede=TRA-MED-01&fecha=2026-12-01');
    await screen.findByRole('table');
    expect(screen.getByLabelText('Sede')).toHaveValue('TRA-MED-01');
    expect(screen.getByLabelText('Fecha')).toHaveValue('2026-12-01');
    expect(asked[0]).toBe('?sede=TRA-MED-01&fecha=2026-12-01');
    await user.selectOptions(screen.getByLabelText('Sede'), 'TRA-BOG-01');
    expect(screen.getByTestId('direccion')).toHaveTextContent('/agenda?sede=TRA-BOG-01&fecha=2026-12-01');
    await waitFor(() => expect(asked).toContain('?sede=TRA-BOG-01&fecha=2026-12-01'));
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(screen.getByLabelText('Sede')).toHaveValue('TRA-MED-01');
    expect(screen.getByTestId('direccion')).toHaveTextContent('/agenda?sede=TRA-MED-01&fecha=2026-12-01');
  });

  it('shows the day’s totals by state', async () => {
    answer([
      [
        row({ id: 'a', placa: 'AAA111' }),
        row({ id: 'b', placa: 'BBB222' }),
        row({ id: 'c', placa: 'CCC333', estado: 'atendido' }),
        row({ id: 'd', placa: 'DDD444', estado: 'no_asistio' }),
        row({ id: 'e', placa: 'EEE555', estado: 'cancelada' }),
        row({ id: 'f', placa: 'FFF666', estado: 'afectada_cierre' }),
      ],
    ]);
    renderAgenda();
    const totals = await screen.findByRole('list', { name: 'Totales del día' });
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '6 citas',
      '2 Confirmada',
      '1 Atendido',
      '1 No asistió',
      '1 Cancelada',
      '1 Afectada por cierre',
    ]);
  });

  it('a future day: check-in and no-show disabled with the reason, no selection (decision 114)', async () => {
    const tomorrow = addDays(TODAY, 1);
    answer([[row()]]);
    renderAgenda('operaciones', `/agenda?sede=TRA-BOG-01&fecha=${tomorrow}`);
    const checkIn = await screen.findByRole('button', { name: 'Registrar llegada de ABC123' });
    expect(checkIn).toBeDisabled();
    expect(screen.getByRole('button', { name: 'No asistió ABC123' })).toBeDisabled();
    expect(checkIn).toHaveAccessibleDescription(
      /^Podrás registrar llegadas e inasistencias desde el día de la cita \(\d{2}-\d{2}-\d{4}\)\.$/,
    );
    expect(screen.getByRole('button', { name: 'Cancelar cita de ABC123' })).toBeEnabled();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('bulk check-in: the selected bookings with their versions; the answer per booking is shown', async () => {
    const ID2 = '22222222-2222-4222-8222-222222222222';
    const ID3 = '33333333-3333-4333-8333-333333333333';
    const post = inTurn(
      contractJson(bulkResultSchema, {
        resultados: [
          { id: ID, resultado: 'ok', detalle: null, estado: 'atendido', version: 5 },
          { id: ID3, resultado: 'stale', detalle: OPERATOR_MSG.staleVersion, estado: null, version: null },
        ],
      }),
    );
    answer(
      [
        [row(), row({ id: ID2, placa: 'DEF456' }), row({ id: ID3, placa: 'GHI789', version: 7 })],
        [
          row({ estado: 'atendido', version: 5 }),
          row({ id: ID2, placa: 'DEF456' }),
          row({ id: ID3, placa: 'GHI789', estado: 'cancelada', version: 8 }),
        ],
      ],
      http.post(AGENDA_PATHS.bulkCheckIn, post),
    );
    const user = userEvent.setup();
    renderAgenda();
    const bulk = await screen.findByRole('button', { name: 'Registrar llegada de las seleccionadas (0)' });
    expect(bulk).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar ABC123' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar GHI789' }));
    await user.click(screen.getByRole('button', { name: 'Registrar llegada de las seleccionadas (2)' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Registrar la llegada de 2 citas?' });
    expect(dialog).toHaveTextContent('Placas: ABC123, GHI789.');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, registrar llegadas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '1 llegada registrada. 1 cita cambió mientras tanto y no se tocaron: GHI789.',
    );
    expect(post.bodies).toEqual([
      {
        items: [
          { id: ID, version: 4 },
          { id: ID3, version: 7 },
        ],
      },
    ]);
    await waitFor(() => expect(screen.getAllByText('Atendido').length).toBeGreaterThan(0));
    expect(screen.getByRole('checkbox', { name: 'Seleccionar todas las confirmadas (1)' })).not.toBeChecked();
  });

  it('"Deshacer" the same day sends the version shown and returns the booking to Confirmada', async () => {
    const ifMatch: (string | null)[] = [];
    answer(
      [[row({ estado: 'atendido', version: 5 })], [row({ version: 6 })]],
      http.post(AGENDA_PATHS.undo(ID), ({ request }) => {
        ifMatch.push(request.headers.get('if-match'));
        return json(200, { id: ID, estado: 'confirmada', version: 6 });
      }),
    );
    const user = userEvent.setup();
    renderAgenda();
    await user.click(await screen.findByRole('button', { name: 'Deshacer «Atendido» de ABC123' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Se deshizo el cambio: ABC123 vuelve a estar confirmada.',
    );
    expect(ifMatch).toEqual(['"5"']);
    expect(await screen.findByRole('button', { name: 'Registrar llegada de ABC123' })).toBeEnabled();
  });

  it('a past day offers no "Deshacer"', async () => {
    answer([[row({ estado: 'no_asistio' })]]);
    renderAgenda('operaciones', `/agenda?sede=TRA-BOG-01&fecha=${addDays(TODAY, -1)}`);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /Deshacer/ })).toBeNull();
  });

  it('a closed day: "Cancelar y avisar a todos" cancels every open booking with the closure’s reason', async () => {
    const ID2 = '22222222-2222-4222-8222-222222222222';
    const post = inTurn(
      contractJson(bulkResultSchema, {
        resultados: [
          { id: ID, resultado: 'ok', detalle: null, estado: 'cancelada', version: 5 },
          { id: ID2, resultado: 'ok', detalle: null, estado: 'cancelada', version: 2 },
        ],
      }),
    );
    answer(
      [
        [row({ estado: 'afectada_cierre' }), row({ id: ID2, placa: 'DEF456', pagado: false, version: 1 })],
        [row({ estado: 'cancelada' }), row({ id: ID2, placa: 'DEF456', estado: 'cancelada' })],
      ],
      http.get('/api/operador/sedes/:id/cierres/', () =>
        contractJson(branchClosureListSchema, [
          { fecha: TODAY, motivo: 'Corte de energía', staff: 'Olga Ops', creado: '2026-12-01T15:00:00.000Z' },
        ]),
      ),
      http.post(AGENDA_PATHS.bulkCancel, post),
    );
    const user = userEvent.setup();
    renderAgenda();
    await user.click(await screen.findByRole('button', { name: 'Cancelar y avisar a todos' }));
    const dialog = screen.getByRole('dialog', {
      name: /^¿Cancelar las 2 citas del .* y avisar a cada conductor\?$/,
    });
    expect(dialog).toHaveTextContent('1 de estas citas está pagada');
    expect(within(dialog).getByLabelText('Motivo')).toHaveValue('Corte de energía');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar y avisar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 citas canceladas y avisadas.');
    expect(post.bodies).toEqual([
      {
        items: [
          { id: ID, version: 4 },
          { id: ID2, version: 1 },
        ],
        motivo: 'Corte de energía',
      },
    ]);
  });

  it('reloads itself every minute while the tab is visible, and says when (issue 38)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const day = inTurn(
        contractJson(agendaEntrySchema.array(), [row()]),
        contractJson(agendaEntrySchema.array(), [row({ estado: 'atendido', version: 5 })]),
      );
      answer([]);
      server.use(http.get('/api/operador/agenda/', day));
      renderAgenda('soporte');
      const table = await screen.findByRole('table');
      expect(within(table).getByText('Confirmada')).toBeInTheDocument();
      // Hidden: no reload.
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      await vi.advanceTimersByTimeAsync(AGENDA_REFRESH_MS + 1000);
      expect(day.bodies).toHaveLength(1);
      visibility.mockReturnValue('visible');
      await vi.advanceTimersByTimeAsync(AGENDA_REFRESH_MS + 1000);
      await waitFor(() => expect(within(table).getByText('Atendido')).toBeInTheDocument());
      expect(day.bodies).toHaveLength(2);
      expect(screen.getByText(/^Actualizado \d{2}:\d{2}$/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
