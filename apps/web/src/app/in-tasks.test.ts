import { describe, expect, it } from 'vitest';
import { inTasks } from './in-tasks.ts';

/** A window whose queued tasks run only when the test says so. */
function queue() {
  const tasks: (() => void)[] = [];
  return {
    tasks,
    win: {
      setTimeout: ((fn: () => void) => {
        tasks.push(fn);
        return tasks.length;
      }) as unknown as Window['setTimeout'],
    },
    next() {
      tasks.shift()?.();
    },
  };
}

describe('inTasks', () => {
  it('runs the first batch now and each next one in a task of its own', () => {
    const q = queue();
    const seen: string[][] = [];
    inTasks(['a', 'b', 'c', 'd', 'e'], 2, (batch) => seen.push(batch), q.win);
    expect(seen).toEqual([['a', 'b']]);
    q.next();
    expect(seen).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    q.next();
    expect(seen).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(q.tasks).toHaveLength(0);
  });

  it('does nothing for no items, and treats a batch size below one as one', () => {
    const q = queue();
    const seen: number[][] = [];
    inTasks([], 1, (batch) => seen.push(batch), q.win);
    expect(seen).toEqual([]);
    inTasks([1, 2], 0, (batch) => seen.push(batch), q.win);
    q.next();
    expect(seen).toEqual([[1], [2]]);
  });
});
