import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOG_MSG,
  BLOG_PATHS,
  blogArticleSchema,
  blogListSchema,
  operatorBlogArticleSchema,
} from '@togo/domain/content/blog.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  auditCount,
  createDriver,
  createStaff,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

// Monday 23 Nov 2026, 07:00 in Bogotá.
let t: TestContext;
let contenido: TestStaff;
let ops: TestStaff;
let ana: TestDriver;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T12:00:00Z') });
  contenido = await createStaff(t, 'contenido');
  ops = await createStaff(t, 'operaciones');
  ana = await createDriver(t);
});
afterAll(async () => {
  await t?.close();
});

const article = {
  titulo: 'Cómo preparar la revisión técnico-mecánica',
  portada: 'https://images.example.com/rtm.jpg',
  cuerpo: '## Antes de ir\n\nLleva el **SOAT** vigente.',
  fecha_publicacion: '2026-11-23',
  publicado: false,
};

const create = (payload: unknown, who: TestStaff = contenido) =>
  t.app.inject({ method: 'POST', url: BLOG_PATHS.console, headers: who.headers, payload: payload as object });

const save = (id: number, version: number | null, payload: unknown, who: TestStaff = contenido) =>
  t.app.inject({
    method: 'PUT',
    url: BLOG_PATHS.consoleArticle(id),
    headers: { ...who.headers, ...(version === null ? {} : { 'if-match': `"${version}"` }) },
    payload: payload as object,
  });

async function driverList() {
  const res = await t.app.inject({ method: 'GET', url: BLOG_PATHS.list, headers: ana.headers });
  expect(res.statusCode).toBe(200);
  return blogListSchema.parse(res.json()).results;
}

async function articleCount(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from blog_articles');
  return row?.n ?? 0;
}

describe('blog articles (issue 38)', () => {
  it('refuses bad input and other roles; nothing is written or audited', async () => {
    const audits = await auditCount(t);
    const bad = [
      { ...article, titulo: '' },
      { ...article, portada: 'http://images.example.com/rtm.jpg' },
      { ...article, portada: 'javascript:alert(1)' },
      { ...article, portada: 'https://x.co/a.jpg" onerror="alert(1)' },
      { ...article, fecha_publicacion: '2026-02-30' },
      { ...article, cuerpo: 'a'.repeat(50_001) },
      { ...article, titulo: 'a\u0000b' },
      { ...article, publicado: 'sí' },
      { ...article, extra: true },
    ];
    for (const payload of bad) expect((await create(payload)).statusCode).toBe(400);
    expect((await create({ ...article, portada: 'http://x.co/a.jpg' })).json()).toEqual({
      portada: [BLOG_MSG.coverHttps],
    });
    expect((await create(article, ops)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: BLOG_PATHS.console, payload: article })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: BLOG_PATHS.list })).statusCode).toBe(401);
    expect(await articleCount()).toBe(0);
    expect(await auditCount(t)).toBe(audits);
  });

  it('a draft never reaches drivers; published it does, from its date on; every step audited', async () => {
    const audits = await auditCount(t);
    const res = await create(article);
    expect(res.statusCode).toBe(201);
    const draft = operatorBlogArticleSchema.parse(res.json());
    expect(draft).toMatchObject({ publicado: false, version: 0 });
    expect(await driverList()).toEqual([]);
    const hidden = await t.app.inject({
      method: 'GET',
      url: BLOG_PATHS.article(draft.id),
      headers: ana.headers,
    });
    expect(hidden.statusCode).toBe(404);

    // Published, but dated tomorrow: still not shown.
    const tomorrow = await save(draft.id, 0, {
      ...article,
      publicado: true,
      fecha_publicacion: '2026-11-24',
    });
    expect(tomorrow.statusCode).toBe(200);
    expect(await driverList()).toEqual([]);

    const published = await save(draft.id, 1, { ...article, publicado: true });
    expect(published.statusCode).toBe(200);
    expect(await driverList()).toEqual([
      { id: draft.id, titulo: article.titulo, portada: article.portada, fecha_publicacion: '2026-11-23' },
    ]);
    const read = await t.app.inject({
      method: 'GET',
      url: BLOG_PATHS.article(draft.id),
      headers: ana.headers,
    });
    expect(blogArticleSchema.parse(read.json()).cuerpo).toBe(article.cuerpo);

    const actions = await t.database.query<{ accion: string }>(
      'select accion from audit_log order by id desc limit 3',
    );
    expect(actions.map((a) => a.accion)).toEqual([
      'contenido.editar_articulo',
      'contenido.publicar_articulo',
      'contenido.crear_articulo',
    ]);
    expect(await auditCount(t)).toBe(audits + 3);

    // Withdrawn: gone for drivers again.
    const withdrawn = await save(draft.id, 2, article);
    expect(withdrawn.statusCode).toBe(200);
    expect(await driverList()).toEqual([]);
  });

  it('a save from a stale version is a 409 and one without If-Match a 428; nothing written', async () => {
    const created = operatorBlogArticleSchema.parse((await create(article)).json());
    expect((await save(created.id, 0, { ...article, titulo: 'Primera' })).statusCode).toBe(200);
    const audits = await auditCount(t);
    const stale = await save(created.id, 0, { ...article, titulo: 'Segunda' });
    expect(stale.statusCode).toBe(409);
    expect((await save(created.id, null, { ...article, titulo: 'Tercera' })).statusCode).toBe(428);
    expect((await save(999_999, 0, article)).statusCode).toBe(404);
    const now = await t.app.inject({
      method: 'GET',
      url: BLOG_PATHS.consoleArticle(created.id),
      headers: ops.headers,
    });
    expect(now.headers.etag).toBe('"1"');
    expect(operatorBlogArticleSchema.parse(now.json()).titulo).toBe('Primera');
    expect(await auditCount(t)).toBe(audits);
  });
});
