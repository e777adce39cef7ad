import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';

/** Lock class for pg_advisory_xact_lock(class, hashtext(key)): one request-limit key at a time. */
const LIMIT_LOCK_CLASS = 7_420_017;

/** SQL only: the hits of the request limits (decision 016); the rules live in RequestLimiter. */
export class RequestLimitsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs fn in one transaction holding the locks of every key, so that counting and recording a hit is
   * atomic for every process on the database. The locks are taken in one statement, in hash order, so
   * two requests with overlapping keys never deadlock.
   */
  locked<T>(keys: string[], fn: (tx: RequestLimitsRepository) => Promise<T>): Promise<T> {
    const list = sql.join(
      [...new Set(keys)].map((k) => sql`${k}`),
      sql`, `,
    );
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${LIMIT_LOCK_CLASS}::int, h)
            from (select distinct hashtext(k) as h from unnest(array[${list}]::text[]) as k order by h) as locks`,
      );
      return fn(new RequestLimitsRepository(tx as unknown as Db));
    });
  }

  /** The times of key's hits after `since` (a hit leaves its window exactly `window` later), newest first, at most `limit` of them. */
  async hitsSince(key: string, since: Date, limit: number): Promise<Date[]> {
    const rows = await this.db
      .select({ created: rateLimitHits.created })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.created, since)))
      .orderBy(desc(rateLimitHits.created))
      .limit(limit);
    return rows.map((r) => r.created);
  }

  async countHitsSince(key: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.created, since)));
    return Number(row?.n ?? 0);
  }

  async insertHits(keys: string[], now: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db.insert(rateLimitHits).values(keys.map((key) => ({ key, created: now })));
  }

  /**
   * Deletes up to `limit` hits of any key older than `before` (keys never hit again keep their rows otherwise);
   * answers how many.
   */
  async purgeBefore(before: Date, limit: number): Promise<number> {
    const res = (await this.db.execute(
      sql`with gone as (
            delete from rate_limit_hits where id in (
              select id from rate_limit_hits where created < ${before.toISOString()}::timestamptz limit ${limit})
            returning 1)
          select count(*)::int as n from gone`,
    )) as unknown as { rows: { n: number }[] };
    return Number(res.rows[0]?.n ?? 0);
  }

  /** Forgets key's hits older than `before` (they no longer count in any window). */
  async pruneHits(key: string, before: Date): Promise<void> {
    await this.db
      .delete(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), lte(rateLimitHits.created, before)));
  }
}
