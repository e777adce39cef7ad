/**
 * Resource sampler of bench:load: every 500 ms, each API instance's CPU (utime + stime from /proc/<pid>/stat) and
 * resident memory (VmRSS, via rssOf), and the number of PostgreSQL sessions on the scratch database
 * (pg_stat_activity, the bench's own seeding pool included). Linux only: elsewhere the figures stay null.
 */
import { readFile } from 'node:fs/promises';
import type { Database } from '../../src/db/client.ts';
import { rssOf } from '../server-process.ts';

const EVERY_MS = 500;
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on every Linux the bench runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time (s) a process has used, or null when /proc cannot say. */
async function cpuSecondsOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // The fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after "pid (comm) state".
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / TICKS_PER_SECOND : null;
}

export interface InstanceFigures {
  /** Average over the period (100 = one core busy). */
  cpu_percent: number | null;
  /** The busiest 500 ms interval. */
  peak_cpu_percent: number | null;
  max_rss_mb: number | null;
}
export interface SampledFigures {
  instances: Record<string, InstanceFigures>;
  max_pg_connections: number | null;
}

/** Samples until `stop()`, which answers the figures of the whole period. */
export function startSampler(
  instances: { name: string; pid: number }[],
  database: Database,
  databaseName: string,
): { stop(): Promise<SampledFigures> } {
  let running = true;
  const started = performance.now();
  const maxRss = new Map<string, number>();
  const peakCpu = new Map<string, number>();
  const lastCpu = new Map<string, { at: number; cpu: number }>();
  let maxConnections: number | null = null;
  const cpuAtStart = Promise.all(instances.map((p) => cpuSecondsOf(p.pid)));
  const sampleOnce = async () => {
    await Promise.all(
      instances.map(async (p) => {
        const [rss, cpu] = await Promise.all([rssOf(p.pid).catch(() => null), cpuSecondsOf(p.pid)]);
        if (rss !== null) maxRss.set(p.name, Math.max(maxRss.get(p.name) ?? 0, rss));
        const at = performance.now();
        const last = lastCpu.get(p.name);
        if (cpu !== null && last && at > last.at) {
          const percent = ((cpu - last.cpu) / ((at - last.at) / 1000)) * 100;
          peakCpu.set(p.name, Math.max(peakCpu.get(p.name) ?? 0, percent));
        }
        if (cpu !== null) lastCpu.set(p.name, { at, cpu });
      }),
    );
    const [row] = await database
      .query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [
        databaseName,
      ])
      .catch(() => [] as { n: number }[]);
    if (row) maxConnections = Math.max(maxConnections ?? 0, row.n);
  };
  const loop = (async () => {
    while (running) {
      const next = new Promise((resolve) => setTimeout(resolve, EVERY_MS));
      await sampleOnce();
      await next;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const seconds = (performance.now() - started) / 1000;
      const before = await cpuAtStart;
      const after = await Promise.all(instances.map((p) => cpuSecondsOf(p.pid)));
      const figures: SampledFigures = { instances: {}, max_pg_connections: maxConnections };
      instances.forEach((p, i) => {
        const [b, a] = [before[i], after[i]];
        const rss = maxRss.get(p.name);
        const peak = peakCpu.get(p.name);
        figures.instances[p.name] = {
          cpu_percent: a != null && b != null && seconds > 0 ? Math.round(((a - b) / seconds) * 100) : null,
          peak_cpu_percent: peak === undefined ? null : Math.round(peak),
          max_rss_mb: rss === undefined ? null : Math.round(rss / 1024 / 1024),
        };
      });
      return figures;
    },
  };
}
