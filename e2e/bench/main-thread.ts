/**
 * How long the page's main thread was busy during a Lighthouse run, and how much of that it actually ran
 * (docs/decisions/050). Lighthouse's simulation multiplies the observed (wall-clock) length of each task by its
 * CPU slowdown; on a small host the browser's own processes, the compiler threads and the server under test take
 * turns on the same cores, and a task that waits for a core looks longer than the work it did. Each of Chromium's
 * trace tasks carries both clocks: `dur` (wall) and `tdur` (the thread's CPU time).
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTime {
  /** Sum of the renderer main thread's top-level tasks, wall clock (what the simulation scales). */
  wall_ms: number;
  /** The same tasks' CPU time (what the page's code and the browser's work on its behalf took). */
  cpu_ms: number;
}

/** The renderer main thread with the most tasks (the audited page's), and its tasks' wall and CPU time. */
export function mainThreadTime(trace: { traceEvents: TraceEvent[] }): MainThreadTime | null {
  const mains = new Set(
    trace.traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of trace.traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key)) continue;
    const tasks = byThread.get(key);
    if (tasks) tasks.push(e);
    else byThread.set(key, [e]);
  }
  const tasks = [...byThread.values()].sort((a, b) => b.length - a.length)[0];
  if (!tasks || tasks.some((t) => t.tdur === undefined)) return null;
  const sum = (pick: (t: TraceEvent) => number) => Math.round(tasks.reduce((s, t) => s + pick(t), 0) / 1000);
  return { wall_ms: sum((t) => t.dur ?? 0), cpu_ms: sum((t) => t.tdur ?? 0) };
}
