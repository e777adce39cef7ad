import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchResult, median, writeBenchResult } from './bench-results.ts';

describe('bench results', () => {
  it('passes only when every target holds, reading dotted figures', () => {
    const figures = { home: { lcp_ms: 1400 }, 'sign-in': { lcp_ms: 1350 }, same: true };
    const ok = benchResult('web', figures, {
      home: { figure: 'home.lcp_ms', op: '<=', value: 1500 },
      same: { figure: 'same', op: '==', value: true },
    });
    expect(ok.pass).toBe(true);
    const bad = benchResult('web', figures, {
      home: { figure: 'home.lcp_ms', op: '<=', value: 1500 },
      signIn: { figure: 'sign-in.lcp_ms', op: '<=', value: 1300 },
    });
    expect(bad.pass).toBe(false);
    expect(bad.targets.signIn).toMatchObject({ actual: 1350, pass: false });
  });

  it('a missing figure or no target at all is not a pass', () => {
    expect(benchResult('x', {}, { a: { figure: 'nope', op: '>=', value: 1 } }).pass).toBe(false);
    expect(benchResult('x', { a: 1 }, {}).pass).toBe(false);
  });

  it('writes <name>.json with the documented fields', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-'));
    try {
      writeBenchResult('demo', { rps: 10 }, { rps: { figure: 'rps', op: '>=', value: 5 } }, dir);
      const json = JSON.parse(await readFile(path.join(dir, 'demo.json'), 'utf8')) as Record<string, unknown>;
      expect(Object.keys(json)).toEqual(['name', 'date', 'machine', 'figures', 'targets', 'pass']);
      expect(json).toMatchObject({ name: 'demo', pass: true, figures: { rps: 10 } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('median', () => {
  it('is the middle run, the upper middle for an even count, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([99, 93, 99, 97, 100])).toBe(99);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(() => median([])).toThrow(/no values/);
  });
});
