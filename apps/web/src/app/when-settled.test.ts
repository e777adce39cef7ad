import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_IDLE_TIMEOUT_MS, SETTLE_MAX_WAIT_MS, SETTLE_POLL_MS, whenSettled } from './when-settled.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A window whose load event the test fires, with the fake timers, and requestIdleCallback when asked. */
function fakeWindow(idle?: (run: () => void, options?: { timeout: number }) => number): Window {
  return Object.assign(new EventTarget(), {
    setTimeout: window.setTimeout.bind(window),
    performance,
    ...(idle ? { requestIdleCallback: idle } : {}),
  }) as unknown as Window;
}
const loading = { readyState: 'interactive' } as Document;

describe('whenSettled', () => {
  it('waits for the load event, then for the reads in flight, then for an idle moment', () => {
    const idle = vi.fn((run: () => void, _options?: { timeout: number }) => (window.setTimeout(run, 50), 1));
    const win = fakeWindow(idle);
    let reads = 2;
    const run = vi.fn();
    whenSettled(run, () => reads > 0, win, loading);

    vi.advanceTimersByTime(5_000);
    expect(idle).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(SETTLE_POLL_MS * 3);
    expect(idle).not.toHaveBeenCalled();

    reads = 0;
    vi.advanceTimersByTime(SETTLE_POLL_MS);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle.mock.calls[0]?.[1]).toEqual({ timeout: SETTLE_IDLE_TIMEOUT_MS });
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SETTLE_MAX_WAIT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a read that never ends', () => {
    const win = fakeWindow();
    const run = vi.fn();
    whenSettled(run, () => true, win, loading);
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(SETTLE_MAX_WAIT_MS - SETTLE_POLL_MS);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SETTLE_POLL_MS * 2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs in a task of its own, without requestIdleCallback, on a page that had loaded with nothing in flight', () => {
    const win = fakeWindow();
    const run = vi.fn();
    whenSettled(run, () => false, win, { readyState: 'complete' } as Document);
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
