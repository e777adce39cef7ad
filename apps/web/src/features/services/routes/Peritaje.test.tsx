import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Branch, Combo } from '@togo/domain/booking/booking.contract';
import { json, mockFetch, PUBLIC_CONFIG } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { PeritajeRoute } from './Peritaje.tsx';
import { BRANCH, detailAnswer, openDays, slotsAnswer, VEHICLE } from './rtm.test-support.ts';

vi.mock('../components/BranchMap.tsx', () => ({ default: () => <div>Mapa de prueba</div> }));

const routes = [
  { path: '/app/servicios/peritaje', Component: PeritajeRoute },
  stub('/app/servicios'),
  stub('/app/home'),
];

const HOME: Branch = {
  ...BRANCH,
  id: 'PER-BOG-DOM',
  nombre: 'Peritaje a domicilio Bogotá',
  a_domicilio: true,
};
const COMBO: Combo = {
  id: 'dom-gas-oro',
  text: 'Peritaje Oro A Domicilio Gasolina',
  short_name: 'Oro',
  price: 289000,
  sede: 'Peritajes Andinos S.A.S.',
  grupo: 'A Domicilio',
  combustible: 'Gasolina',
  tasks: ['Revisión de motor', 'Improntas'],
};

beforeEach(() => localStorage.setItem('vehicleSelected', JSON.stringify(VEHICLE)));
afterEach(() => vi.unstubAllGlobals());

describe('Peritaje flow', () => {
  it("an alerts card's clave opens its peritaje already chosen, at the fuel step; back shows the choice", async () => {
    mockFetch({ 'GET /api/config': () => json(200, PUBLIC_CONFIG) });
    const view = renderRoutes(routes, {
      initialEntries: [{ pathname: '/app/servicios/peritaje', state: { clave: 'PERITAJE_MOTOCICLETAS' } }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tipo de vehículo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SuperBike' })).toBeInTheDocument();
    await waitFor(() =>
      expect((view.router.state.location.state as { clave?: string } | null)?.clave).toBeUndefined(),
    );
    await view.user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('button', { name: /Motocicletas/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('an unknown clave changes nothing: the flow starts at the choice of peritaje', async () => {
    mockFetch({ 'GET /api/config': () => json(200, PUBLIC_CONFIG) });
    renderRoutes(routes, {
      initialEntries: [{ pathname: '/app/servicios/peritaje', state: { clave: 'OTRA_COSA' } }],
    });
    expect(await screen.findByRole('button', { name: /A Domicilio/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Tipo de vehículo' })).not.toBeInTheDocument();
  });

  it('at home: skips the branch, maps class and fuel, goes back from agenda to detalle, and shows the server message on failure', async () => {
    const api = mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /wh/transversal/obtener-combo/': () => json(200, [COMBO]),
      'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [HOME]),
      'POST /wh/peritajes/detalle-sede/': () => detailAnswer(289000),
      'POST /wh/transversal/ejecutar-accion/': () => slotsAnswer('x', ['8:00 AM']),
      'POST /wh/peritajes/agenda/': () =>
        json(409, { detail: 'El horario seleccionado ya no está disponible.' }),
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/app/servicios/peritaje'] });

    await user.click(await screen.findByRole('button', { name: /A Domicilio/ }));
    await user.click(screen.getByRole('button', { name: 'Híbrido' }));
    // Back from formulario goes to combustible.
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tipo de vehículo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gasolina' }));

    expect(screen.getByLabelText('Placa')).toHaveValue('ABC123');
    await user.type(screen.getByLabelText('Nombre de quien recibe el resultado físico'), 'Ana Pérez');
    await user.type(screen.getByLabelText('Dirección del servicio'), 'Calle 100 # 15-20');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText(/Peritajes Andinos S\.A\.S/)).toBeInTheDocument();
    expect(api.bodies('POST /wh/transversal/obtener-combo/')[0]).toEqual({
      sessionInfo: { parameters: { grupo: 'A Domicilio', combustible: 'Gasolina' } },
    });
    await user.click(screen.getByRole('button', { name: /Oro/ }));
    expect(await screen.findByText('IVA incluido')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agendar' }));

    // No branch step: the home pseudo-branch is used.
    expect(await screen.findByRole('heading', { name: 'Selecciona la fecha' })).toBeInTheDocument();
    expect(api.bodies('POST /wh/peritajes/detalle-sede/')[0]).toEqual({
      sessionInfo: {
        parameters: {
          sede: 'PER-BOG-DOM',
          placa: 'ABC123',
          combo: 'dom-gas-oro',
          tipo_atencion: 'a_domicilio',
          clase: 'AUTOMOVIL',
          combustible: 'GASOLINA',
          ciudad: '11001',
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Detalle del combo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agendar' }));

    const days = openDays(within(await screen.findByRole('list')).getAllByRole('button'));
    await user.click(days[0]!);
    await user.click(await screen.findByRole('button', { name: '8:00 a. m.' }));
    await user.click(screen.getByRole('button', { name: 'Agendar' }));
    const summary = await screen.findByRole('region', { name: 'Confirmación del Servicio' });
    expect(summary).toHaveTextContent('A domicilio');
    expect(summary).toHaveTextContent('Peritaje Oro');

    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar en sitio' }));
    const [booking] = api.bodies('POST /wh/peritajes/agenda/') as { sessionInfo: { parameters: object } }[];
    expect(booking?.sessionInfo.parameters).toMatchObject({
      tipo_atencion: 'a_domicilio',
      recibir_resultado: 'false',
      correo_resultado: null,
      nombre_resultado: 'Ana Pérez',
      direccion_servicio: 'Calle 100 # 15-20',
      metodo_pago: 'pagar_en_sitio',
    });
    const warning = await screen.findByRole('alertdialog', { name: '¡Ups!' });
    expect(warning).toHaveTextContent('El horario seleccionado ya no está disponible.');
    await user.click(within(warning).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Peritaje' })).toBeInTheDocument(),
    );
  }, 30_000);
});
