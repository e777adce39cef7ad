/**
 * The CPU slowdown Lighthouse's own calibration suggests for a host, from its `benchmarkIndex`, so that the host
 * stands for Lighthouse's reference mid-tier phone (Lighthouse docs/throttling.md, "Calibrating the CPU slowdown",
 * and its CPU throttling calculator): 1× at 150, 2× at 800, 3× at 1,300, then one more per 233 points; its default
 * 4× is right for a host of about 1,533. Null below 150: too slow a host to stand for that phone.
 */
export function calibratedCpuMultiplier(benchmarkIndex: number): number | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}

/** Lighthouse's default CPU slowdown (its mobile settings). */
export const DEFAULT_CPU_MULTIPLIER = 4;

/** The host whose calibration is Lighthouse's default 4× (1,300 + 233). */
export const DEFAULT_MULTIPLIER_HOST_INDEX = 1533;

/**
 * The slowdown bench:lighthouse measures a host at (docs/decisions/055): Lighthouse's default 4× on a host at least
 * as fast as the one that default is calibrated for, and on a slower host the calibration's own multiplier (to one
 * decimal, 1× at the least), so that the simulated phone is never slower than Lighthouse's reference one. Never
 * above the default: a fast host is measured as Lighthouse measures by default.
 */
export function benchCpuMultiplier(hostBenchmarkIndex: number): number {
  if (!Number.isFinite(hostBenchmarkIndex) || hostBenchmarkIndex >= DEFAULT_MULTIPLIER_HOST_INDEX) {
    return DEFAULT_CPU_MULTIPLIER;
  }
  const calibrated = calibratedCpuMultiplier(hostBenchmarkIndex) ?? 1;
  return Math.min(DEFAULT_CPU_MULTIPLIER, Math.max(1, Math.round(calibrated * 10) / 10));
}
