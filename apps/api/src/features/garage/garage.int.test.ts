import { and, eq, isNull } from 'drizzle-orm';
import { vehicleSchema } from '@togo/domain/garage/garage.contract';
import { describe, expect, it } from 'vitest';
import { vehicles } from '../../db/schema.ts';
import { FINES_LOOKUP_JOB, REGISTRY_LOOKUP_JOB } from './garage-lookup.job-names.ts';
import { createSignedInUser, garageWorld, vehiclePayload } from './garage.test-support.ts';

const { world, inject, nextPlate, createVehicle } = garageWorld();

async function selectedIds(userId: number): Promise<number[]> {
  const rows = await world.t.database.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.userId, userId), eq(vehicles.isSelected, true), isNull(vehicles.deletedAt)));
  return rows.map((r) => r.id);
}

describe('POST /api/togo/vehicle/', () => {
  it('creates the first vehicle selected, normalises the plate and queues the look-ups', async () => {
    const user = await createSignedInUser(world.t);
    const res = await inject('POST', '/api/togo/vehicle/', user, vehiclePayload({ placa: ' kmn-482 ' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(vehicleSchema.strict().parse(body)).toEqual({
      id: expect.any(Number),
      placa: 'KMN482',
      kilometraje_digitado: 45210,
      score: null,
      created: world.t.clock.now().toISOString(),
      url_imagen_vehiculo: null,
      url_licencia: null,
      documento_propietario: '1020304050',
      tipo_documento_propietario: 1,
      tipo_documento_propietario_data: { name: 'Cédula de ciudadanía' },
      city: 11001,
      city_data: { id: 11001, name: expect.stringMatching(/^Bogotá/) },
      department: 11,
      vehicle_data: null,
      is_selected: true,
      demo: true,
      lookup_status: 'pending',
    });
    const queued = world.t.jobs.jobs.filter((j) => (j.data as { vehicleId?: number }).vehicleId === body.id);
    expect(queued.map((j) => j.name).sort()).toEqual([FINES_LOOKUP_JOB, REGISTRY_LOOKUP_JOB].sort());
    for (const j of queued) expect(j.options).toMatchObject({ retryLimit: 5, retryBackoff: true });

    const second = await createVehicle(user);
    expect(second.is_selected).toBe(false);
    expect(await selectedIds(user.id)).toEqual([body.id]);
  });

  it('accepts every Colombian plate format and rejects anything else', async () => {
    const user = await createSignedInUser(world.t);
    const valid = {
      abc123: 'ABC123',
      'ABC 12D': 'ABC12D',
      xyz12: 'XYZ12',
      '123-abc': '123ABC',
      R12345: 'R12345',
      's 54321': 'S54321',
      CD1234: 'CD1234',
      t1234: 'T1234',
    };
    for (const [input, stored] of Object.entries(valid)) {
      const res = await inject('POST', '/api/togo/vehicle/', user, vehiclePayload({ placa: input }));
      expect(res.statusCode, input).toBe(201);
      expect(res.json().placa).toBe(stored);
    }
    for (const input of [
      'A1',
      'ABC1234',
      'ABCDEF',
      '123456',
      'ÑAB123',
      'AB-12',
      '12ABC3',
      'ABC!23',
      'R1234X',
      42,
    ]) {
      const res = await inject('POST', '/api/togo/vehicle/', user, vehiclePayload({ placa: input }));
      expect(res.statusCode, String(input)).toBe(400);
      expect(res.json()).toEqual({ placa: ['Formato de placa inválido.'] });
    }
    const empty = await inject('POST', '/api/togo/vehicle/', user, vehiclePayload({ placa: '  ' }));
    expect(empty.json()).toEqual({ placa: ['Este campo es obligatorio'] });
  });

  it('refuses a plate already live in the garage, but not in another garage or after deleting it', async () => {
    const user = await createSignedInUser(world.t);
    const first = await createVehicle(user, { placa: 'DUP123' });
    const again = await inject('POST', '/api/togo/vehicle/', user, vehiclePayload({ placa: 'dup 123' }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ placa: ['Esta placa ya está registrada en tu garaje.'] });

    const other = await inject('POST', '/api/togo/vehicle/', world.beto, vehiclePayload({ placa: 'DUP123' }));
    expect(other.statusCode).toBe(201);

    expect((await inject('PUT', `/api/togo/vehicle/${first.id}/delete_garage/`, user)).statusCode).toBe(200);
    const back = await inject('POST', '/api/togo/vehicle/', user, vehiclePayload({ placa: 'DUP123' }));
    expect(back.statusCode).toBe(201);
    expect(back.json().is_selected).toBe(true);
  });

  it('answers Spanish field errors for missing fields and bad references', async () => {
    const missing = await inject('POST', '/api/togo/vehicle/', world.ana, {});
    expect(missing.statusCode).toBe(400);
    const required = ['Este campo es obligatorio'];
    expect(missing.json()).toEqual({
      documento_propietario: required,
      tipo_documento_propietario: required,
      placa: required,
      kilometraje_digitado: required,
      department: required,
      city: required,
    });

    const types = await inject(
      'POST',
      '/api/togo/vehicle/',
      world.ana,
      vehiclePayload({
        kilometraje_digitado: '12a',
        tipo_documento_propietario: 'CC',
        documento_propietario: '10.20',
      }),
    );
    expect(types.json()).toEqual({
      kilometraje_digitado: ['Solo se permiten números.'],
      tipo_documento_propietario: ['Debe ser un número entero.'],
      documento_propietario: ['Solo se permiten letras y números.'],
    });

    const refs = await inject(
      'POST',
      '/api/togo/vehicle/',
      world.ana,
      vehiclePayload({ placa: nextPlate(), tipo_documento_propietario: 99, department: 999, city: 99999 }),
    );
    expect(refs.statusCode).toBe(400);
    expect(refs.json()).toEqual({
      tipo_documento_propietario: ['Tipo de documento no válido.'],
      department: ['Departamento no válido.'],
      city: ['Ciudad no válida.'],
    });

    const mismatch = await inject(
      'POST',
      '/api/togo/vehicle/',
      world.ana,
      vehiclePayload({ placa: nextPlate(), department: 11, city: 5001 }),
    );
    expect(mismatch.json()).toEqual({ city: ['La ciudad no pertenece al departamento seleccionado.'] });

    const json = await world.t.app.inject({
      method: 'POST',
      url: '/api/togo/vehicle/',
      headers: { ...world.ana.headers, 'content-type': 'application/json' },
      payload: '{"placa":',
    });
    expect(json.statusCode).toBe(400);
  });

  it('needs the token on every garage path', async () => {
    const paths: ['GET' | 'POST' | 'PUT', string][] = [
      ['POST', '/api/togo/vehicle/'],
      ['GET', '/api/togo/vehicle/user_garages/'],
      ['GET', '/api/togo/vehicle/get_garaje_selected/'],
      ['PUT', '/api/togo/vehicle/1/set_garaje_selected/'],
      ['PUT', '/api/togo/vehicle/1/delete_garage/'],
      ['GET', '/api/togo/vehicle/1/valor_vehicle/'],
      ['POST', '/api/togo/vehicle/1/upload_file_to_garage/'],
      ['POST', '/api/togo/vehicle/1/upload_image_to_garage/'],
    ];
    for (const [method, url] of paths) {
      const res = await inject(method, url, null);
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('garage list and selection', () => {
  it('lists only the user live vehicles, newest first, and answers 404 with detail when none is selected', async () => {
    const user = await createSignedInUser(world.t);
    const none = await inject('GET', '/api/togo/vehicle/get_garaje_selected/', user);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'No tienes un vehículo seleccionado.' });
    expect((await inject('GET', '/api/togo/vehicle/user_garages/', user)).json()).toEqual([]);

    const a = await createVehicle(user);
    world.t.clock.advance(1000);
    const b = await createVehicle(user);
    world.t.clock.advance(1000);
    const c = await createVehicle(user);
    await inject('PUT', `/api/togo/vehicle/${b.id}/delete_garage/`, user);
    const list = await inject('GET', '/api/togo/vehicle/user_garages/', user);
    expect(list.statusCode).toBe(200);
    const body = list.json() as unknown[];
    expect(body.map((v) => vehicleSchema.parse(v).id)).toEqual([c.id, a.id]);
    const selected = await inject('GET', '/api/togo/vehicle/get_garaje_selected/', user);
    expect(selected.json()).toMatchObject({ id: a.id, is_selected: true });
  });

  it('keeps exactly one selected vehicle under concurrent selections', async () => {
    const user = await createSignedInUser(world.t);
    const created = [];
    for (let i = 0; i < 6; i++) created.push(await createVehicle(user));
    const ids = created.map((v) => v.id);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        [...ids, ...ids.slice().reverse()].map((id) =>
          inject('PUT', `/api/togo/vehicle/${id}/set_garaje_selected/`, user),
        ),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      const selected = await selectedIds(user.id);
      expect(selected).toHaveLength(1);
      expect(ids).toContain(selected[0]);
    }
    const res = await inject('PUT', `/api/togo/vehicle/${ids[2]}/set_garaje_selected/`, user);
    expect(vehicleSchema.parse(res.json())).toMatchObject({ id: ids[2], is_selected: true });
    const current = await inject('GET', '/api/togo/vehicle/get_garaje_selected/', user);
    expect(current.json().id).toBe(ids[2]);
  });

  it('moves the selection to the most recent other vehicle when the selected one is deleted', async () => {
    const user = await createSignedInUser(world.t);
    const a = await createVehicle(user);
    world.t.clock.advance(1000);
    const b = await createVehicle(user);
    world.t.clock.advance(1000);
    const c = await createVehicle(user);
    world.t.clock.advance(1000);
    await inject('PUT', `/api/togo/vehicle/${b.id}/set_garaje_selected/`, user);

    const del = await inject('PUT', `/api/togo/vehicle/${b.id}/delete_garage/`, user);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ detail: 'Vehículo eliminado de tu garaje.' });
    expect(await selectedIds(user.id)).toEqual([c.id]);

    await inject('PUT', `/api/togo/vehicle/${a.id}/delete_garage/`, user);
    expect(await selectedIds(user.id)).toEqual([c.id]);
    await inject('PUT', `/api/togo/vehicle/${c.id}/delete_garage/`, user);
    expect(await selectedIds(user.id)).toEqual([]);
    expect((await inject('GET', '/api/togo/vehicle/get_garaje_selected/', user)).statusCode).toBe(404);

    const again = await inject('PUT', `/api/togo/vehicle/${c.id}/delete_garage/`, user);
    expect(again.statusCode).toBe(404);
    const rows = await world.t.database.db.select().from(vehicles).where(eq(vehicles.userId, user.id));
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
  });

  it('answers 404 for another user vehicle on every path, and for ids that name nothing', async () => {
    const mine = await createVehicle(world.ana);
    const paths: ['GET' | 'POST' | 'PUT', string][] = [
      ['PUT', `/api/togo/vehicle/${mine.id}/set_garaje_selected/`],
      ['PUT', `/api/togo/vehicle/${mine.id}/delete_garage/`],
      ['GET', `/api/togo/vehicle/${mine.id}/valor_vehicle/`],
      ['POST', `/api/togo/vehicle/${mine.id}/upload_file_to_garage/`],
      ['POST', `/api/togo/vehicle/${mine.id}/upload_image_to_garage/`],
    ];
    for (const [method, url] of paths) {
      const res = await inject(method, url, world.beto);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
    }
    for (const id of ['abc', '0', '-1', '99999999999', '2147483647']) {
      const res = await inject('PUT', `/api/togo/vehicle/${id}/set_garaje_selected/`, world.ana);
      expect(res.statusCode, id).toBe(404);
    }
    const list = (await inject('GET', '/api/togo/vehicle/user_garages/', world.beto)).json() as {
      id: number;
    }[];
    expect(list.map((v) => v.id)).not.toContain(mine.id);
    const still = await inject('GET', '/api/togo/vehicle/user_garages/', world.ana);
    expect((still.json() as { id: number }[]).map((v) => v.id)).toContain(mine.id);
  });
});
