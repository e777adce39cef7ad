import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DATA_POLICY, dataPolicyConsentText } from '@togo/domain/auth/data-policy';
import {
  authTokens,
  consentRecords,
  otpCodes,
  otpFailures,
  throttles,
  userIdentities,
  users,
} from '../../db/schema.ts';

/** The sign-up's answer about the data-processing policy; undefined when the body did not carry one. */
export type SignupPolicyConsent = { version: string; aceptada: boolean } | undefined;

/** The session behind a token hash, with its user, in one prepared statement (the hot path of every request). */
function prepareSessionQuery(db: Db) {
  return db
    .select({ tokenId: authTokens.id, expiresAt: authTokens.expiresAt, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
        // A deleted account has no session, even through a token revoked late (decision 021).
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('find_session');
}

export type UserRow = typeof users.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;

/** Lock class for pg_advisory_xact_lock(class, hashtext(identifier)): one code check per identifier at a time. */
const CODE_LOCK_CLASS = 7_420_018;

/** Sign-in throttling: `threshold` attempts, then growing blocks; the count restarts after `quietSeconds`. */
export interface ThrottleRule {
  threshold: number;
  maxBlockSeconds: number;
  quietSeconds: number;
  /** The block set by the threshold-th attempt, doubled by each later one (1 s when absent). */
  firstBlockSeconds?: number;
}

/** SQL only: every rule lives in the services. */
export class AccountsRepository {
  private sessionQuery: ReturnType<typeof prepareSessionQuery> | undefined;

  constructor(private readonly db: Db) {}

  /**
   * Runs fn in one transaction holding the lock of `identifier`'s codes: checks of its codes take turns
   * in every process, so the attempt cap and the daily lock-out are checked and counted atomically.
   */
  withCodeLock<T>(identifier: string, fn: (tx: AccountsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK_CLASS}::int, hashtext(${identifier}))`);
      return fn(new AccountsRepository(tx as unknown as Db));
    });
  }

  // users
  async findUserById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row;
  }

  findUsersByPhone(phone: string, limit = 10): Promise<UserRow[]> {
    return this.db.select().from(users).where(eq(users.telefono, phone)).orderBy(users.id).limit(limit);
  }

  /**
   * A new account and, with `signup`, in the same transaction, its consent record of the data-processing policy
   * (Ley 1581, issue 36): what the sign-up answered, or that it did not say.
   */
  async insertUser(
    values: typeof users.$inferInsert,
    signup?: { policy: SignupPolicyConsent },
  ): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('insert users returned nothing');
      if (!signup) return row;
      const { policy } = signup;
      await tx.insert(consentRecords).values({
        userId: row.id,
        purpose: DATA_POLICY.purpose,
        accepted: policy?.aceptada ?? false,
        screen: 'registro',
        text: dataPolicyConsentText(policy?.aceptada ? policy.version : null),
        created: values.created ?? new Date(),
      });
      return row;
    });
  }

  async updateUser(id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  }

  /**
   * Applies a pending email change: the new address becomes the (verified) email, only while it is still
   * the pending one. A unique violation means another account took the address meanwhile.
   */
  async applyPendingEmail(userId: number, email: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ email, emailVerified: true, pendingEmail: null, updated: now })
      .where(and(eq(users.id, userId), eq(users.pendingEmail, email)))
      .returning();
    return row;
  }

  /** Changes the password (and marks the email verified when asked) and revokes every session, atomically. */
  async updatePasswordAndRevokeTokens(
    userId: number,
    passwordHash: string,
    now: Date,
    emailVerified = false,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, updated: now, ...(emailVerified ? { emailVerified: true } : {}) })
        .where(eq(users.id, userId));
      await tx
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
    });
  }

  // identities
  async findIdentity(provider: string, subject: string) {
    const [row] = await this.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      .limit(1);
    return row;
  }

  async insertIdentity(values: typeof userIdentities.$inferInsert): Promise<void> {
    await this.db.insert(userIdentities).values(values).onConflictDoNothing();
  }

  // tokens
  async insertToken(userId: number, tokenHash: string, created: Date, expiresAt: Date): Promise<void> {
    await this.db.insert(authTokens).values({ userId, tokenHash, created, expiresAt });
  }

  async findSession(tokenHash: string, now: Date) {
    this.sessionQuery ??= prepareSessionQuery(this.db);
    const [row] = await this.sessionQuery.execute({ hash: tokenHash, now: now.toISOString() });
    return row;
  }

  async extendToken(tokenId: number, expiresAt: Date): Promise<void> {
    await this.db.update(authTokens).set({ expiresAt }).where(eq(authTokens.id, tokenId));
  }

  async revokeToken(tokenHash: string, userId: number, now: Date): Promise<void> {
    await this.db
      .update(authTokens)
      .set({ revokedAt: now })
      .where(
        and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.userId, userId), isNull(authTokens.revokedAt)),
      );
  }

  // one-time codes
  async cancelActiveCodes(identifier: string, process: string, now: Date): Promise<void> {
    await this.db
      .update(otpCodes)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(otpCodes.identifier, identifier),
          eq(otpCodes.process, process),
          isNull(otpCodes.consumedAt),
          isNull(otpCodes.cancelledAt),
        ),
      );
  }

  async insertCode(values: typeof otpCodes.$inferInsert): Promise<void> {
    await this.db.insert(otpCodes).values(values);
  }

  /** The newest live (not consumed, not cancelled) code for identifier + process. */
  async findLiveCode(identifier: string, process: string): Promise<OtpRow | undefined> {
    const [row] = await this.db
      .select()
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.identifier, identifier),
          eq(otpCodes.process, process),
          isNull(otpCodes.consumedAt),
          isNull(otpCodes.cancelledAt),
        ),
      )
      .orderBy(desc(otpCodes.created), desc(otpCodes.id))
      .limit(1);
    return row;
  }

  /**
   * Counts one wrong try atomically, never past maxAttempts (a code with maxAttempts wrong tries is spent:
   * it is not evaluated again). Returns the new count, or null when the code was already spent.
   */
  async registerWrongAttempt(id: number, maxAttempts: number): Promise<number | null> {
    const [row] = await this.db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxAttempts)))
      .returning({ attempts: otpCodes.attempts });
    return row?.attempts ?? null;
  }

  async markVerified(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpCodes)
      .set({ verifiedAt: now })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), isNull(otpCodes.cancelledAt)))
      .returning({ id: otpCodes.id });
    return rows.length === 1;
  }

  /** Single use: only one caller can consume a code, even concurrently. */
  async consumeCode(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), isNull(otpCodes.cancelledAt)))
      .returning({ id: otpCodes.id });
    return rows.length === 1;
  }

  codesSince(identifier: string, since: Date): Promise<{ created: Date; process: string }[]> {
    return this.db
      .select({ created: otpCodes.created, process: otpCodes.process })
      .from(otpCodes)
      .where(and(eq(otpCodes.identifier, identifier), gte(otpCodes.created, since)))
      .orderBy(otpCodes.created);
  }

  async insertFailure(identifier: string, now: Date): Promise<void> {
    await this.db.insert(otpFailures).values({ identifier, created: now });
  }

  async failuresSince(identifier: string, since: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ created: otpFailures.created })
      .from(otpFailures)
      .where(and(eq(otpFailures.identifier, identifier), gte(otpFailures.created, since)))
      .orderBy(otpFailures.created);
    return rows.map((r) => r.created);
  }

  // throttles
  async findThrottle(key: string) {
    const [row] = await this.db.select().from(throttles).where(eq(throttles.key, key)).limit(1);
    return row;
  }

  /**
   * Takes one sign-in attempt for `key` before the password is checked, in one statement (so concurrent
   * requests cannot all pass a read-then-write check). Refused (no row) while the key is blocked. The count
   * restarts only after `quietSeconds` without attempts; from `threshold` attempts on, the key is blocked
   * for firstBlockSeconds × 2^(attempts-threshold) s, capped at maxBlockSeconds (decisions 016, 065).
   */
  async takeThrottleAttempt(key: string, now: Date, rule: ThrottleRule) {
    const nowTs = sql`${now.toISOString()}::timestamptz`;
    const quiet = sql`(${throttles.lastAttemptAt} is null or ${throttles.lastAttemptAt} < ${nowTs} - make_interval(secs => ${rule.quietSeconds}))`;
    const count = sql`(case when ${quiet} then 1 else ${throttles.failures} + 1 end)`;
    const first = rule.firstBlockSeconds ?? 1;
    const [row] = await this.db
      .insert(throttles)
      .values({
        key,
        failures: 1,
        windowStart: now,
        lastAttemptAt: now,
        blockedUntil:
          rule.threshold <= 1 ? new Date(now.getTime() + Math.min(first, rule.maxBlockSeconds) * 1000) : null,
      })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          failures: count,
          windowStart: sql`case when ${quiet} then ${nowTs} else ${throttles.windowStart} end`,
          lastAttemptAt: now,
          blockedUntil: sql`case when ${count} >= ${rule.threshold} then ${nowTs} + make_interval(secs => least(${first} * power(2, least(${count} - ${rule.threshold}, 30)), ${rule.maxBlockSeconds})) else null end`,
        },
        setWhere: sql`${throttles.blockedUntil} is null or ${throttles.blockedUntil} <= ${nowTs}`,
      })
      .returning();
    return row;
  }

  /** Gives back an attempt taken for a request that did not fail (the block it set, if any, is lifted). */
  async releaseThrottleAttempt(key: string, threshold: number): Promise<void> {
    await this.db
      .update(throttles)
      .set({
        failures: sql`greatest(${throttles.failures} - 1, 0)`,
        blockedUntil: sql`case when ${throttles.failures} - 1 >= ${threshold} then ${throttles.blockedUntil} else null end`,
      })
      .where(eq(throttles.key, key));
  }

  async clearThrottle(key: string): Promise<void> {
    await this.db.delete(throttles).where(eq(throttles.key, key));
  }
}
