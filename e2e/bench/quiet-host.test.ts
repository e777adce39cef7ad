import { describe, expect, it } from 'vitest';
import { busyShare, cpuTotals, waitForQuietHost } from './quiet-host.ts';

const stat = (busy: number, idle: number) =>
  `cpu  ${busy} 0 0 ${idle} 0 0 0 0 0 0\ncpu0 ${busy} 0 0 ${idle} 0 0 0 0 0 0\nintr 1\n`;

describe('cpuTotals', () => {
  it("reads the host's busy and total jiffies from /proc/stat's cpu line", () => {
    expect(cpuTotals('cpu  100 5 20 800 10 1 2 3 0 0\n')).toEqual({ busy: 131, total: 941 });
  });

  it('has no answer for text without a cpu line or with a broken one', () => {
    expect(cpuTotals('intr 1\n')).toBeNull();
    expect(cpuTotals('cpu  1 2\n')).toBeNull();
    expect(cpuTotals('cpu  a b c d\n')).toBeNull();
  });
});

describe('busyShare', () => {
  it('is the busy part of the time between two readings', () => {
    expect(busyShare({ busy: 100, total: 1000 }, { busy: 150, total: 1200 })).toBe(0.25);
  });

  it('has no answer when no time passed', () => {
    expect(busyShare({ busy: 1, total: 10 }, { busy: 1, total: 10 })).toBeNull();
  });
});

describe('waitForQuietHost', () => {
  /** A host whose successive readings are these (busy, idle) pairs; counts the windows waited. */
  function host(readings: [number, number][]) {
    let i = 0;
    const waits: number[] = [];
    return {
      waits,
      readStat: () => {
        const [busy, idle] = readings[Math.min(i, readings.length - 1)] ?? [0, 0];
        i++;
        return stat(busy, idle);
      },
      wait: async (ms: number) => {
        waits.push(ms);
      },
    };
  }

  it('returns after the first quiet window', async () => {
    const h = host([
      [0, 0],
      [90, 10], // 90 % busy
      [100, 100], // 10 % busy
    ]);
    const result = await waitForQuietHost({ readStat: h.readStat, wait: h.wait, windowMs: 500 });
    expect(result).toEqual({ quiet: true, windows: 2, busy: 0.1 });
    expect(h.waits).toEqual([500, 500]);
  });

  it('gives up after its timeout on a host that stays busy, and says so', async () => {
    const readings: [number, number][] = Array.from({ length: 10 }, (_, k) => [k * 100, 0]);
    const h = host(readings);
    const result = await waitForQuietHost({
      readStat: h.readStat,
      wait: h.wait,
      windowMs: 500,
      timeoutMs: 2000,
    });
    expect(result).toEqual({ quiet: false, windows: 4, busy: 1 });
  });

  it('does not wait where the host has no /proc/stat', async () => {
    const waits: number[] = [];
    const result = await waitForQuietHost({
      readStat: () => null,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(result).toEqual({ quiet: true, windows: 0, busy: null });
    expect(waits).toEqual([]);
  });
});
