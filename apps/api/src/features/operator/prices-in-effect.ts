import { bogotaToday } from '@togo/domain/bogota-time';
import type { Clock } from '../../lib/clock.ts';
import type { PriceSchedulesRepository } from './operator-price-schedules.repository.ts';

/**
 * Prices scheduled from a date take effect on their day (Bogotá, injected clock; decision 118). Every quote,
 * booking and console price read calls `apply()` first: one index probe when nothing is due, and the due changes
 * applied once when something is. A daily job at 00:00 Bogotá does the same, so the console's list is right even
 * on a day nobody books.
 */
export class PricesInEffect {
  constructor(
    private readonly repo: Pick<PriceSchedulesRepository, 'hasDue' | 'applyDue'>,
    private readonly clock: Clock,
  ) {}

  async apply(): Promise<number> {
    const now = this.clock.now();
    const today = bogotaToday(now);
    if (!(await this.repo.hasDue(today))) return 0;
    return this.repo.applyDue(today, now);
  }
}
