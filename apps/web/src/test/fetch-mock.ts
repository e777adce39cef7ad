import { vi } from 'vitest';

export interface MockRequest {
  url: string;
  path: string;
  method: string;
  body: unknown;
  headers: Headers;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

/** A JSON Response as the API sends it. */
export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * Replaces the global fetch with a spy answering from `routes`, keyed 'METHOD /path' (query string
 * ignored). A handler may be a function or a list of Responses answered in order. Unknown calls get a 404.
 */
export function mockFetch(routes: Record<string, MockHandler | Response[]>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined;
    const request: MockRequest = { url, path, method, body, headers: new Headers(init?.headers) };
    const route = routes[`${method} ${path}`];
    if (Array.isArray(route)) {
      const next = route.shift();
      if (!next) throw new Error(`Sin más respuestas para ${method} ${path}`);
      return next;
    }
    if (route) return route(request);
    return json(404, { detail: 'No encontrado.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** Parsed bodies of the calls made to 'METHOD /path'. */
    bodies(key: string): unknown[] {
      const [method, path] = key.split(' ');
      return fetchMock.mock.calls
        .filter(([input, init]) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          return (init?.method ?? 'GET') === method && new URL(url, 'http://localhost').pathname === path;
        })
        .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
    },
  };
}

export const PUBLIC_CONFIG = {
  web_url: 'https://togo.example.co',
  google_client_id: null,
  facebook_app_id: null,
  facebook_api_version: 'v10.0',
  outbox: true,
  map_tile_url: null,
  map_tile_attribution: '',
};
