import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('nextTask (decision 050)', () => {
  it("resolves through the browser's scheduler.yield when it has one", async () => {
    const scheduler = { yield: vi.fn(() => Promise.resolve()) };
    const win = Object.assign(Object.create(window) as Window, { scheduler });
    await nextTask(win);
    expect(scheduler.yield).toHaveBeenCalledTimes(1);
    // Called on the scheduler, as the browser requires.
    expect(scheduler.yield.mock.contexts[0]).toBe(scheduler);
  });

  it('without one, resolves in a new task: after a zero-delay timeout, not in the current one', async () => {
    vi.useFakeTimers();
    const setTimeout = vi.fn(window.setTimeout.bind(window));
    const win = { setTimeout } as unknown as Window;
    let resolved = false;
    const done = nextTask(win).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    expect(setTimeout).toHaveBeenCalledWith(expect.any(Function), 0);
    vi.advanceTimersToNextTimer();
    await done;
    expect(resolved).toBe(true);
  });
});
