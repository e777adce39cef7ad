/**
 * Waits, before a Lighthouse run, until the host's cores are quiet (docs/decisions/125): on a 2-core host the
 * previous run's Chromium shutting down, or the suite's last processes, take the cores the audited page's main
 * thread needs, and Lighthouse multiplies every millisecond its tasks wait for a core. Reads Linux's /proc/stat
 * (the whole host's CPU counters); elsewhere it does not wait.
 */
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

export interface CpuTotals {
  /** Jiffies spent running anything (all but idle and iowait). */
  busy: number;
  /** All jiffies. */
  total: number;
}

/** The host's CPU counters from /proc/stat's first (`cpu`) line; null when the text has none. */
export function cpuTotals(stat: string): CpuTotals | null {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  if (fields.length < 4 || fields.some((n) => !Number.isFinite(n))) return null;
  // user nice system idle iowait irq softirq steal (guest time is already counted in user).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** The share (0–1) of the host's CPU time that was busy between two readings; null when no time passed. */
export function busyShare(before: CpuTotals, after: CpuTotals): number | null {
  const total = after.total - before.total;
  if (total <= 0) return null;
  return Math.min(1, Math.max(0, (after.busy - before.busy) / total));
}

export interface QuietOptions {
  /** Quiet: at most this share of the host's CPU busy over one window (default 0.2). */
  maxBusy?: number;
  /** The window each reading covers (default 500 ms). */
  windowMs?: number;
  /** Give up after this long and run anyway (default 15 s). */
  timeoutMs?: number;
  /** The /proc/stat text (tests give their own). */
  readStat?: () => string | null;
  /** Waits one window (tests give their own). */
  wait?: (ms: number) => Promise<void>;
}

export interface QuietResult {
  /** Whether a quiet window was seen before the timeout. */
  quiet: boolean;
  /** Windows waited. */
  windows: number;
  /** The last window's busy share (null where the host has no /proc/stat). */
  busy: number | null;
}

function procStat(): string | null {
  return existsSync('/proc/stat') ? readFileSync('/proc/stat', 'utf8') : null;
}

export async function waitForQuietHost(options: QuietOptions = {}): Promise<QuietResult> {
  const {
    maxBusy = 0.2,
    windowMs = 500,
    timeoutMs = 15_000,
    readStat = procStat,
    wait = (ms: number) => delay(ms).then(() => undefined),
  } = options;
  const first = readStat();
  let before = first === null ? null : cpuTotals(first);
  if (!before) return { quiet: true, windows: 0, busy: null };
  const maxWindows = Math.max(1, Math.ceil(timeoutMs / windowMs));
  let busy: number | null = null;
  for (let windows = 1; windows <= maxWindows; windows++) {
    await wait(windowMs);
    const text = readStat();
    const after = text === null ? null : cpuTotals(text);
    if (!after) return { quiet: true, windows, busy };
    busy = busyShare(before, after);
    if (busy !== null && busy <= maxBusy) return { quiet: true, windows, busy };
    before = after;
  }
  return { quiet: false, windows: maxWindows, busy };
}
