import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, server } from '../test/api-server.ts';
import {
  ApiError,
  createHttpClient,
  dispositionName,
  errorDetail,
  fieldErrors,
  parseRetryAfter,
  readBody,
} from './http-client.ts';

const seen: Request[] = [];
const record = (request: Request) => void seen.push(request.clone());
afterEach(() => {
  seen.length = 0;
  vi.restoreAllMocks();
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-10-21T07:27:00Z');
  it('reads delay-seconds and an HTTP-date from now', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:26:00 GMT', now)).toBe(0);
  });
  it('answers null when absent or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('pronto', now)).toBeNull();
  });
});

describe('readBody', () => {
  it('parses JSON, keeps text and malformed JSON as text, and is undefined when empty', async () => {
    expect(await readBody(Response.json({ a: 1 }))).toEqual({ a: 1 });
    expect(await readBody(new Response('hola', { headers: { 'content-type': 'text/plain' } }))).toBe('hola');
    expect(await readBody(new Response('{roto', { headers: { 'content-type': 'application/json' } }))).toBe(
      '{roto',
    );
    expect(await readBody(new Response(null, { status: 204 }))).toBeUndefined();
    expect(await readBody(new Response(''))).toBeUndefined();
  });
});

describe('createHttpClient', () => {
  const client = (authorization: string | null, onResponse?: (r: Response) => void) =>
    createHttpClient({ authorization: () => authorization, onResponse });

  it('sends JSON with the Authorization header it is given, and none without a session', async () => {
    server.use(
      http.post('/api/x/', ({ request }) => {
        record(request);
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(client('Token abc').request('/api/x/', { method: 'POST', body: { a: 1 } })).resolves.toEqual(
      {
        ok: true,
      },
    );
    await client(null).request('/api/x/', { method: 'POST' });
    expect(seen[0]?.headers.get('authorization')).toBe('Token abc');
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]?.text()).toBe('{"a":1}');
    expect(seen[1]?.headers.has('authorization')).toBe(false);
  });

  it('rejects a non-2xx answer with one ApiError: status, body and Retry-After in seconds', async () => {
    server.use(
      http.post('/api/y/', () => json(429, { detail: 'Espera un momento.' }, { 'Retry-After': '42' })),
      http.post('/api/z/', () => json(400, { clave: ['Muy corta.', 'Muy común.'] })),
    );
    const error = await client(null)
      .request('/api/y/', { method: 'POST' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, body: { detail: 'Espera un momento.' }, retryAfter: 42 });
    expect(errorDetail(error)).toBe('Espera un momento.');
    const invalid = await client(null)
      .request('/api/z/', { method: 'POST' })
      .catch((e: unknown) => e);
    expect(fieldErrors(invalid, 'clave')).toEqual(['Muy corta.', 'Muy común.']);
    expect(fieldErrors(invalid, 'correo')).toEqual([]);
  });

  it('maps a network failure to status 0 and lets an abort through', async () => {
    server.use(http.get('/api/caida/', () => HttpResponse.error()));
    await expect(client(null).request('/api/caida/')).rejects.toMatchObject({ status: 0 });
    server.use(http.get('/api/lenta/', () => new Promise<Response>(() => {})));
    const controller = new AbortController();
    const pending = client(null).request('/api/lenta/', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('parses an answer with the domain schema: unknown keys dropped, a malformed answer rejected', async () => {
    const schema = z.object({ id: z.number(), placa: z.string() });
    server.use(
      http.get('/api/ok/', () => HttpResponse.json({ id: 1, placa: 'ABC123', extra: true })),
      http.get('/api/malo/', () => HttpResponse.json({ id: '1' })),
    );
    await expect(client(null).parse(schema, '/api/ok/')).resolves.toEqual({ id: 1, placa: 'ABC123' });
    await expect(client(null).parse(schema, '/api/malo/')).rejects.toBeInstanceOf(z.ZodError);
  });

  it('shows every answer to onResponse, errors included', async () => {
    server.use(http.get('/api/sesion/', () => json(401, { detail: 'Sesión vencida.' })));
    const statuses: number[] = [];
    await client('Token t', (r) => statuses.push(r.status))
      .request('/api/sesion/')
      .catch(() => undefined);
    expect(statuses).toEqual([401]);
  });

  it('uploads one file as multipart with the same header, and reads the answer', async () => {
    server.use(
      http.patch('/api/foto/', async ({ request }) => {
        record(request);
        const form = await request.formData();
        // Node's fetch sends jsdom's File as a plain blob part (its name is lost in the test only): read its type.
        const file = form.get('foto') as { type?: string } | null;
        return HttpResponse.json({ name: file?.type ?? null });
      }),
    );
    const file = new File(['x'], 'cara.png', { type: 'image/png' });
    const schema = z.object({ name: z.string() });
    await expect(
      client('Token abc').uploadParse(schema, '/api/foto/', 'foto', file, { method: 'PATCH' }),
    ).resolves.toEqual({ name: 'image/png' });
    expect(seen[0]?.headers.get('authorization')).toBe('Token abc');
    expect(seen[0]?.headers.get('content-type')).toContain('multipart/form-data');
  });

  it("downloads a file under the server's name, else the fallback; a refusal is an ApiError", async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:archivo');
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    server.use(
      http.get('/api/con-nombre/', () =>
        HttpResponse.text('a', { headers: { 'content-disposition': 'attachment; filename="agenda.xlsx"' } }),
      ),
      http.get('/api/sin-nombre/', () => HttpResponse.text('b')),
      http.get('/api/prohibido/', () => json(403, { detail: 'No tienes permiso.' })),
    );
    await client('Token abc').download('/api/con-nombre/', 'otro.xlsx');
    await client('Token abc').download('/api/sin-nombre/', 'respaldo.zip');
    expect(names).toEqual(['agenda.xlsx', 'respaldo.zip']);
    // Each download made its blob URL (a late download of another file sharing this worker may add one).
    expect(created.mock.calls.length).toBeGreaterThanOrEqual(2);
    await expect(client('Token abc').download('/api/prohibido/', 'x')).rejects.toMatchObject({
      status: 403,
      body: { detail: 'No tienes permiso.' },
    });
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(dispositionName(`attachment; filename*=UTF-8''mis%20datos.zip`)).toBe('mis datos.zip');
    expect(dispositionName('attachment; filename="agenda.xlsx"')).toBe('agenda.xlsx');
    expect(dispositionName('attachment')).toBeNull();
    expect(dispositionName(null)).toBeNull();
  });
});
