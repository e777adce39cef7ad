import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consentRecords } from '../../db/schema.ts';

export interface ConsentInsert {
  userId: number;
  purpose: string;
  accepted: boolean;
  screen: string;
  text: string;
}

/** SQL only: consent records (Ley 1581) and the opt-out by phone number of an inbound "SALIR". */
export class ConsentRepository {
  constructor(private readonly db: Db) {}

  async insertMany(list: readonly ConsentInsert[], now: Date): Promise<void> {
    if (list.length === 0) return;
    await this.db.insert(consentRecords).values(list.map((r) => ({ ...r, created: now })));
  }

  listForUser(userId: number) {
    return this.db
      .select({
        purpose: consentRecords.purpose,
        accepted: consentRecords.accepted,
        screen: consentRecords.screen,
        text: consentRecords.text,
        created: consentRecords.created,
      })
      .from(consentRecords)
      .where(eq(consentRecords.userId, userId))
      .orderBy(asc(consentRecords.created), asc(consentRecords.id));
  }

  /**
   * Turns one channel off for every user with this phone number (10 digits), in one statement, creating the
   * preferences row with the defaults when there is none. Answers the users changed.
   */
  async disableChannelByPhone(telefono: string, channel: 'whatsapp' | 'sms', now: Date): Promise<number[]> {
    const column = channel === 'whatsapp' ? sql.raw('whatsapp') : sql.raw('sms');
    const res = (await this.db.execute(sql`
      insert into notification_preferences (user_id, ${column}, updated)
      select u.id, false, ${now.toISOString()}::timestamptz from users u where u.telefono = ${telefono}
      on conflict (user_id) do update set ${column} = false, updated = excluded.updated
      returning user_id`)) as unknown as { rows: { user_id: number }[] };
    return res.rows.map((r) => r.user_id);
  }

  /** Turns email off for one user (the unsubscribe link of an email); false when the user does not exist. */
  async disableEmail(userId: number, now: Date): Promise<boolean> {
    const res = (await this.db.execute(sql`
      insert into notification_preferences (user_id, email, updated)
      select u.id, false, ${now.toISOString()}::timestamptz from users u where u.id = ${userId}
      on conflict (user_id) do update set email = false, updated = excluded.updated
      returning user_id`)) as unknown as { rows: { user_id: number }[] };
    return res.rows.length > 0;
  }
}
