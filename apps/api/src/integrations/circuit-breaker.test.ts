import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import { ProviderError } from './registry/provider-error.ts';
import { rejectionOf } from '../test/rejection.ts';

const down = () => Promise.reject(new ProviderError('verifik', 'timeout', 'no answer within 10000 ms'));
const up = () => Promise.resolve('ok');

const failureOf = (p: Promise<unknown>) => rejectionOf(p, ProviderError);

function setup(failures = 3, openMs = 60_000) {
  const clock = new ManualClock('2026-12-03T12:00:00Z');
  const breaker = new CircuitBreaker('verifik', { failures, openMs, clock });
  let calls = 0;
  const counted = (call: () => Promise<string>) => () => {
    calls++;
    return call();
  };
  return { clock, breaker, counted, calls: () => calls };
}

describe('CircuitBreaker', () => {
  it('opens after the set number of failures in a row, and then fails at once without calling', async () => {
    const { breaker, counted, calls } = setup(3);
    for (let i = 0; i < 3; i++) await failureOf(breaker.run(counted(down)));
    expect(breaker.state()).toBe('open');
    const fast = await failureOf(breaker.run(counted(up)));
    expect(fast.kind).toBe('unavailable');
    expect(fast.retryable).toBe(true);
    expect(fast.message).toMatch(
      /circuit open after 3 failed calls in a row; next try after 2026-12-03T12:01:00\.000Z/,
    );
    expect(calls()).toBe(3);
  });

  it('counts only failures in a row: an answer in between starts again', async () => {
    const { breaker, counted } = setup(3);
    await failureOf(breaker.run(counted(down)));
    await failureOf(breaker.run(counted(down)));
    await breaker.run(counted(up));
    await failureOf(breaker.run(counted(down)));
    await failureOf(breaker.run(counted(down)));
    expect(breaker.state()).toBe('closed');
  });

  it("does not count the provider's own answers (not found, refused, rate limited, malformed) as down", async () => {
    const { breaker } = setup(1);
    for (const kind of [
      'not_found',
      'bad_request',
      'unauthorized',
      'rate_limited',
      'invalid_answer',
    ] as const) {
      await failureOf(breaker.run(() => Promise.reject(new ProviderError('verifik', kind, kind))));
      expect(breaker.state()).toBe('closed');
    }
    await failureOf(
      breaker.run(() => Promise.reject(new ProviderError('verifik', 'unavailable', 'HTTP 503'))),
    );
    expect(breaker.state()).toBe('open');
  });

  it('after the open time lets one trial through: an answer closes it', async () => {
    const { clock, breaker, counted, calls } = setup(2, 60_000);
    await failureOf(breaker.run(counted(down)));
    await failureOf(breaker.run(counted(down)));
    clock.advance(59_999);
    await failureOf(breaker.run(counted(up)));
    expect(calls()).toBe(2);
    clock.advance(1);
    expect(breaker.state()).toBe('half_open');
    await expect(breaker.run(counted(up))).resolves.toBe('ok');
    expect(breaker.state()).toBe('closed');
    expect(calls()).toBe(3);
  });

  it('a failed trial opens it again at once, for another full open time', async () => {
    const { clock, breaker, counted, calls } = setup(2, 60_000);
    await failureOf(breaker.run(counted(down)));
    await failureOf(breaker.run(counted(down)));
    clock.advance(60_000);
    await failureOf(breaker.run(counted(down)));
    expect(breaker.state()).toBe('open');
    clock.advance(30_000);
    await failureOf(breaker.run(counted(up)));
    expect(calls()).toBe(3);
  });

  it('while a trial is in flight, the other calls still fail at once', async () => {
    const { clock, breaker, counted, calls } = setup(1, 1_000);
    await failureOf(breaker.run(counted(down)));
    clock.advance(1_000);
    let finish: (v: string) => void = () => undefined;
    const trial = breaker.run(counted(() => new Promise<string>((resolve) => (finish = resolve))));
    const concurrent = await failureOf(breaker.run(counted(up)));
    expect(concurrent.kind).toBe('unavailable');
    finish('ok');
    await expect(trial).resolves.toBe('ok');
    expect(calls()).toBe(2);
    expect(breaker.state()).toBe('closed');
  });
});
