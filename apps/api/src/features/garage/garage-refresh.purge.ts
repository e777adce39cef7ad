import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { HOUR_MS } from './garage-refresh.schedule.ts';

export const QUOTA_PURGE_JOB = 'garage-refresh-quota-purge';
/** Every day at 03:40 in Colombia (a quiet hour). */
export const QUOTA_PURGE_CRON = '40 3 * * *';
/** Rows deleted per statement, so a first purge of a long history never holds one huge transaction. */
const PURGE_BATCH = 10_000;

/**
 * The purge of old provider quota rows (decision 032 counts provider calls per provider and minute; only the
 * current minute matters, older rows are kept REFRESH_QUOTA_RETENTION_HOURS for diagnosis). The other tables of
 * the refresh are bounded: vehicle_refresh and vehicle_manual_refresh have one row per vehicle (deleted with
 * it), and vehicle_change_events must stay (they are what makes each change notified once).
 */
export class RefreshQuotaPurge {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly retentionHours: number,
  ) {}

  /** Deletes the quota rows of minutes older than the retention; answers how many. */
  async run(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.retentionHours * HOUR_MS).toISOString();
    let total = 0;
    for (;;) {
      const res = (await this.db.execute(
        sql`with gone as (
              delete from provider_quota where (provider, minute) in (
                select provider, minute from provider_quota where minute < ${cutoff}::timestamptz limit ${PURGE_BATCH})
              returning 1)
            select count(*)::int as n from gone`,
      )) as unknown as { rows: { n: number }[] };
      const n = Number(res.rows[0]?.n ?? 0);
      total += n;
      if (n < PURGE_BATCH) return total;
    }
  }
}

/** Schedules the daily purge; a second run (another instance, a retry) only finds nothing left to delete. */
export async function registerQuotaPurgeJob(queue: JobQueue, purge: Pick<RefreshQuotaPurge, 'run'>) {
  await queue.work(QUOTA_PURGE_JOB, async () => {
    await purge.run();
  });
  await queue.schedule(QUOTA_PURGE_JOB, QUOTA_PURGE_CRON, {}, 'America/Bogota');
}
