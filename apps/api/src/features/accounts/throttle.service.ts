import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export interface ThrottlePolicy {
  windowSeconds: number;
  threshold: number;
  maxBlockSeconds: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { windowSeconds: 900, threshold: 5, maxBlockSeconds: 900 };
export const IP_POLICY: ThrottlePolicy = { windowSeconds: 900, threshold: 20, maxBlockSeconds: 900 };

const BLOCKED = 'Demasiados intentos fallidos. Espera un momento e intenta de nuevo.';

/** Sign-in throttling with growing delays, kept in the database so every process shares it. */
export class ThrottleService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  async assertAllowed(keys: string[]): Promise<void> {
    const now = this.clock.now().getTime();
    for (const key of keys) {
      const row = await this.repo.findThrottle(key);
      if (row?.blockedUntil && row.blockedUntil.getTime() > now) {
        throw AppError.tooMany(BLOCKED, (row.blockedUntil.getTime() - now) / 1000);
      }
    }
  }

  async fail(key: string, policy: ThrottlePolicy): Promise<void> {
    await this.repo.registerThrottleFailure(key, this.clock.now(), policy);
  }

  async clear(key: string): Promise<void> {
    await this.repo.clearThrottle(key);
  }
}
