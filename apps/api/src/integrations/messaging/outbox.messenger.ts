import { and, desc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Messenger, OutgoingMessage } from './messenger.ts';

/** Development transport: stores and logs every message; readable at GET /api/dev/outbox. */
export class OutboxMessenger implements Messenger {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log?: Pick<Logger, 'info'>,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.db.insert(outboxMessages).values({
      to: message.to,
      channel: message.channel,
      subject: message.subject ?? null,
      body: message.body,
      code: message.code ?? null,
      attachments: message.attachments?.length ? message.attachments.map(storedAttachment) : null,
      created: this.clock.now(),
    });
    this.log?.info({ to: message.to, channel: message.channel, subject: message.subject }, 'outbox message');
  }
}

/** Text attachments (e.g. .ics) are kept as written; binary ones as base64. */
function storedAttachment(a: NonNullable<OutgoingMessage['attachments']>[number]) {
  return typeof a.content === 'string'
    ? { filename: a.filename, contentType: a.contentType, encoding: 'utf-8', content: a.content }
    : {
        filename: a.filename,
        contentType: a.contentType,
        encoding: 'base64',
        content: a.content.toString('base64'),
      };
}

export async function listOutbox(db: Db, to: string | undefined, limit = 50) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(to ? and(eq(outboxMessages.to, to)) : undefined)
    .orderBy(desc(outboxMessages.created), desc(outboxMessages.id))
    .limit(limit);
  return rows.map((r) => ({
    to: r.to,
    channel: r.channel as 'email' | 'sms' | 'whatsapp',
    subject: r.subject,
    body: r.body,
    code: r.code,
    attachments: (r.attachments ?? []) as ReturnType<typeof storedAttachment>[],
    created: r.created.toISOString(),
  }));
}
