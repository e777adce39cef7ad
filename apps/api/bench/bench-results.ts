/**
 * Every benchmark writes its figures to bench-results/<name>.json at the repository root:
 * `{name, date, machine: {cpus, node}, figures, targets, pass}`, where `pass` is true only when every
 * target holds. The folder is git-ignored; the README keeps a table of the latest figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchResultsDir = fileURLToPath(new URL('../../../bench-results', import.meta.url));

/** The middle value (the upper one of the two middles for an even count), as the benches report their runs. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** A target: the figure it reads, a comparison and a bound. */
export interface BenchTarget {
  figure: string;
  op: '<=' | '>=' | '==';
  value: number | string | boolean;
}

export interface BenchResult {
  name: string;
  date: string;
  machine: { cpus: number; node: string; cpu_model: string | null };
  figures: Record<string, unknown>;
  targets: Record<string, BenchTarget & { actual: unknown; pass: boolean }>;
  pass: boolean;
}

/** Reads a dotted path ('sign-in.lcp_ms') out of the figures. */
function figureAt(figures: Record<string, unknown>, dotted: string): unknown {
  if (dotted in figures) return figures[dotted];
  let at: unknown = figures;
  for (const part of dotted.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

export function checkTarget(t: BenchTarget, actual: unknown): boolean {
  if (t.op === '==') return actual === t.value;
  if (typeof actual !== 'number' || !Number.isFinite(actual) || typeof t.value !== 'number') return false;
  return t.op === '<=' ? actual <= t.value : actual >= t.value;
}

/** Builds the result (pass = every target holds; no target = pass false: nothing was checked). */
export function benchResult(
  name: string,
  figures: Record<string, unknown>,
  targets: Record<string, BenchTarget>,
  now: Date = new Date(),
): BenchResult {
  const checked: BenchResult['targets'] = {};
  for (const [key, t] of Object.entries(targets)) {
    const actual = figureAt(figures, t.figure);
    checked[key] = { ...t, actual, pass: checkTarget(t, actual) };
  }
  const results = Object.values(checked);
  return {
    name,
    date: now.toISOString(),
    machine: { cpus: cpus().length, node: process.version, cpu_model: cpus()[0]?.model ?? null },
    figures,
    targets: checked,
    pass: results.length > 0 && results.every((r) => r.pass),
  };
}

/** Writes bench-results/<name>.json, prints the targets and returns the result. */
export function writeBenchResult(
  name: string,
  figures: Record<string, unknown>,
  targets: Record<string, BenchTarget>,
  dir: string = benchResultsDir,
): BenchResult {
  const result = benchResult(name, figures, targets);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${name}: targets`);
  console.table(
    Object.entries(result.targets).map(([key, t]) => ({
      target: key,
      actual: t.actual,
      bound: `${t.op} ${String(t.value)}`,
      pass: t.pass ? 'yes' : 'NO',
    })),
  );
  console.log(`${name}: ${result.pass ? 'PASS' : 'FAIL'} → ${path.relative(process.cwd(), file)}`);
  return result;
}
