import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import {
  catalogEntriesPageSchema,
  operatorNamedUrlSchema,
} from '@togo/domain/operator/operator-content.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { auditCount, createStaff, type TestStaff } from './operator.test-support.ts';

/**
 * Content writes carry the version they read (issue 35, finding 10; decision 096): entries (banners) and named
 * URLs answer `version` (an entry's detail also as ETag); PUT and DELETE need If-Match. On PostgreSQL
 * (DATABASE_URL) the two concurrent saves really race; on PGlite they are serialised and the same holds.
 */
const BANNERS = 'BANNERS_GENERALES_TOGO';

let t: TestContext;
let contenido: TestStaff;
let admin: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T15:00:00Z') });
  [contenido, admin] = await Promise.all([createStaff(t, 'contenido'), createStaff(t, 'admin')]);
});
afterAll(async () => {
  await t?.close();
});

const write = (method: 'PUT' | 'DELETE', url: string, ifMatch: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...contenido.headers, ...(ifMatch === null ? {} : { 'if-match': ifMatch }) },
    ...(payload ? { payload } : {}),
  });

async function createEntry(clave: string): Promise<{ id: number; body: Record<string, unknown> }> {
  const body = {
    clave_padre: BANNERS,
    clave,
    valor: 'Título original',
    orden: 7,
    valor_json: { activo: true },
    detalle_archivos: [{ archivo: '/static/banners/rtm.svg' }],
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/operador/contenido/entradas/',
    headers: admin.headers,
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return { id: (res.json() as { id: number }).id, body };
}

async function entry(id: number): Promise<{ status: number; etag: unknown; body: Record<string, unknown> }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/operador/contenido/entradas/${id}/`,
    headers: admin.headers,
  });
  return { status: res.statusCode, etag: res.headers.etag, body: res.json() };
}

async function namedUrl(name: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/operador/contenido/urls/',
    headers: admin.headers,
  });
  return operatorNamedUrlSchema
    .array()
    .parse(res.json())
    .find((u) => u.name === name);
}

describe('catalogue entries (banners) carry their version', () => {
  it('the list and the detail answer the version; a fresh save answers 200 and version + 1', async () => {
    const { id, body } = await createEntry('BANNER_VERSION');
    const read = await entry(id);
    expect(read.body.version).toBe(0);
    expect(read.etag).toBe('"0"');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/operador/contenido/entradas/?clave_padre=${BANNERS}&q=BANNER_VERSION`,
      headers: admin.headers,
    });
    expect(catalogEntriesPageSchema.parse(list.json()).results[0]?.version).toBe(0);
    const saved = await write('PUT', `/api/operador/contenido/entradas/${id}/`, 'W/"0"', {
      ...body,
      valor: 'Título de la pestaña A',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ valor: 'Título de la pestaña A', version: 1 });
    expect((await entry(id)).etag).toBe('"1"');
  });

  it('stale → 409 in Spanish, missing → 428, malformed → 400: nothing written, nothing audited', async () => {
    const { id, body } = await createEntry('BANNER_PESTANAS');
    const url = `/api/operador/contenido/entradas/${id}/`;
    expect((await write('PUT', url, '"0"', { ...body, valor: 'Pestaña A' })).statusCode).toBe(200);
    const before = await entry(id);
    const audits = await auditCount(t);
    const stale = await write('PUT', url, '"0"', { ...body, valor: 'Pestaña B' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: OPERATOR_MSG.staleVersion });
    expect((await write('DELETE', url, '"0"')).statusCode).toBe(409);
    const missing = await write('PUT', url, null, { ...body, valor: 'Pestaña B' });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toEqual({ detail: OPERATOR_MSG.versionRequired });
    expect((await write('DELETE', url, null)).statusCode).toBe(428);
    expect((await write('PUT', url, '"uno"', { ...body, valor: 'Pestaña B' })).statusCode).toBe(400);
    expect((await write('DELETE', url, '*')).statusCode).toBe(400);
    expect(await entry(id)).toEqual(before);
    expect(await auditCount(t)).toBe(audits);
    expect((await write('DELETE', url, '"1"')).statusCode).toBe(204);
    expect((await entry(id)).status).toBe(404);
  });

  it('two tabs saving from the same version at once: one is saved, the other gets 409', async () => {
    const { id, body } = await createEntry('BANNER_CARRERA');
    const url = `/api/operador/contenido/entradas/${id}/`;
    const [a, b] = await Promise.all([
      write('PUT', url, '"0"', { ...body, valor: 'Pestaña A' }),
      write('PUT', url, '"0"', { ...body, valor: 'Pestaña B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Pestaña A' : 'Pestaña B';
    expect((await entry(id)).body).toMatchObject({ valor: winner, version: 1 });
  });
});

describe('named URLs carry their version', () => {
  it('fresh → 200 and version + 1; stale → 409, missing → 428, malformed → 400 and nothing changes', async () => {
    const url = '/api/operador/contenido/urls/poliza/';
    const read = await namedUrl('poliza');
    expect(read?.version).toBe(0);
    const saved = await write('PUT', url, '"0"', { url: 'https://aliado.co/a' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ url: 'https://aliado.co/a', version: 1 });
    const audits = await auditCount(t);
    const stale = await write('PUT', url, '"0"', { url: 'https://aliado.co/b' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: OPERATOR_MSG.staleVersion });
    expect((await write('DELETE', url, '"0"')).statusCode).toBe(409);
    expect((await write('PUT', url, null, { url: 'https://aliado.co/b' })).statusCode).toBe(428);
    expect((await write('DELETE', url, null)).statusCode).toBe(428);
    expect((await write('PUT', url, '"-1"', { url: 'https://aliado.co/b' })).statusCode).toBe(400);
    expect(await namedUrl('poliza')).toEqual({
      ...read,
      url: 'https://aliado.co/a',
      editado: true,
      version: 1,
    });
    expect(await auditCount(t)).toBe(audits);
  });

  it('a URL deleted and created again keeps counting: a tab that read the old one is still stale', async () => {
    const url = '/api/operador/contenido/urls/blog/';
    const read = await namedUrl('blog');
    if (!read) throw new Error('seeded URL missing');
    expect((await write('DELETE', url, `"${read.version}"`)).statusCode).toBe(204);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/operador/contenido/urls/',
      headers: admin.headers,
      payload: { name: 'blog', url: 'https://blog.togo.co/nuevo' },
    });
    expect(created.statusCode).toBe(201);
    expect((await namedUrl('blog'))?.version).toBe(read.version + 2);
    expect((await write('PUT', url, `"${read.version}"`, { url: '/viejo' })).statusCode).toBe(409);
  });

  it('two tabs saving from the same version at once: one is saved, the other gets 409', async () => {
    const url = '/api/operador/contenido/urls/financiacion/';
    const read = await namedUrl('financiacion');
    if (!read) throw new Error('seeded URL missing');
    const [a, b] = await Promise.all([
      write('PUT', url, `"${read.version}"`, { url: 'https://a.togo.co/' }),
      write('PUT', url, `"${read.version}"`, { url: 'https://b.togo.co/' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await namedUrl('financiacion'))?.version).toBe(read.version + 1);
  });
});
