import { boolean, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema.ts';

/*
 * Migration 0024 also adds fleet_drivers_document_idx on fleet_drivers (documento, tipo_documento): a driver's
 * "Vehículos de empresa" are found by their document (decision 038).
 */

/** Per-organisation settings (decision 038); no row = the defaults. The organisation id is its company user id. */
export const organisationSettings = pgTable('organisation_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The weekly digest email to administrators (Monday 07:00 Bogotá). */
  resumenSemanal: boolean('resumen_semanal').notNull().default(true),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per weekly digest sent: (organisation, administrator, Monday of the week). The primary key is the
 * claim that makes the digest go out once per week per administrator, however many instances run the job.
 */
export const fleetDigestSends = pgTable(
  'fleet_digest_sends',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD: the Monday (Bogotá) the digest belongs to. */
    semana: date('semana').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId, t.semana] }),
    index('fleet_digest_sends_org_sent_idx').on(t.organisationId, t.sentAt),
  ],
);
