import { describe, expect, it } from 'vitest';
import { vehicleSchema } from '@togo/domain/garage/garage.contract';
import { createSignedInUser, garageWorld } from './garage.test-support.ts';

const { world, inject, createVehicle } = garageWorld();

const url = (id: number | string) => `/api/togo/vehicle/${id}/kilometraje/`;

describe('PUT /api/togo/vehicle/{id}/kilometraje/ (issue 36: correct the mileage)', () => {
  it('sets the typed mileage, lower than before too, and answers the vehicle as it now reads', async () => {
    const user = await createSignedInUser(world.t);
    const vehicle = await createVehicle(user);
    const res = await inject('PUT', url(vehicle.id), user, { kilometraje_digitado: 15_000 });
    expect(res.statusCode).toBe(200);
    expect(vehicleSchema.parse(res.json())).toMatchObject({ id: vehicle.id, kilometraje_digitado: 15_000 });
    const lower = await inject('PUT', url(vehicle.id), user, { kilometraje_digitado: '1500' });
    expect(lower.json()).toMatchObject({ kilometraje_digitado: 1500 });
    const list = (await inject('GET', '/api/togo/vehicle/user_garages/', user)).json() as {
      id: number;
      kilometraje_digitado: number;
    }[];
    expect(list.find((v) => v.id === vehicle.id)?.kilometraje_digitado).toBe(1500);
  });

  it('refuses bad input with a Spanish error at its field and changes nothing', async () => {
    const user = await createSignedInUser(world.t);
    const vehicle = await createVehicle(user);
    for (const body of [
      {},
      { kilometraje_digitado: -5 },
      { kilometraje_digitado: 'diez' },
      { kilometraje_digitado: 12.5 },
      { kilometraje_digitado: 12_345_678 },
      { kilometraje_digitado: 10, otro: 1 },
    ]) {
      const res = await inject('PUT', url(vehicle.id), user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await inject('PUT', url(vehicle.id), user, { kilometraje_digitado: 'diez' })).json()).toEqual({
      kilometraje_digitado: ['Solo se permiten números.'],
    });
    const list = (await inject('GET', '/api/togo/vehicle/user_garages/', user)).json() as {
      id: number;
      kilometraje_digitado: number;
    }[];
    expect(list.find((v) => v.id === vehicle.id)?.kilometraje_digitado).toBe(vehicle.kilometraje_digitado);
  });

  it('401 without a session; 404 for another driver vehicle, a deleted one or an id that names nothing', async () => {
    const mine = await createVehicle(world.ana);
    expect((await inject('PUT', url(mine.id), null, { kilometraje_digitado: 1 })).statusCode).toBe(401);
    expect((await inject('PUT', url(mine.id), world.beto, { kilometraje_digitado: 1 })).statusCode).toBe(404);
    for (const id of ['abc', '0', '99999999999']) {
      expect((await inject('PUT', url(id), world.ana, { kilometraje_digitado: 1 })).statusCode, id).toBe(404);
    }
    await inject('PUT', `/api/togo/vehicle/${mine.id}/delete_garage/`, world.ana);
    expect((await inject('PUT', url(mine.id), world.ana, { kilometraje_digitado: 1 })).statusCode).toBe(404);
  });
});
