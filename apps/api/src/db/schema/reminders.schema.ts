import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { notifications } from './alerts.schema.ts';
import { users } from './accounts.schema.ts';

/** A user's channels, kinds of message and quiet hours (issue 15); no row = the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  push: boolean('push').notNull().default(true),
  whatsapp: boolean('whatsapp').notNull().default(false),
  sms: boolean('sms').notNull().default(false),
  vencimientos: boolean('vencimientos').notNull().default(true),
  multas: boolean('multas').notNull().default(true),
  // Opt-in (decision 041): the evening-before pico y placa notice is off until the user turns it on.
  picoPlaca: boolean('pico_placa').notNull().default(false),
  agendamientos: boolean('agendamientos').notNull().default(true),
  // Service reminders (issue 39, decision 075): on by default like the other reminders of the user's own data.
  mantenimiento: boolean('mantenimiento').notNull().default(true),
  silencioDesde: text('silencio_desde').notNull().default('21:00'),
  silencioHasta: text('silencio_hasta').notNull().default('07:00'),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The secret calendar address of a user: looked up by the SHA-256 of its token; the token itself is kept only
 * encrypted with a key derived from the server secret, so the profile can show the same address again.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenEnc: text('token_enc').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_uq').on(t.tokenHash)],
);

/** Delivery log: one row per notification and channel — sent | failed (reason) | held | suppressed. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    titulo: text('titulo').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_deliveries_user_idx').on(t.userId, t.created),
    index('notification_deliveries_held_idx')
      .on(t.created)
      .where(sql`${t.status} = 'held'`),
  ],
);

/** Consent records (Ley 1581 de 2012): what the user accepted or withdrew, when and from which screen. */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    accepted: boolean('accepted').notNull(),
    screen: text('screen').notNull(),
    text: text('text').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_records_user_idx').on(t.userId, t.created)],
);

/**
 * Ids of the signed inbound webhook messages already handled (SMS and WhatsApp replies, decision 069): a replayed
 * message is recognised by (source, message_id) and changes nothing. Rows older than a day are pruned: a message
 * that old is refused by its timestamp anyway.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    source: text('source').notNull(),
    messageId: text('message_id').notNull(),
    received: timestamp('received', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.messageId] }),
    index('webhook_messages_received_idx').on(t.received),
  ],
);
