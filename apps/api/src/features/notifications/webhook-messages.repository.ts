import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookMessages } from '../../db/schema.ts';

/** How long a handled message id is kept: far longer than the 5 minutes a message's timestamp is accepted. */
const KEEP_MS = 24 * 60 * 60_000;

/** SQL only: the ids of inbound webhook messages already handled (decision 069). */
export class WebhookMessagesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a message id in one statement; true for the first delivery, false when it was seen before (also when
   * another instance records it at the same moment: the primary key decides). Prunes ids older than a day.
   */
  async claim(source: string, messageId: string, now: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(webhookMessages)
      .values({ source, messageId, received: now })
      .onConflictDoNothing()
      .returning({ messageId: webhookMessages.messageId });
    if (inserted.length > 0) {
      await this.db
        .delete(webhookMessages)
        .where(lt(webhookMessages.received, new Date(now.getTime() - KEEP_MS)));
    }
    return inserted.length > 0;
  }

  /** Forgets a claim whose handling failed, so the vendor's retry is handled. */
  async release(source: string, messageId: string): Promise<void> {
    await this.db
      .delete(webhookMessages)
      .where(and(eq(webhookMessages.source, source), eq(webhookMessages.messageId, messageId)));
  }
}
