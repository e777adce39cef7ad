import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedulePageReload, setPageReload } from './page-reload.ts';

afterEach(() => {
  vi.useRealTimers();
  setPageReload(null);
});

describe('schedulePageReload', () => {
  it('reloads 500 ms later through the injected reload', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    setPageReload(reload);
    schedulePageReload();
    vi.advanceTimersByTime(499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
