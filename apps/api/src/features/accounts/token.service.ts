import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';

const DAY = 86_400_000;
export const TOKEN_TTL_MS = 30 * DAY;
/** Sliding expiry is written at most this often per token, to keep reads cheap. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;

export interface Session {
  tokenId: number;
  tokenHash: string;
  user: UserRow;
}

/** Opaque session tokens: 32 random bytes, only the SHA-256 stored, 30-day sliding expiry. */
export class TokenService {
  constructor(
    private readonly repo: AccountsRepository,
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
