import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { driver, fine, signInCompany, vehicleDetail } from '../fleet.test-support.ts';
import { FleetVehicleRoute } from './FleetVehicle.tsx';

const DETAIL = 'GET /api/togo/vehicle/12/detalle_flota/';
const ASSIGN = 'PUT /api/togo/vehicle/12/conductor_flota/';

const REMOVE = 'DELETE /api/togo/vehicle/12/eliminar_flota/';

function render(search = '?id=12') {
  signInCompany();
  return renderRoutes([{ path: '/flota/vehicle', Component: FleetVehicleRoute }, stub('/flota')], {
    initialEntries: [`/flota/vehicle${search}`],
  });
}

/** 'Eliminar de la flota', then the answer to its question. */
async function answerRemoval(view: ReturnType<typeof render>, answer: 'Eliminar' | 'Cancelar') {
  await view.user.click(screen.getByRole('button', { name: 'Eliminar de la flota' }));
  const ask = screen.getByRole('alertdialog', { name: '¿Eliminar ABC123 de tu flota?' });
  await view.user.click(within(ask).getByRole('button', { name: answer }));
}

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fleet vehicle detail (/flota/vehicle?id=)', () => {
  it("shows the general info with 'No especificado' where missing, the vehicle fines and the driver", async () => {
    mockFetch({
      [DETAIL]: () =>
        json(
          200,
          vehicleDetail({
            comparendos_vehiculo: [
              fine(),
              fine({ numero: 'F2' }),
              fine({ numero: 'F3' }),
              fine({ numero: 'F4' }),
            ],
          }),
        ),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Vehículo ABC123' })).toBeInTheDocument();
    // Issue 37: «Modelo» is the model year in Colombia; the class is «Clase».
    expect(fact('Modelo')).toBe('2021');
    expect(fact('Clase')).toBe('Automóvil');
    expect(screen.queryByText('Año')).not.toBeInTheDocument();
    expect(fact('Marca')).toBe('KIA');
    expect(fact('Línea')).toBe('PICANTO');
    expect(fact('Ciudad')).toBe('Bogotá');
    expect(fact('Mantenimiento (RTM)')).toBe('No especificado');
    expect(fact('SOAT')).toBe('31-01-2027');
    expect(fact('Kilometraje')).toBe('45.210 km');
    expect(screen.getByRole('note')).toHaveTextContent('Datos de demostración');

    const fines = screen.getByRole('region', { name: 'Multas del vehículo' });
    expect(within(fines).getAllByRole('listitem')).toHaveLength(3);
    expect(within(fines).getByRole('button', { name: 'Ver más' })).toBeInTheDocument();

    const panel = screen.getByRole('complementary', { name: 'Conductor' });
    expect(panel).toHaveTextContent('Carlos Gómez');
    expect(panel).toHaveTextContent('Medellín');
    expect(within(panel).getByText('Detalles del conductor')).toBeInTheDocument();
  });

  it('Conductor shows the licence (categories sorted) and the person fines', async () => {
    mockFetch({
      [DETAIL]: () =>
        json(
          200,
          vehicleDetail({
            conductor: driver({
              comparendos_persona: [fine({ numero: 'P1', tipo: 'MULTA DE TRÁNSITO - D02' })],
            }),
          }),
        ),
    });
    const view = render();
    await screen.findByRole('heading', { name: 'Vehículo ABC123' });
    const toggle = screen.getByRole('button', { name: 'Conductor' });
    await view.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('heading', { name: 'Información general' })).not.toBeInTheDocument();
    // Issue 37: a driver's licence is a «licencia de conducción» (the «licencia de tránsito» is the vehicle's).
    expect(screen.getByRole('heading', { name: 'Licencia de conducción' })).toBeInTheDocument();
    expect(screen.queryByText(/Licencia de tránsito/)).not.toBeInTheDocument();
    expect(fact('Estado')).toBe('ACTIVA');
    expect(fact('Organismo de expedición')).toBe('STRIA. MOVILIDAD MEDELLIN');
    expect(fact('Fecha de expedición')).toBe('02-05-2019');
    const categories = screen.getAllByRole('rowheader').map((th) => th.textContent);
    expect(categories).toEqual(['A2', 'B1', 'C1']);
    const fines = screen.getByRole('region', { name: 'Multas del conductor' });
    expect(within(fines).getByRole('listitem')).toHaveTextContent(/^Multa/);
  });

  it("a driver without licence reads 'Sin registrar'", async () => {
    mockFetch({
      [DETAIL]: () => json(200, vehicleDetail({ conductor: driver({ licencia: null, nombre: null }) })),
    });
    const view = render();
    await screen.findByRole('heading', { name: 'Vehículo ABC123' });
    await view.user.click(screen.getByRole('button', { name: 'Conductor' }));
    expect(fact('Estado')).toBe('Sin registrar');
    expect(fact('Número')).toBe('Sin registrar');
    expect(screen.getByRole('complementary', { name: 'Conductor' })).toHaveTextContent('Sin registrar');
  });

  it('assigns a driver', async () => {
    const api = mockFetch({
      [DETAIL]: () => json(200, vehicleDetail()),
      [ASSIGN]: () =>
        json(200, vehicleDetail({ conductor: driver({ origen: 'asignado', nombre: 'Lucía Torres' }) })),
    });
    const view = render();
    await screen.findByRole('heading', { name: 'Vehículo ABC123' });
    await view.user.click(screen.getByRole('button', { name: 'Asignar conductor' }));
    const dialog = screen.getByRole('dialog', { name: 'Asignar conductor' });
    const documento = within(dialog).getByLabelText('Número de documento');
    await view.user.clear(documento);
    await view.user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeInTheDocument();

    await view.user.clear(within(dialog).getByLabelText('Nombre'));
    await view.user.type(within(dialog).getByLabelText('Nombre'), 'Lucía Torres');
    await view.user.type(documento, '52123456');
    // The phone field keeps digits only (issue 36): letters typed never reach it.
    const telefono = within(dialog).getByLabelText('Teléfono');
    await view.user.clear(telefono);
    await view.user.type(telefono, '300abc123 4567');
    expect(telefono).toHaveValue('3001234567');
    await view.user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Lucía Torres')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodies(ASSIGN)).toEqual([
      { tipo_documento: 1, documento: '52123456', nombre: 'Lucía Torres', telefono: '3001234567' },
    ]);
  });

  it('an unknown or missing id says the vehicle is not in the fleet', async () => {
    mockFetch({});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render('?id=99');
    expect(await screen.findByText('No encontramos este vehículo en tu flota.')).toBeInTheDocument();
    logged.mockRestore();
  });

  it("'Eliminar de la flota' asks first; cancelling changes nothing, confirming removes it and goes to the list", async () => {
    const api = mockFetch({
      [DETAIL]: () => json(200, vehicleDetail()),
      [REMOVE]: () => json(200, { detail: 'Vehículo eliminado de tu flota.' }),
    });
    const view = render();
    await screen.findByRole('heading', { name: 'Vehículo ABC123' });
    await answerRemoval(view, 'Cancelar');
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await answerRemoval(view, 'Eliminar');
    expect(await screen.findByText('Ruta /flota')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/flota');
  });

  it('a failed removal shows the server message and stays on the vehicle', async () => {
    mockFetch({
      [DETAIL]: () => json(200, vehicleDetail()),
      [REMOVE]: () => json(404, { detail: 'No encontrado.' }),
    });
    const view = render();
    await screen.findByRole('heading', { name: 'Vehículo ABC123' });
    await answerRemoval(view, 'Eliminar');
    expect(await screen.findByText('No encontrado.')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/flota/vehicle');
    expect(screen.getByRole('heading', { name: 'Vehículo ABC123' })).toBeInTheDocument();
  });
});
