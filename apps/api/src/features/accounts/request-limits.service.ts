import { waitText } from '@togo/domain/wait-text';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestLimitsRepository } from './request-limits.repository.ts';

/** At most `limit` hits on `key` in any `windowSeconds`; `message` gets the wait ("45 segundos", "48 minutos"). */
export interface LimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
  message: (wait: string) => string;
}

export interface LimitRefusal {
  rule: LimitRule;
  retryAfterSeconds: number;
}

export interface LimitOutcome {
  /** The rule that refused the request (the one with the longest wait), or null when it was counted. */
  refusal: LimitRefusal | null;
  /** Hits of every key in its longest window, this one included (when counted). */
  counts: Map<string, number>;
}

/**
 * A 429 whose Spanish detail states the wait once (waitText: seconds up to 90 s, then minutes), with the
 * seconds in Retry-After.
 */
export function tooManyWithWait(message: (wait: string) => string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return AppError.tooMany(message(waitText(seconds)), seconds);
}

/**
 * Hits older than this are purged daily: as long as the longest rule's window (a day: the e-mail changes of
 * decision 095), so no purge ever changes a count.
 */
export const REQUEST_LIMIT_RETENTION_SECONDS = 24 * 3600;
const PURGE_BATCH = 10_000;

/**
 * Sliding-window request limits kept in the database (decision 016): every API process shares them, and
 * a request is counted only when no rule is full, atomically (the keys are locked while counting).
 */
export class RequestLimiter {
  constructor(
    private readonly repo: RequestLimitsRepository,
    private readonly clock: Clock,
  ) {}

  async take(rules: LimitRule[]): Promise<LimitOutcome> {
    const now = this.clock.now();
    const t = now.getTime();
    const longest = new Map<string, number>();
    for (const r of rules) longest.set(r.key, Math.max(longest.get(r.key) ?? 0, r.windowSeconds));
    return this.repo.locked([...longest.keys()], async (tx) => {
      let refusal: LimitRefusal | null = null;
      for (const rule of rules) {
        const hits = await tx.hitsSince(rule.key, new Date(t - rule.windowSeconds * 1000), rule.limit);
        if (hits.length < rule.limit) continue;
        // The limit-th newest hit leaves the window first and frees a place.
        const freed = (hits[rule.limit - 1] as Date).getTime() + rule.windowSeconds * 1000;
        const retryAfterSeconds = (freed - t) / 1000;
        if (!refusal || retryAfterSeconds > refusal.retryAfterSeconds) refusal = { rule, retryAfterSeconds };
      }
      const counts = new Map<string, number>();
      if (refusal) return { refusal, counts };
      for (const [key, windowSeconds] of longest) {
        await tx.pruneHits(key, new Date(t - windowSeconds * 1000));
      }
      await tx.insertHits([...longest.keys()], now);
      for (const [key, windowSeconds] of longest) {
        counts.set(key, await tx.countHitsSince(key, new Date(t - windowSeconds * 1000)));
      }
      return { refusal: null, counts };
    });
  }

  /**
   * Deletes every hit older than REQUEST_LIMIT_RETENTION_SECONDS, in batches (take() only prunes the keys it
   * counts, so the hits of a phone or IP never seen again would stay forever); answers how many.
   */
  async purge(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - REQUEST_LIMIT_RETENTION_SECONDS * 1000);
    let total = 0;
    for (;;) {
      const n = await this.repo.purgeBefore(before, PURGE_BATCH);
      total += n;
      if (n < PURGE_BATCH) return total;
    }
  }

  /**
   * A 429 when any rule is already full, counting nothing (no lock: a request that then counts goes through
   * `enforce`, which decides atomically). Lets a flow refuse early without recording a hit for every request.
   */
  async assertRoom(rules: LimitRule[]): Promise<void> {
    const t = this.clock.now().getTime();
    for (const rule of rules) {
      const hits = await this.repo.hitsSince(rule.key, new Date(t - rule.windowSeconds * 1000), rule.limit);
      if (hits.length < rule.limit) continue;
      const freed = (hits[rule.limit - 1] as Date).getTime() + rule.windowSeconds * 1000;
      throw tooManyWithWait(rule.message, (freed - t) / 1000);
    }
  }

  /** take(), throwing the refusal as a 429 with the seconds left. */
  async enforce(rules: LimitRule[]): Promise<LimitOutcome> {
    const outcome = await this.take(rules);
    if (outcome.refusal) {
      throw tooManyWithWait(outcome.refusal.rule.message, outcome.refusal.retryAfterSeconds);
    }
    return outcome;
  }
}
