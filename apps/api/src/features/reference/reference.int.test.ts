import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { AccountsRepository } from '../accounts/accounts.repository.ts';
import { TokenService } from '../../http/session-tokens.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const repo = new AccountsRepository(t.database.db);
  const user = await repo.insertUser({
    email: 'referencia@correo.com',
    nombres: 'Ana',
    apellidos: 'Ríos',
    groupId: GROUP_CLIENT,
  });
  headers = { authorization: `Token ${await new TokenService(repo, t.clock).issue(user.id)}` };
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, h: Record<string, string> = headers) =>
  t.app.inject({ method: 'GET', url, headers: h });

describe('GET /api/automas-param-departaments/', () => {
  it('lists the 33 departments as {id, name}, in Spanish order', async () => {
    const res = await get('/api/automas-param-departaments/?country_id=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const body = res.json<{ id: number; name: string }[]>();
    expect(body).toHaveLength(33);
    expect(Object.keys(body[0] ?? {})).toEqual(['id', 'name']);
    expect(body.slice(0, 5).map((d) => d.name)).toEqual([
      'Amazonas',
      'Antioquia',
      'Arauca',
      'Archipiélago de San Andrés, Providencia y Santa Catalina',
      'Atlántico',
    ]);
    expect(body).toContainEqual({ id: 11, name: 'Bogotá, D.C.' });
    expect(body).toContainEqual({ id: 5, name: 'Antioquia' });
    // 'Córdoba' sorts with the C's, before 'Cundinamarca'; 'Chocó' after 'Cesar'.
    const names = body.map((d) => d.name);
    expect(names.indexOf('Córdoba')).toBeLessThan(names.indexOf('Cundinamarca'));
    expect(names.indexOf('Cesar')).toBeLessThan(names.indexOf('Chocó'));
  });

  it('defaults to Colombia and answers [] for another country', async () => {
    expect((await get('/api/automas-param-departaments/')).json()).toHaveLength(33);
    const other = await get('/api/automas-param-departaments/?country_id=2');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual([]);
  });

  it('rejects a non-numeric country_id', async () => {
    const res = await get('/api/automas-param-departaments/?country_id=co');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ country_id: ['Debe ser un número entero.'] });
  });

  it('needs the token', async () => {
    const res = await get('/api/automas-param-departaments/?country_id=1', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });
});

describe('GET /api/automas-param-cities/', () => {
  it('lists a department’s cities as {id, name, department}', async () => {
    const res = await get('/api/automas-param-cities/?departament=11');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 11001, name: 'Bogotá, D.C.', department: 11 }]);
    const antioquia = (await get('/api/automas-param-cities/?departament=5')).json<
      { department: number }[]
    >();
    expect(antioquia).toHaveLength(125);
    expect(antioquia.every((c) => c.department === 5)).toBe(true);
    expect(antioquia).toContainEqual({ id: 5001, name: 'Medellín', department: 5 });
  });

  it('sorts accent-insensitively: Ábrego first in Norte de Santander, Útica among the U', async () => {
    const norte = (await get('/api/automas-param-cities/?departament=54')).json<{ name: string }[]>();
    expect(norte.slice(0, 2).map((c) => c.name)).toEqual(['Ábrego', 'Arboledas']);
    const cundinamarca = (await get('/api/automas-param-cities/?departament=25')).json<{ name: string }[]>();
    const names = cundinamarca.map((c) => c.name);
    expect(names.indexOf('Une')).toBeLessThan(names.indexOf('Útica'));
    expect(names.indexOf('Útica')).toBeLessThan(names.indexOf('Venecia'));
  });

  it('accepts a zero-padded DANE department code', async () => {
    expect((await get('/api/automas-param-cities/?departament=05')).json()).toHaveLength(125);
  });

  it('answers [] for an unknown department', async () => {
    const res = await get('/api/automas-param-cities/?departament=12');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('rejects a missing or non-numeric departament', async () => {
    const missing = await get('/api/automas-param-cities/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ departament: ['Este campo es obligatorio.'] });
    for (const bad of ['abc', '5.5', '-5', '']) {
      const res = await get(`/api/automas-param-cities/?departament=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ departament: ['Debe ser un número entero.'] });
    }
  });

  it('needs the token', async () => {
    expect((await get('/api/automas-param-cities/?departament=11', {})).statusCode).toBe(401);
  });
});

describe('GET /api/automas-param-type-document/', () => {
  it('answers {results:[{id, name, code}]} in id order', async () => {
    const res = await get('/api/automas-param-type-document/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: 1, name: 'Cédula de ciudadanía', code: 'CC' },
        { id: 2, name: 'Cédula de extranjería', code: 'CE' },
        { id: 3, name: 'Tarjeta de identidad', code: 'TI' },
        { id: 4, name: 'Pasaporte', code: 'PA' },
        { id: 5, name: 'NIT', code: 'NIT' },
        { id: 6, name: 'Permiso por protección temporal', code: 'PPT' },
      ],
    });
  });

  it('needs the token', async () => {
    expect((await get('/api/automas-param-type-document/', {})).statusCode).toBe(401);
  });
});
