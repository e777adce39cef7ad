import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarlyReadsHolder } from '../../lib/early-read.ts';
import { json } from '../../test/fetch-mock.ts';
import { setOperatorToken } from '../lib/operator-api.ts';
import { ADMIN_ME, renderConsole } from '../test/render-console.tsx';
import { SCREEN_READS, screenPath, STAFF_ME_PATH, startConsoleReads } from './early-reads.ts';

afterEach(() => {
  setOperatorToken(null);
  delete (window as EarlyReadsHolder).__togoEarlyReads;
  vi.unstubAllGlobals();
});

/** Answers who is signed in (an admin) and every other read with an error, recording the paths asked for. */
function recordReads(): string[] {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const path = `${url.pathname}${url.search}`;
      paths.push(path);
      return path === STAFF_ME_PATH ? json(200, ADMIN_ME) : json(503, { detail: 'No disponible.' });
    }),
  );
  return paths;
}

describe("the console's early reads (decision 134)", () => {
  it.each(Object.entries(SCREEN_READS))(
    "the screen at '/%s' asks for every read its entry starts early",
    async (path, reads) => {
      setOperatorToken('tok-staff');
      const asked = recordReads();
      renderConsole(`/${path}`);
      // The screen's chunk loads first (slow on a busy host).
      await vi.waitFor(
        () => expect([STAFF_ME_PATH, ...reads].filter((p) => !asked.includes(p))).toEqual([]),
        {
          timeout: 15_000,
        },
      );
    },
  );

  it("start who is signed in and the screen's reads, only with a session", () => {
    const fetchFn = vi.fn(async () => json(200, {}));
    const win = { fetch: fetchFn } as unknown as Window & EarlyReadsHolder;
    expect(startConsoleReads('/operador/agenda', null, win)).toEqual([]);
    expect(fetchFn).not.toHaveBeenCalled();
    expect(startConsoleReads('/operador/agenda', 'tok', win)).toEqual([
      STAFF_ME_PATH,
      '/api/operador/sedes/',
    ]);
    expect(Object.keys(win.__togoEarlyReads ?? {})).toEqual([STAFF_ME_PATH, '/api/operador/sedes/']);
    // A screen without reads of its own (or an unknown address) starts only who is signed in.
    expect(startConsoleReads('/operador/equipo', 'tok', win)).toEqual([STAFF_ME_PATH]);
    expect(screenPath('/operador')).toBe('');
    expect(screenPath('/operador/')).toBe('');
    expect(screenPath('/operador/pico-placa/')).toBe('pico-placa');
  });
});
