import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.schema.ts';

/**
 * Members of a company's organisation (docs/decisions/026-fleet-organisation.md). The organisation is the
 * company user (organisation id = company user id); the company user itself is its 'administrador' (migration
 * 0021 wrote that row for every existing company). An invitation is a row with estado 'invitado', an email and
 * the SHA-256 of a one-time token; accepting it links a user account and sets estado 'activo'. Removing a member
 * deletes the row, so the next request is refused.
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased email the invitation was sent to (the linked account's email once accepted). */
    correo: text('correo').notNull(),
    /** 'administrador' | 'operador' | 'consulta' */
    rol: text('rol').notNull(),
    /** 'invitado' | 'activo' */
    estado: text('estado').notNull().default('invitado'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    accepted: timestamp('accepted', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organisation_members_org_email_uq').on(t.organisationId, t.correo),
    uniqueIndex('organisation_members_org_user_uq')
      .on(t.organisationId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('organisation_members_token_uq')
      .on(t.inviteTokenHash)
      .where(sql`${t.inviteTokenHash} is not null`),
    index('organisation_members_user_idx').on(t.userId),
  ],
);
