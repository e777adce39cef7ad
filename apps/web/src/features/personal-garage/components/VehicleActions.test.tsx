import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Vehicle } from '@togo/domain/garage/garage.contract';
import { json, mockFetch, type MockRequest } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { garageVehicle } from '../personal-garage.test-support.ts';
import { PersonalGarageRoute } from '../routes/PersonalGarage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const vehicle = (over: Partial<Vehicle> = {}): Vehicle =>
  garageVehicle({ placa: 'ABC123', kilometraje_digitado: 150000, score: null, vehicle_data: null, ...over });

function setup() {
  return renderRoutes(
    [
      { path: '/app/garaje-personal', Component: PersonalGarageRoute },
      stub('/app/garaje-personal/nuevo-vehiculo'),
      stub('/app/home'),
    ],
    { initialEntries: ['/app/garaje-personal'] },
  );
}

describe('garage: correct the mileage, remove the vehicle (issue 36)', () => {
  it('corrects the mileage: a wrong value is refused at its field, the right one is saved and shown', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/togo/vehicle/get_garaje_selected/': () => json(200, vehicle()),
      'GET /api/togo/vehicle/7/valor_vehicle/': () => json(200, { valor_vehiculo: 18250, demo: false }),
      'PUT /api/togo/vehicle/7/kilometraje/': (req: MockRequest) => {
        bodies.push(req.body);
        return json(200, vehicle({ kilometraje_digitado: 15000 }));
      },
    });
    const { user } = setup();
    expect(await screen.findByText('150.000 km')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Corregir kilometraje' }));
    const input = screen.getByLabelText('Kilometraje actual');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escribe el kilometraje en números');
    expect(bodies).toEqual([]);
    await user.type(input, '15.000');
    expect(input).toHaveValue('15000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Kilometraje actualizado.')).toBeInTheDocument();
    expect(bodies).toEqual([{ kilometraje_digitado: '15000' }]);
    expect(screen.getByText('15.000 km')).toBeInTheDocument();
  });

  it('removes the vehicle only after a confirmation, then goes home', async () => {
    let removed = 0;
    mockFetch({
      'GET /api/togo/vehicle/get_garaje_selected/': () =>
        removed ? json(404, { detail: 'No encontrado.' }) : json(200, vehicle()),
      'GET /api/togo/vehicle/7/valor_vehicle/': () => json(200, { valor_vehiculo: 18250, demo: false }),
      'PUT /api/togo/vehicle/7/delete_garage/': () => {
        removed += 1;
        return json(200, { detail: 'Vehículo eliminado de tu garaje.' });
      },
    });
    const { user, router } = setup();
    await screen.findByText('150.000 km');
    await user.click(screen.getByRole('button', { name: 'Quitar vehículo del garaje' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Quitar ABC123 de tu garaje?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(removed).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Quitar vehículo del garaje' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, quitar' }));
    const done = await screen.findByText('Quitamos la placa ABC123 de tu garaje.');
    expect(removed).toBe(1);
    const doneDialog = done.closest<HTMLElement>('[role="alertdialog"], [role="dialog"]');
    if (!doneDialog) throw new Error('no dialog');
    await user.click(within(doneDialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'));
  });
});
