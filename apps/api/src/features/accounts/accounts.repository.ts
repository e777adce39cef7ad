import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, otpCodes, otpFailures, throttles, userIdentities, users } from '../../db/schema.ts';

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

/** SQL only: every rule lives in the services. */
export class AccountsRepository {
  private readonly sessionQuery;

  constructor(private readonly db: Db) {
    this.sessionQuery = prepareSessionQuery(db);
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

  async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    if (!row) throw new Error('insert users returned nothing');
    return row;
  }

  async updateUser(id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  }

  /** Changes the password and revokes every session of the user, atomically. */
  async updatePasswordAndRevokeTokens(userId: number, passwordHash: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updated: now }).where(eq(users.id, userId));
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

  /** Counts one wrong try atomically; kills the code at maxAttempts. Returns the new count. */
  async registerWrongAttempt(id: number, maxAttempts: number, now: Date): Promise<number> {
    const [row] = await this.db
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + 1`,
        cancelledAt: sql`case when ${otpCodes.attempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else ${otpCodes.cancelledAt} end`,
      })
      .where(eq(otpCodes.id, id))
      .returning({ attempts: otpCodes.attempts });
    return row?.attempts ?? maxAttempts;
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
   * One failure more for `key`, in one statement: the window restarts when it is older than
   * windowSeconds; from `threshold` failures on, the key is blocked for 2^(failures-threshold) s,
   * capped at maxBlockSeconds.
   */
  async registerThrottleFailure(
    key: string,
    now: Date,
    opts: { windowSeconds: number; threshold: number; maxBlockSeconds: number },
  ) {
    const nowIso = now.toISOString();
    const fresh = sql`${throttles.windowStart} < ${nowIso}::timestamptz - make_interval(secs => ${opts.windowSeconds})`;
    const failures = sql`case when ${fresh} then 1 else ${throttles.failures} + 1 end`;
    const blockFor = (f: typeof failures) =>
      sql`case when ${f} >= ${opts.threshold} then ${nowIso}::timestamptz + make_interval(secs => least(power(2, ${f} - ${opts.threshold}), ${opts.maxBlockSeconds})) else null end`;
    const [row] = await this.db
      .insert(throttles)
      .values({
        key,
        failures: 1,
        windowStart: now,
        blockedUntil: opts.threshold <= 1 ? new Date(now.getTime() + 1000) : null,
      })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          failures,
          windowStart: sql`case when ${fresh} then ${nowIso}::timestamptz else ${throttles.windowStart} end`,
          blockedUntil: blockFor(failures),
        },
      })
      .returning();
    return row;
  }

  async clearThrottle(key: string): Promise<void> {
    await this.db.delete(throttles).where(eq(throttles.key, key));
  }
}
