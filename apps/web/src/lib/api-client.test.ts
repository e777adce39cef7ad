import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, mockFetch } from '../test/fetch-mock.ts';
import { ApiError, apiParse, apiPost, errorDetail, fieldErrors } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with "Authorization: Token …" when a token is stored', async () => {
    localStorage.setItem('token', 'abc');
    const { fetchMock } = mockFetch({ 'POST /api/x/': () => json(200, { ok: true }) });
    await expect(apiPost('/api/x/', { a: 1 })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Token abc');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends no Authorization header without a token, and resolves undefined on 204', async () => {
    const { fetchMock } = mockFetch({ 'POST /api/users/logout/': () => new Response(null, { status: 204 }) });
    await expect(apiPost('/api/users/logout/', {})).resolves.toBeUndefined();
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('throws ApiError with status, body and Retry-After', async () => {
    mockFetch({ 'POST /api/y/': () => json(429, { detail: 'Espera un momento.' }, { 'Retry-After': '42' }) });
    const error = await apiPost('/api/y/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, body: { detail: 'Espera un momento.' }, retryAfter: 42 });
    expect(errorDetail(error)).toBe('Espera un momento.');
  });

  it('reads DRF field errors, and maps network failures to status 0', async () => {
    mockFetch({ 'POST /api/z/': () => json(400, { clave: ['Muy corta.', 'Muy común.'] }) });
    const error = await apiPost('/api/z/').catch((e: unknown) => e);
    expect(fieldErrors(error, 'clave')).toEqual(['Muy corta.', 'Muy común.']);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiPost('/api/z/')).rejects.toMatchObject({ status: 0 });
  });

  it('parses an answer with the domain schema: unknown keys dropped, a malformed answer rejected', async () => {
    const schema = z.object({ id: z.number(), placa: z.string() });
    mockFetch({
      'GET /api/ok/': () => json(200, { id: 1, placa: 'ABC123', extra: true }),
      'GET /api/malo/': () => json(200, { id: '1' }),
      'GET /api/falla/': () => json(500, { detail: 'Error.' }),
    });
    await expect(apiParse(schema, '/api/ok/')).resolves.toEqual({ id: 1, placa: 'ABC123' });
    await expect(apiParse(schema, '/api/malo/')).rejects.toBeInstanceOf(z.ZodError);
    await expect(apiParse(schema, '/api/falla/')).rejects.toMatchObject({ status: 500 });
  });
});
