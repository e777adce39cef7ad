import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_COMPANY } from '@togo/domain/roles';
import type { EarlyReadsHolder } from '../lib/early-read.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { json } from '../test/fetch-mock.ts';
import { FLEET_READS, HOME_READS } from './early-reads.ts';
import { SESSION_CLASS } from './page-shells.ts';
import {
  afterFirstPaint,
  bootPage,
  FIRST_PAINT_FALLBACK_MS,
  loadApp,
  pageBootOf,
  PRELOADS_PER_TASK,
} from './page-boot.ts';

function bootScript(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.documentElement.classList.remove(SESSION_CLASS);
  delete (window as EarlyReadsHolder).__togoEarlyReads;
  localStorage.clear();
});

describe('page boot (decision 047)', () => {
  it("reads what to load from the script's attributes", () => {
    expect(
      pageBootOf(
        bootScript({ 'data-entry': '/assets/index-1.js', 'data-preloads': '/assets/a.js /assets/b.js' }),
      ),
    ).toEqual({
      entry: '/assets/index-1.js',
      preloads: ['/assets/a.js', '/assets/b.js'],
      earlyReads: null,
      shell: null,
    });
    expect(
      pageBootOf(
        bootScript({ 'data-entry': '/assets/index-1.js', 'data-preloads': '', 'data-early-reads': 'fleet' }),
      ),
    ).toEqual({ entry: '/assets/index-1.js', preloads: [], earlyReads: 'fleet', shell: null });
    // A set of reads the script does not know (a page built with another version) starts none.
    expect(
      pageBootOf(bootScript({ 'data-entry': '/assets/index-1.js', 'data-early-reads': 'garaje' }))
        ?.earlyReads,
    ).toBeNull();
    expect(
      pageBootOf(bootScript({ 'data-entry': '/assets/index-1.js', 'data-shell-for': 'fleet' }))?.shell,
    ).toBe('fleet');
    expect(
      pageBootOf(bootScript({ 'data-entry': '/assets/index-1.js', 'data-shell-for': 'otro' }))?.shell,
    ).toBeNull();
    expect(pageBootOf(bootScript({ 'data-preloads': '/assets/a.js' }))).toBeNull();
    expect(pageBootOf(null)).toBeNull();
  });

  it('runs the load once, in the task after the next frame, or after the fallback when no frame comes', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    const win = {
      requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
      setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    } as unknown as Window;
    const run = vi.fn();
    afterFirstPaint(run, win);
    expect(run).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    // The frame callback runs before the paint: the load waits for the task after it.
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS);
    expect(run).toHaveBeenCalledTimes(1);

    // A tab opened in the background: no frame, the fallback loads the app.
    const hidden = vi.fn();
    afterFirstPaint(hidden, { ...win, requestAnimationFrame: () => 0 } as unknown as Window);
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS - 1);
    expect(hidden).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hidden).toHaveBeenCalledTimes(1);
  });

  it("requests the entry, then the route's chunks one per task, with CORS, as the page's tags would", () => {
    vi.useFakeTimers();
    const preloads = ['/assets/a.js', '/assets/b.js', '/assets/c.js', '/assets/d.js', '/assets/e.js'];
    loadApp(document, { entry: '/assets/index-1.js', preloads, earlyReads: null, shell: null });
    const script = document.head.querySelector('script');
    expect([script?.type, script?.getAttribute('src'), script?.crossOrigin]).toEqual([
      'module',
      '/assets/index-1.js',
      'anonymous',
    ]);
    const links = () => [...document.head.querySelectorAll('link')];
    expect(links()).toHaveLength(0);
    vi.advanceTimersToNextTimer();
    expect(links()).toHaveLength(PRELOADS_PER_TASK);
    vi.runAllTimers();
    expect(links().map((link) => [link.rel, link.getAttribute('href'), link.crossOrigin])).toEqual(
      preloads.map((href) => ['modulepreload', href, 'anonymous']),
    );
  });

  it("starts the home's reads and shows its shell at once on a device with a session, the app after the paint", () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ids_roles: [1] }));
    const fetchFn = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchFn);
    bootPage(
      bootScript({
        'data-entry': '/assets/index-1.js',
        'data-preloads': '',
        'data-early-reads': 'home',
        'data-shell-for': 'home',
      }),
    );
    // The first read at once, the others one per task (decision 124).
    expect(fetchFn).toHaveBeenCalledTimes(1);
    for (let started = 2; started <= HOME_READS.length; started++) {
      vi.advanceTimersToNextTimer();
      expect(fetchFn).toHaveBeenCalledTimes(started);
    }
    expect(Object.keys((window as EarlyReadsHolder).__togoEarlyReads ?? {})).toEqual([...HOME_READS]);
    expect(document.documentElement.classList.contains(SESSION_CLASS)).toBe(true);
    expect(document.head.querySelector('script')).toBeNull();
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS);
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('/assets/index-1.js');
  });

  it("starts the fleet list's reads on a company's device, and none on a client's", async () => {
    const fetchFn = vi.fn(async (_path: string) => json(200, {}));
    vi.stubGlobal('fetch', fetchFn);
    const fleetPage = () =>
      bootScript({
        'data-entry': '/assets/index-1.js',
        'data-preloads': '',
        'data-early-reads': 'fleet',
        'data-shell-for': 'fleet',
      });
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ids_roles: [1] }));
    bootPage(fleetPage());
    expect(fetchFn).not.toHaveBeenCalled();
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ids_roles: [GROUP_COMPANY] }));
    bootPage(fleetPage());
    await vi.waitFor(() => expect(fetchFn.mock.calls.map(([path]) => path)).toEqual([...FLEET_READS]));
  });

  it('starts no read on a page without them, and refuses a script that names no entry', () => {
    const fetchFn = vi.fn();
    vi.stubGlobal('fetch', fetchFn);
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    bootPage(bootScript({ 'data-entry': '/assets/index-1.js', 'data-preloads': '' }));
    expect(fetchFn).not.toHaveBeenCalled();
    expect(document.documentElement.classList.contains(SESSION_CLASS)).toBe(false);
    expect(() => bootPage(bootScript({}))).toThrow(/data-entry/);
  });

  it("shows a page's shell to its audience only, without the home's reads", () => {
    const fetchFn = vi.fn();
    vi.stubGlobal('fetch', fetchFn);
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ids_roles: [1] }));
    bootPage(bootScript({ 'data-entry': '/assets/index-1.js', 'data-shell-for': 'fleet' }));
    expect(document.documentElement.classList.contains(SESSION_CLASS)).toBe(false);
    bootPage(bootScript({ 'data-entry': '/assets/index-1.js', 'data-shell-for': 'session' }));
    expect(document.documentElement.classList.contains(SESSION_CLASS)).toBe(true);
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('shows no shell and starts no read when storage is unavailable', () => {
    const fetchFn = vi.fn();
    vi.stubGlobal('fetch', fetchFn);
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    bootPage(
      bootScript({ 'data-entry': '/assets/index-1.js', 'data-early-reads': '', 'data-shell-for': 'home' }),
    );
    getItem.mockRestore();
    expect(document.documentElement.classList.contains(SESSION_CLASS)).toBe(false);
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
