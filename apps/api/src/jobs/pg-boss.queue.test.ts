import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './pg-boss.queue.ts';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock (queue creation by several instances at once)', () => {
  it('creates again after a deadlock, and logs each retry', async () => {
    const warnings: object[] = [];
    let calls = 0;
    await retryOnDeadlock(
      async () => {
        calls++;
        if (calls < 3) throw deadlock();
      },
      { warn: (obj) => void warnings.push(obj) },
      'fleet-import',
    );
    expect(calls).toBe(3);
    expect(warnings).toEqual([
      expect.objectContaining({ queue: 'fleet-import', attempt: 1 }),
      expect.objectContaining({ queue: 'fleet-import', attempt: 2 }),
    ]);
  });

  it('gives up after 5 deadlocks, and never retries another error', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw deadlock();
      }),
    ).rejects.toThrow('deadlock detected');
    expect(calls).toBe(5);

    calls = 0;
    const other = Object.assign(new Error('permission denied'), { code: '42501' });
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });
});
