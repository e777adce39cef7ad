import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { http, type HttpHandler } from 'msw';
import { OPERATOR_MSG, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import {
  operatorPicoPlacaChangeSchema,
  operatorPicoPlacaCitySchema,
  operatorPicoPlacaEntrySchema,
  picoPlacaReviewItemSchema,
  picoPlacaVersionSchema,
  type OperatorPicoPlacaEntry,
  type PicoPlacaReviewItem,
} from '@togo/domain/operator/operator-console.contract';
import { operatorPicoPlacaReportSchema } from '@togo/domain/pico-placa/pico-placa-report.contract';
import { describe, expect, it } from 'vitest';
import { contractJson, inTurn, json, server } from '../../../test/api-server.ts';
import { asRole } from '../../test/as-role.tsx';
import PicoPlacaScreen from './PicoPlacaScreen.tsx';
import { expiredMedellin } from './pico-placa-test-data.ts';

const BASE = '/api/operador/pico-placa/';
const city = (body: object) => contractJson(operatorPicoPlacaCitySchema, body as { version: number });
const noHistory = () => contractJson(picoPlacaVersionSchema.array(), []);

const LIST: OperatorPicoPlacaEntry[] = [
  { ciudad: '05001', nombre: 'Medellín', vigente_hasta: null, estado: 'vencida' },
  { ciudad: '11001', nombre: 'Bogotá', vigente_hasta: null, estado: 'vigente' },
  { ciudad: '76001', nombre: 'Cali', vigente_hasta: '2026-12-10', estado: 'por_vencer' },
];

const REVIEW: PicoPlacaReviewItem[] = [
  {
    ciudad: '76001',
    nombre: 'Cali',
    regla: 'cali-particulares-2026-s1',
    motivo: 'vencida',
    fecha: '2026-06-30',
    vehiculos: 1204,
  },
  {
    ciudad: '11001',
    nombre: 'Bogotá',
    regla: 'bogota-particulares-paridad',
    motivo: 'sin_verificar',
    fecha: null,
    vehiculos: 87,
  },
];

/** The list, the review, Medellín at version 0 without history, then the test's own handlers (they win). */
function renderScreen(handlers: HttpHandler[], role: StaffRole = 'contenido') {
  server.use(
    http.get(BASE, () => contractJson(operatorPicoPlacaEntrySchema.array(), LIST)),
    http.get(`${BASE}por-revisar/`, () => contractJson(picoPlacaReviewItemSchema.array(), REVIEW)),
    http.get(`${BASE}reportes/`, () => contractJson(operatorPicoPlacaReportSchema.array(), [])),
    http.get(`${BASE}05001/`, () => city({ ...expiredMedellin(), version: 0 })),
    http.get(`${BASE}05001/historial/`, noHistory),
  );
  server.use(...handlers);
  render(
    <MemoryRouter initialEntries={['/operador/pico-placa']}>
      <PicoPlacaScreen />
    </MemoryRouter>,
    { wrapper: asRole(role) },
  );
  return { user: userEvent.setup() };
}

// The editor is a large form in jsdom: user-event runs slowly on this shared machine.
describe('PicoPlacaScreen', { timeout: 30_000 }, () => {
  it('lists the cities with their state and opens one', async () => {
    const { user } = renderScreen([]);
    const table = await screen.findByRole('table', { name: /ciudades y estado/i });
    expect(within(table).getByText('Vencida')).toHaveClass('pp-state--vencida');
    expect(within(table).getByText('Por vencer')).toHaveClass('pp-state--por_vencer');
    expect(within(table).getByText('10/12/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Medellín' }));
    expect(await screen.findByRole('group', { name: /regla 1/i })).toBeInTheDocument();
    expect(await screen.findByText(/sin cambios hechos en la consola/i)).toBeInTheDocument();
  });

  it('lists the cities alphabetically and filters them by name, accents ignored', async () => {
    const { user } = renderScreen([]);
    const table = await screen.findByRole('table', { name: /ciudades y estado/i });
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(['Bogotá', 'Cali', 'Medellín']);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar ciudad' }), 'medellin');
    expect(names()).toEqual(['Medellín']);
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar ciudad' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar ciudad' }), 'Pasto');
    expect(screen.getByText('Ninguna ciudad coincide con «Pasto».')).toHaveAttribute('role', 'status');
  });

  it('adds a rule: the preview shows the restriction, and saving sends both rules', async () => {
    const put = inTurn(
      contractJson(operatorPicoPlacaChangeSchema, {
        ciudad: '05001',
        version: 1,
        vigente_hasta: '2027-05-24',
        estado: 'vigente',
      }),
    );
    const { user } = renderScreen([http.put(`${BASE}05001/`, put)]);
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    const preview = screen.getByRole('table', { name: /restricción por fecha/i });
    expect(within(preview).queryAllByText('PyP')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '+ Agregar regla' }));
    expect(screen.getByRole('group', { name: /regla 2/i })).toBeInTheDocument();
    await waitFor(() => expect(within(preview).getAllByText('PyP').length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    await screen.findByText(/guardado como versión 1/i);
    const [body] = put.bodies as { rules: { id: string }[] }[];
    expect(body?.rules).toHaveLength(2);
    // Changed again, the rules are no longer what was saved: the success message goes.
    await user.click(screen.getByRole('button', { name: '+ Agregar regla' }));
    expect(screen.queryByText(/guardado como versión 1/i)).toBeNull();
  });

  it('warns when two rules share days, and the preview names the rules of each day (issue 38)', async () => {
    const { user } = renderScreen([]);
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    await user.click(screen.getByRole('button', { name: '+ Agregar regla' }));
    // The new rule starts after the old one ends: no overlap, and the preview names it on its days.
    const preview = screen.getByRole('table', { name: /restricción por fecha/i });
    await waitFor(() => expect(within(preview).getAllByText(/^medellin-[\d-]+$/).length).toBeGreaterThan(0));
    expect(screen.queryByText(/se superponen/)).toBeNull();
    // A second new rule over the same days: both apply, said before saving.
    await user.click(screen.getByRole('button', { name: '+ Agregar regla' }));
    const warning = (await screen.findByText(/se superponen/)).closest('[role="status"]');
    expect(warning).toHaveTextContent(/«medellin-[\d-]+» y «medellin-[\d-]+-2»: desde el|del /);
    expect(within(preview).getAllByText(/^medellin-[\d-]+, medellin-[\d-]+-2$/).length).toBeGreaterThan(0);
  });

  it('shows the server 400 next to the field and keeps the form', async () => {
    renderScreen([
      http.put(`${BASE}05001/`, () => json(400, { rules: { 0: { area: ['Zona no reconocida.'] } } })),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    await user.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    expect(await screen.findByText('Zona no reconocida.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Zona/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(/rechazó/);
  });

  it('refuses to save an invalid rule without calling the server', async () => {
    const put = inTurn();
    const { user } = renderScreen([http.put(`${BASE}05001/`, put)]);
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    await user.clear(screen.getByLabelText(/^Identificador/));
    await user.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    expect(await screen.findByText(/revisa los campos marcados/i)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Identificador/)).toHaveAttribute('aria-invalid', 'true');
    expect(put.bodies).toHaveLength(0);
  });

  it('operaciones reads the rules, the preview and the history, with nothing to change', async () => {
    const { user } = renderScreen([], 'operaciones');
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    expect(screen.getByText(/Tu rol puede consultar las reglas y su historial/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar JSON' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Guardar reglas|Importar JSON|Agregar regla|Quitar/ }),
    ).toBeNull();
    expect(screen.getByLabelText(/^Identificador/)).toBeDisabled();
    expect(screen.getByRole('table', { name: /restricción por fecha/i })).toBeInTheDocument();
  });

  it('"Por revisar" lists the rules going blind with the vehicles affected, and opens the city (issue 33)', async () => {
    const { user } = renderScreen([
      http.get(`${BASE}76001/`, () =>
        city({ ...expiredMedellin(), dane_code: '76001', name: 'Cali', version: 0 }),
      ),
      http.get(`${BASE}76001/historial/`, noHistory),
    ]);
    const table = await screen.findByRole('table', { name: /vencen o deben verificarse/i });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Venció el 30/06/2026: los conductores ven «Sin información»'),
      expect.stringContaining('Nunca verificada: se muestra «por confirmar»'),
    ]);
    expect(rows[0]?.textContent).toContain('1.204');
    await user.click(within(table).getByRole('button', { name: 'Cali' }));
    expect(await screen.findByRole('group', { name: /regla 1/i })).toBeInTheDocument();
  });

  it('"Eliminar ciudad" asks first, then shows why a seeded city cannot be removed', async () => {
    const remove = inTurn(
      json(409, {
        detail: 'Solo se puede eliminar una ciudad creada en la consola. Esta viene de los datos de TOGO.',
      }),
    );
    const { user } = renderScreen([http.delete(`${BASE}05001/`, remove)]);
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    await user.click(screen.getByRole('button', { name: 'Eliminar ciudad' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, eliminar' }));
    expect(
      await screen.findByText(/Solo se puede eliminar una ciudad creada en la consola/),
    ).toBeInTheDocument();
    expect(remove.bodies).toHaveLength(1);
  });

  it('"Eliminar ciudad" from an outdated version (409) offers to reload the current one', async () => {
    let version = 2;
    const ifMatch: (string | null)[] = [];
    const { user } = renderScreen([
      http.get(`${BASE}05001/`, () => city({ ...expiredMedellin(), version })),
      http.delete(`${BASE}05001/`, ({ request }) => {
        ifMatch.push(request.headers.get('if-match'));
        version = 3; // another tab saved first
        return json(409, { detail: OPERATOR_MSG.staleVersion });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    await user.click(screen.getByRole('button', { name: 'Eliminar ciudad' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, eliminar' }));
    const notice = await screen.findByTestId('stale-version');
    expect(ifMatch).toEqual(['"2"']);
    await user.click(within(notice).getByRole('button', { name: 'Recargar la versión actual' }));
    expect(await screen.findByText('Se cargó la versión actual.')).toBeInTheDocument();
    expect(await screen.findByText(/versión 3/)).toBeInTheDocument();
    expect(screen.queryByTestId('stale-version')).toBeNull();
  });

  it('a save from an outdated version (409) explains it in Spanish and reloads the current version', async () => {
    let version = 0;
    const ifMatch: (string | null)[] = [];
    const { user } = renderScreen([
      http.get(`${BASE}05001/`, () => city({ ...expiredMedellin(), version })),
      http.put(`${BASE}05001/`, ({ request }) => {
        ifMatch.push(request.headers.get('if-match'));
        version = 4; // another tab saved first
        return json(409, { detail: OPERATOR_MSG.staleVersion });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Medellín' }));
    await screen.findByRole('group', { name: /regla 1/i });
    await user.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    const notice = await screen.findByTestId('stale-version');
    expect(notice).toHaveTextContent('Otra persona guardó cambios mientras editabas.');
    expect(ifMatch).toEqual(['"0"']);
    await user.click(within(notice).getByRole('button', { name: 'Recargar la versión actual' }));
    expect(await screen.findByText(/versión 4/)).toBeInTheDocument();
    expect(await screen.findByText('Se cargó la versión actual.')).toBeInTheDocument();
    expect(screen.queryByTestId('stale-version')).toBeNull();
  });
});
