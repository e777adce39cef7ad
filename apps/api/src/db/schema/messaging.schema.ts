import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Development outbox: every message when no real transport is configured. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    channel: text('channel').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    /** Attachments as [{filename, contentType, content (utf-8 text or base64 when binary), encoding}]. */
    attachments: jsonb('attachments'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to, t.created)],
);
