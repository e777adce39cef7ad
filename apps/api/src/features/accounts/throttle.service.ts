import type { Clock } from '../../lib/clock.ts';
import type { AccountsRepository, ThrottleRule } from './accounts.repository.ts';
import { tooManyWithWait } from './request-limits.service.ts';

export type ThrottlePolicy = ThrottleRule;

/**
 * Per account: 5 attempts, then blocks of 1 s, 2 s, 4 s… up to 15 min. The count (and so the delay) keeps
 * growing across any 15-minute span; it restarts only after a successful sign-in or 24 h without attempts.
 */
export const ACCOUNT_POLICY: ThrottlePolicy = { threshold: 5, maxBlockSeconds: 900, quietSeconds: 86_400 };
/** Per IP: 20 failed attempts, then the same growing blocks; restarts after 1 h without attempts. */
export const IP_POLICY: ThrottlePolicy = { threshold: 20, maxBlockSeconds: 900, quietSeconds: 3600 };

const BLOCKED = (wait: string) => `Demasiados intentos fallidos. Intenta de nuevo en ${wait}.`;

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** Sign-in throttling with growing delays, kept in the database so every process shares it (decision 016). */
export class ThrottleService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes one attempt on every key before the password is checked, each in one atomic statement: while a
   * key is blocked the request is refused (429) and the attempts already taken are given back. An attempt
   * taken counts as a failure unless `succeeded` (or `giveBack`) gives it back. Answers each key's count of
   * attempts, this one included.
   */
  async take(keys: ThrottleKey[]): Promise<Map<string, number>> {
    const now = this.clock.now();
    const taken = new Map<string, number>();
    for (const k of keys) {
      const row = await this.repo.takeThrottleAttempt(k.key, now, k.policy);
      if (row) {
        taken.set(k.key, row.failures);
        continue;
      }
      for (const t of keys.filter((key) => taken.has(key.key))) {
        await this.repo.releaseThrottleAttempt(t.key, t.policy.threshold);
      }
      const blocked = await this.repo.findThrottle(k.key);
      const until = blocked?.blockedUntil?.getTime() ?? now.getTime();
      throw tooManyWithWait(BLOCKED, (until - now.getTime()) / 1000);
    }
    return taken;
  }

  /** Gives back an attempt taken for a request that was neither a success nor a failure. */
  async giveBack(key: ThrottleKey): Promise<void> {
    await this.repo.releaseThrottleAttempt(key.key, key.policy.threshold);
  }

  /** The password matched: the account's count restarts and the IP's attempt is given back. */
  async succeeded(account: ThrottleKey, ip: ThrottleKey): Promise<void> {
    await this.repo.clearThrottle(account.key);
    await this.repo.releaseThrottleAttempt(ip.key, ip.policy.threshold);
  }

  async clear(key: string): Promise<void> {
    await this.repo.clearThrottle(key);
  }
}
