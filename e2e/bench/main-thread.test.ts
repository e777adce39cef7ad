import { describe, expect, it } from 'vitest';
import { mainThreadTime } from './main-thread.ts';

const thread = (pid: number, tid: number, name: string) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, dur: number, tdur?: number) => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  dur,
  tdur,
});

describe('mainThreadTime (decision 050)', () => {
  it("sums the busiest renderer main thread's tasks, wall clock and CPU, in milliseconds", () => {
    const trace = {
      traceEvents: [
        thread(1, 10, 'CrRendererMain'),
        thread(2, 20, 'CrRendererMain'),
        thread(1, 11, 'Compositor'),
        task(1, 10, 40_000, 10_000),
        task(1, 10, 20_000, 15_000),
        task(1, 10, 1_000, 900),
        task(2, 20, 500_000, 1_000), // another renderer (an extension page, say): fewer tasks
        task(1, 11, 90_000, 90_000), // not a main thread
        { name: 'v8.evaluateModule', ph: 'X', pid: 1, tid: 10, dur: 30_000, tdur: 9_000 },
      ],
    };
    expect(mainThreadTime(trace)).toEqual({ wall_ms: 61, cpu_ms: 26 });
  });

  it('says nothing when the trace has no main thread or no CPU clock', () => {
    expect(mainThreadTime({ traceEvents: [] })).toBeNull();
    expect(
      mainThreadTime({ traceEvents: [thread(1, 10, 'CrRendererMain'), task(1, 10, 40_000)] }),
    ).toBeNull();
  });
});
