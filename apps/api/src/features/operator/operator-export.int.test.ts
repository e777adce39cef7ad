import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DIR } from '../../db/seed/seed-files.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createStaff, type TestStaff } from './operator.test-support.ts';

let t: TestContext;
let admin: TestStaff;
let contenido: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T15:00:00Z') });
  admin = await createStaff(t, 'admin');
  contenido = await createStaff(t, 'contenido');
});
afterAll(async () => {
  await t?.close();
});

const seedFile = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(DEFAULT_SEED_DIR, name), 'utf8')) as unknown;

const exportOf = (archivo: string, staff: TestStaff = admin) =>
  t.app.inject({ method: 'GET', url: `/api/operador/exportar/${archivo}/`, headers: staff.headers });

describe('export of the database in the seed files format', () => {
  it.each([
    ['booking', 'booking.json'],
    ['catalogs', 'catalogs.json'],
    ['pico-y-placa', 'pico-y-placa.json'],
  ])('a freshly seeded database exports %s equal to %s', async (archivo, file) => {
    const res = await exportOf(archivo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    expect(res.headers['content-type']).toContain('application/json');
    // Same content and, since the export follows the file's order for what it knows, the same order too.
    expect(res.json()).toEqual(seedFile(file));
  });

  it('an edit made in the console is in the export', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/operador/contenido/urls/',
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    // A console write says which version it read (If-Match, decision 096).
    const read = (list.json() as { name: string; version: number }[]).find((u) => u.name === 'blog');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/operador/contenido/urls/blog/',
      headers: { ...admin.headers, 'if-match': `"${read?.version ?? 0}"` },
      payload: { url: 'https://blog.togo.co/' },
    });
    expect(res.statusCode).toBe(200);
    const exported = (await exportOf('catalogs')).json() as { urls: { name: string; url: string }[] };
    expect(exported.urls.find((u) => u.name === 'blog')?.url).toBe('https://blog.togo.co/');
  });

  it('is for admins only; an unknown file is a 404', async () => {
    expect((await exportOf('catalogs', contenido)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/operador/exportar/catalogs/' })).statusCode).toBe(
      401,
    );
    expect((await exportOf('divipola')).statusCode).toBe(404);
    expect((await exportOf('..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});
