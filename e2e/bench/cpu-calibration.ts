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
