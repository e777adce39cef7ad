/**
 * Tests only (TEST_FAULT_PAUSE, refused unless NODE_ENV=test; faults.int.test.ts): a process told a fault point
 * stops for good when its work reaches it, after its first write, and says so on stderr, so that a test can
 * `kill -9` it in the middle of that work. Off (every call returns at once) unless configured.
 */
export type FaultPoint = 'fleet-import-chunk' | 'payment-event-inserted' | 'garage-refresh-vehicle';

let points = new Set<string>();

export function configureFaultPauses(list: string): void {
  points = new Set(
    list
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );
}

/** Never settles at a configured point (the process is killed there); returns at once otherwise. */
export function faultPause(point: FaultPoint): Promise<void> {
  if (!points.has(point)) return Promise.resolve();
  process.stderr.write(`TEST_FAULT_PAUSE reached ${point}\n`);
  return new Promise<void>(() => undefined);
}
