import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarlyReadsHolder } from '../../lib/early-read.ts';
import { json } from '../../test/fetch-mock.ts';
import { setOperatorToken } from '../lib/operator-api.ts';
import { ADMIN_ME, renderConsole } from '../test/render-console.tsx';
import { bogotaToday } from '@togo/domain/bogota-time';
import { branch } from '../screens/test-support.ts';
import { agendaDayReads, SCREEN_READS, screenPath, STAFF_ME_PATH, startConsoleReads } from './early-reads.ts';

/** Two branches, the first closed for good: the agenda opens on the second. */
const BRANCHES = [
  { ...branch(), id: 'PER-BOG-01', activa: false },
  { ...branch(), id: 'PER-MED-01', activa: true },
];

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
      if (path === STAFF_ME_PATH) return json(200, ADMIN_ME);
      if (path === '/api/operador/sedes/') return json(200, BRANCHES);
      return json(503, { detail: 'No disponible.' });
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
        { timeout: 25_000 },
      );
    },
    30_000,
  );

  it("the agenda asks for the day its entry starts once the branches answer: the first active branch's, today", async () => {
    setOperatorToken('tok-staff');
    const asked = recordReads();
    renderConsole('/agenda');
    const day = agendaDayReads('PER-MED-01', bogotaToday(new Date()));
    await vi.waitFor(() => expect(day.filter((p) => !asked.includes(p))).toEqual([]), { timeout: 25_000 });
  }, 30_000);

  it("start the agenda's day after the branches' answer, or at once when the address names it", async () => {
    const fetchFn = vi.fn(async (path: string) => json(200, path === '/api/operador/sedes/' ? BRANCHES : {}));
    const win = (search: string) =>
      ({ fetch: fetchFn, location: { search } }) as unknown as Window & EarlyReadsHolder;
    const plain = win('');
    startConsoleReads('/operador/agenda', 'tok', plain);
    const day = agendaDayReads('PER-MED-01', bogotaToday(new Date()));
    await vi.waitFor(() =>
      expect(Object.keys(plain.__togoEarlyReads ?? {})).toEqual(expect.arrayContaining([...day])),
    );
    const named = win('?sede=PER-CAL-01&fecha=2026-12-07');
    startConsoleReads('/operador/agenda', 'tok', named);
    expect(Object.keys(named.__togoEarlyReads ?? {})).toEqual([
      STAFF_ME_PATH,
      '/api/operador/sedes/',
      ...agendaDayReads('PER-CAL-01', '2026-12-07'),
    ]);
    expect(agendaDayReads('PER-CAL-01', '2026-12-07')).toEqual([
      '/api/operador/agenda/?sede=PER-CAL-01&fecha=2026-12-07',
      '/api/operador/sedes/PER-CAL-01/cierres/',
    ]);
  });

  it("start who is signed in and the screen's reads, only with a session", () => {
    const fetchFn = vi.fn(async () => json(200, {}));
    const win = { fetch: fetchFn, location: { search: '' } } as unknown as Window & EarlyReadsHolder;
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
