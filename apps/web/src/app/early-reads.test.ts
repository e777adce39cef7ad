import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchFleetLayout, prefetchFleetList } from '../features/fleet/api/fleet-prefetch.ts';
import { prefetchHome } from '../features/home/api/home-prefetch.ts';
import { fetchRtmAlert } from '../features/services/api/rtm-alert.ts';
import { apiGet, ApiError } from '../lib/api-client.ts';
import { EARLY_READ_MAX_AGE_MS, startEarlyReads, type EarlyReadsHolder } from '../lib/early-read.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { json } from '../test/fetch-mock.ts';
import { bootEarlyReads, EARLY_READS, FLEET_READS, HOME_READS } from './early-reads.ts';

const w = window as EarlyReadsHolder;

afterEach(() => {
  delete w.__togoEarlyReads;
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Answers every fetch with `body` and records what was asked for. */
function recordFetches(body: unknown): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return json(200, body);
    }),
  );
  return urls;
}

describe('early reads', () => {
  it("are exactly the home's first reads and the public configuration", async () => {
    const urls = recordFetches({ results: [] });
    void prefetchHome(new QueryClient());
    await vi.waitFor(() => expect(urls.length).toBe(HOME_READS.length - 1));
    expect(['/api/config', ...urls].sort()).toEqual([...HOME_READS].sort());
  });

  it("are exactly the fleet list's and its layout's first reads and the public configuration", async () => {
    const urls = recordFetches({});
    const client = new QueryClient();
    void prefetchFleetLayout(client);
    void prefetchFleetList(client);
    await vi.waitFor(() => expect(urls.length).toBe(FLEET_READS.length - 1));
    expect(['/api/config', ...urls].sort()).toEqual([...FLEET_READS].sort());
    expect(EARLY_READS.home('')).toBe(HOME_READS);
    expect(EARLY_READS.fleet('')).toBe(FLEET_READS);
    expect(FLEET_READS[0]).toMatch(/^\/api\/togo\/vehicle\/traer_vehiculos_flota\?/);
  });

  it("are the RTM wizard's first read of the vehicle it books, and only the configuration without one", async () => {
    const urls = recordFetches({});
    await fetchRtmAlert(7).catch(() => undefined);
    localStorage.setItem(STORAGE_KEYS.vehicleSelected, JSON.stringify({ id: 7, placa: 'KLM472' }));
    // The screen's own read first: it starts in the inline script itself, before the app's entry.
    expect(EARLY_READS.rtm('')).toEqual([...urls, '/api/config']);
    for (const stored of ['{"id":"7"}', '{"id":-1}', '{"id":1.5}', 'null', '{', '[]', '{"id":7}']) {
      localStorage.setItem(STORAGE_KEYS.vehicleSelected, stored);
      expect(EARLY_READS.rtm('')).toEqual(['/api/config']);
    }
    localStorage.removeItem(STORAGE_KEYS.vehicleSelected);
    expect(EARLY_READS.rtm('')).toEqual(['/api/config']);
  });

  it('start nothing without a session, and send the token and Accept header with one', () => {
    const fetchFn = vi.fn(async () => json(200, {}));
    expect(startEarlyReads(HOME_READS, null, fetchFn)).toEqual({});
    expect(fetchFn).not.toHaveBeenCalled();
    const reads = startEarlyReads(['/api/config'], 'abc', fetchFn, 42);
    expect(Object.keys(reads)).toEqual(['/api/config']);
    expect(reads['/api/config']?.at).toBe(42);
    expect(fetchFn).toHaveBeenCalledWith('/api/config', {
      headers: { Accept: 'application/json', Authorization: 'Token abc' },
    });
  });

  it("start a page's reads one per task: the first at once, each next in the task the previous one queued", () => {
    const fetchFn = vi.fn(async (_path: string) => json(200, {}));
    const tasks: (() => void)[] = [];
    const win = {
      fetch: fetchFn,
      setTimeout: (run: () => void) => tasks.push(run),
      location: { search: '' },
    } as unknown as Window & EarlyReadsHolder;
    bootEarlyReads('home', 'abc', win);
    expect(fetchFn.mock.calls.map(([path]) => path)).toEqual([HOME_READS[0]]);
    for (let started = 2; started <= HOME_READS.length; started++) {
      expect(tasks).toHaveLength(1);
      tasks.shift()?.();
      expect(fetchFn).toHaveBeenCalledTimes(started);
    }
    expect(tasks).toHaveLength(0);
    expect(Object.keys(win.__togoEarlyReads ?? {})).toEqual([...HOME_READS]);
  });

  it("give a set the page's address query: Hoy filtered by the address starts no first page", () => {
    const fetchFn = vi.fn(async (_path: string) => json(200, {}));
    const win = (search: string) =>
      ({ fetch: fetchFn, setTimeout: () => 0, location: { search } }) as unknown as Window & EarlyReadsHolder;
    bootEarlyReads('fleet-today', 'abc', win(''));
    expect(fetchFn.mock.calls[0]?.[0]).toMatch(/^\/api\/togo\/flota\/cumplimiento\/\?estado=atencion&page=1/);
    fetchFn.mockClear();
    bootEarlyReads('fleet-today', 'abc', win('?page=3'));
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/togo/flota/ciudades/');
  });

  it('apiGet adopts an early read once, with the same session and while fresh; later reads go to the network', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    const now = performance.now();
    const network = vi.fn(async () => json(200, { from: 'network' }));
    vi.stubGlobal('fetch', network);
    w.__togoEarlyReads = {
      '/api/config': { token: 'abc', response: Promise.resolve(json(200, { from: 'early' })), at: now },
      '/api/otra/': { token: 'otro', response: Promise.resolve(json(200, { from: 'early' })), at: now },
      '/api/vieja/': {
        token: 'abc',
        response: Promise.resolve(json(200, { from: 'early' })),
        at: now - EARLY_READ_MAX_AGE_MS,
      },
    };
    expect(await apiGet('/api/config')).toEqual({ from: 'early' });
    expect(network).not.toHaveBeenCalled();
    expect(await apiGet('/api/config')).toEqual({ from: 'network' });
    // Started for another session (signed out and in meanwhile): never adopted.
    expect(await apiGet('/api/otra/')).toEqual({ from: 'network' });
    // Started too long before the app asked (the entry ran first, then a refetch): never adopted.
    expect(await apiGet('/api/vieja/')).toEqual({ from: 'network' });
  });

  it('an early read that failed or answered an error behaves as the network would', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    vi.stubGlobal('fetch', vi.fn());
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    w.__togoEarlyReads = {
      '/api/a/': { token: 'abc', response: failed, at: performance.now() },
      '/api/b/': {
        token: 'abc',
        response: Promise.resolve(json(401, { detail: 'Token inválido.' })),
        at: performance.now(),
      },
    };
    await expect(apiGet('/api/a/')).rejects.toMatchObject({ status: 0 });
    const error = await apiGet('/api/b/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
  });
});
