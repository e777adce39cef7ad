import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenLoaded } from './when-loaded.ts';

afterEach(() => vi.useRealTimers());

describe('whenLoaded', () => {
  it('waits for the load event while the page is loading, and runs once', () => {
    const run = vi.fn();
    const win = new EventTarget() as unknown as Window;
    whenLoaded(run, { readyState: 'interactive' } as Document, win);
    expect(run).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    win.dispatchEvent(new Event('load'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs in a task of its own when the page has already loaded (a script requested after the first paint)', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenLoaded(run, { readyState: 'complete' } as Document, window);
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
