import type { users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { newToken, sha256Hex } from '../lib/crypto.ts';

const DAY = 86_400_000;
export const TOKEN_TTL_MS = 30 * DAY;
/** Sliding expiry is written at most this often per token, to keep reads cheap. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;

/** The signed-in user a session carries (the users row). */
export type SessionUser = typeof users.$inferSelect;

export interface Session {
  tokenId: number;
  tokenHash: string;
  user: SessionUser;
}

/**
 * Where tokens are kept: the accounts feature's repository, which owns the users and auth_tokens tables
 * (AccountsRepository implements it). Shared code names the calls it needs instead of importing the feature
 * (decision 097).
 */
export interface SessionTokenStore {
  insertToken(userId: number, tokenHash: string, created: Date, expiresAt: Date): Promise<void>;
  findSession(
    tokenHash: string,
    now: Date,
  ): Promise<{ tokenId: number; expiresAt: Date; user: SessionUser } | undefined>;
  extendToken(tokenId: number, expiresAt: Date): Promise<void>;
  revokeToken(tokenHash: string, userId: number, now: Date): Promise<void>;
}

/** Opaque session tokens: 32 random bytes, only the SHA-256 stored, 30-day sliding expiry. */
export class TokenService {
  constructor(
    private readonly repo: SessionTokenStore,
    private readonly clock: Clock,
  ) {}

  async issue(userId: number): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await this.repo.insertToken(userId, sha256Hex(token), now, new Date(now.getTime() + TOKEN_TTL_MS));
    return token;
  }

  async resolve(token: string): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = sha256Hex(token);
    const now = this.clock.now();
    const row = await this.repo.findSession(tokenHash, now);
    if (!row) return null;
    const fullExpiry = now.getTime() + TOKEN_TTL_MS;
    if (fullExpiry - row.expiresAt.getTime() > EXTEND_AFTER_MS) {
      await this.repo.extendToken(row.tokenId, new Date(fullExpiry));
    }
    return { tokenId: row.tokenId, tokenHash, user: row.user };
  }

  async revoke(token: string, userId: number): Promise<void> {
    await this.repo.revokeToken(sha256Hex(token), userId, this.clock.now());
  }
}
