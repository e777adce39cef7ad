import type { CalendarLink } from '@togo/domain/reminders/reminders.contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import { openText, sealText } from '../../lib/sealed-text.ts';
import { calendarFeedIcs } from './calendar-ics.ts';
import type { CalendarRepository } from './calendar.repository.ts';

const PURPOSE = 'calendar-feed';
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
export const CALENDAR_FEED_PATH = '/api/togo/calendario/feed/';

/**
 * The user's secret calendar address: a random token (32 bytes) looked up by its SHA-256; the address is
 * the only credential of the feed, so revoking replaces it and the old one answers 404.
 */
export class CalendarService {
  constructor(
    private readonly repo: CalendarRepository,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly webUrl: string,
  ) {}

  private url(token: string): CalendarLink {
    return { url: new URL(`${CALENDAR_FEED_PATH}${token}.ics`, this.webUrl).toString() };
  }

  async link(userId: number): Promise<CalendarLink> {
    const existing = await this.repo.findFeed(userId);
    if (existing) return this.url(openText(this.secret, PURPOSE, existing.tokenEnc));
    const token = newToken();
    const stored = await this.repo.insertFeedIfAbsent(
      userId,
      sha256Hex(token),
      sealText(this.secret, PURPOSE, token),
      this.clock.now(),
    );
    return this.url(openText(this.secret, PURPOSE, stored));
  }

  async revoke(userId: number): Promise<CalendarLink> {
    const token = newToken();
    await this.repo.replaceFeed(
      userId,
      sha256Hex(token),
      sealText(this.secret, PURPOSE, token),
      this.clock.now(),
    );
    return this.url(token);
  }

  /** The feed of a token ('…/<token>.ics'); an unknown or revoked token is 404. */
  async feed(rawToken: string): Promise<string> {
    const token = rawToken.endsWith('.ics') ? rawToken.slice(0, -4) : rawToken;
    if (!TOKEN_FORMAT.test(token)) throw AppError.notFound();
    const userId = await this.repo.userOfToken(sha256Hex(token));
    if (userId === undefined) throw AppError.notFound();
    const [expiries, bookings, maintenance] = await Promise.all([
      this.repo.expiries(userId),
      this.repo.bookings(userId),
      this.repo.maintenance(userId),
    ]);
    return calendarFeedIcs(expiries, bookings, this.clock.now(), this.webUrl, maintenance);
  }
}
