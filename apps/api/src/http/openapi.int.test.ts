import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { listRoutes } from '../test/input-sweep.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { HTTP_METHODS } from './api-docs-page.ts';
import { apiDocsEnabled } from './openapi.ts';
import { openApiProblems, type OpenApiDoc } from './openapi.test-support.ts';

/** Fastify's ':name' → OpenAPI's '{name}'. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** Registered on purpose but not part of the document: the document itself and its page. */
const EXCLUDED = new Set(['GET /api/docs', 'GET /api/docs/openapi.json']);

let t: TestContext;
let doc: OpenApiDoc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

describe('the OpenAPI document (decision 042)', () => {
  it('is a structurally valid OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(openApiProblems(doc)).toEqual([]);
  });

  it('the structural check does catch broken documents', () => {
    const broken = {
      openapi: '3.0.3',
      info: { title: 'x' },
      paths: {
        '/a/{id}/': { get: { parameters: [{ name: 'id', in: 'path', schema: { type: 'texto' } }] } },
        '/b/:id': { post: { responses: { 200: {} }, requestBody: { content: {} } } },
        '/c': {
          get: {
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': { schema: { $ref: '#/components/schemas/Nada', nullable: true } },
                },
              },
            },
          },
        },
      },
    } as unknown as OpenApiDoc;
    expect(openApiProblems(broken)).toEqual([
      'openapi: 3.0.3 is not 3.1.x',
      'info.version is required',
      'GET /a/{id}/.parameters[0]: a path parameter must be required',
      'GET /a/{id}/.parameters[0].schema: unknown type texto',
      'GET /a/{id}/: no responses',
      "/b/:id: Fastify ':param' left in the path",
      'POST /b/:id.requestBody: no content',
      'POST /b/:id.responses.200: no description',
      "GET /c.responses.200.application/json: 'nullable' is not OpenAPI 3.1",
      '$ref #/components/schemas/Nada points at nothing',
    ]);
  });

  it('lists every route Fastify registered, and nothing else', () => {
    const registered = listRoutes(t.app)
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !EXCLUDED.has(r));
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const expected = registered.map((r) => {
      const [method, url] = r.split(' ') as [string, string];
      return `${method} ${openApiPath(url)}`;
    });
    expect(registered.length).toBeGreaterThan(100);
    expect([...documented].sort()).toEqual([...new Set(expected)].sort());
  });

  it('carries the zod contracts of typed routes: bodies, query strings, path parameters', () => {
    const prefs = doc.paths['/api/togo/notificacion/preferencias/']?.put;
    const prefsBody = prefs?.requestBody?.content?.['application/json']?.schema;
    expect(prefsBody).toMatchObject({ type: 'object' });
    const pyp = doc.paths['/api/togo/pico-placa/']?.get;
    expect(pyp?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id_garaje', in: 'query', required: true }),
        expect.objectContaining({ name: 'fecha', in: 'query', required: false }),
      ]),
    );
    // A field with a default (here through z.preprocess) is optional for the client.
    const history = doc.paths['/api/togo/notificacion/historial/']?.get;
    expect(history?.parameters).toEqual([
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
      expect.objectContaining({ name: 'page_size', in: 'query', required: false }),
    ]);
    const login = doc.paths['/api/orquestador/auth/']?.post;
    expect(login?.requestBody?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
    const oauth = doc.paths['/api/identidad/usuarios/oauth/{provider}/']?.post;
    expect(oauth?.parameters).toEqual([
      expect.objectContaining({ name: 'provider', in: 'path', required: true }),
    ]);
    // A route without a schema still declares its path parameters.
    const feed = doc.paths['/api/togo/calendario/feed/{token}']?.get;
    expect(feed?.parameters).toEqual([
      expect.objectContaining({ name: 'token', in: 'path', required: true }),
    ]);
  });
});

describe('/api/docs', () => {
  it('answers a page listing the operations, under the API security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('<code>/api/togo/pico-placa/</code>');
    expect(res.body).toContain('href="/api/docs/openapi.json"');
    expect(res.body).not.toMatch(/<script|<style| style=/);
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('is off in production unless API_DOCS=1, and API_DOCS=0 turns it off anywhere', () => {
    expect(apiDocsEnabled({ NODE_ENV: 'production', API_DOCS: undefined })).toBe(false);
    expect(apiDocsEnabled({ NODE_ENV: 'production', API_DOCS: true })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'development', API_DOCS: undefined })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'test', API_DOCS: false })).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', API_DOCS: '1' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', API_DOCS: '0' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBeUndefined();
  });

  it('with API_DOCS=0 neither path exists', async () => {
    const off = await createTestApp({ env: { API_DOCS: '0' } });
    try {
      for (const url of ['/api/docs', '/api/docs/openapi.json']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});
