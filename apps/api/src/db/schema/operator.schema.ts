import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookingBranches } from './booking.schema.ts';

/**
 * Operator console (decision 022): staff accounts, their sessions and invitations, the audit log, pico y placa
 * rule versions and branch closures. Staff are not users: a staff token is never a driver's token.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    nombre: text('nombre').notNull(),
    rol: text('rol').notNull(),
    /** null until the invitation is accepted. */
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret; set at enrolment, active once totp_enabled. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /**
     * A new enrolment's secret (sealed), waiting for its first code; the confirmed `totp_secret` stays the one
     * asked at sign-in until then (decision 065).
     */
    totpPendingSecret: text('totp_pending_secret'),
    /** Set by an admin's reset: the member must enrol at the next sign-in, whatever the role. */
    totpMustEnrol: boolean('totp_must_enrol').notNull().default(false),
    /** Last accepted TOTP time step: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    activo: boolean('activo').notNull().default(true),
    /** Incremented by each admin edit (role, active): the If-Match of the next one (decision 096). */
    version: integer('version').notNull().default(0),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_email_lower_uq').on(sql`lower(${t.email})`),
    check('staff_rol_ck', sql`${t.rol} in ('admin', 'operaciones', 'contenido', 'soporte')`),
  ],
);

/** Staff sessions: only the SHA-256 is stored; expire after 8 idle hours (last_seen). */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Signed in with a password only while TOTP is required: may only enrol. */
    totpPending: boolean('totp_pending').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_tokens_hash_uq').on(t.tokenHash), index('staff_tokens_staff_idx').on(t.staffId)],
);

/** Single-use recovery codes of a staff member's second factor (SHA-256 only), 10 per enrolment. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_hash_uq').on(t.staffId, t.codeHash)],
);

/** One-time invitation links (SHA-256 of the token). */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_invitations_hash_uq').on(t.tokenHash)],
);

/** One row per console write, inserted in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    accion: text('accion').notNull(),
    objeto: text('objeto').notNull(),
    antes: jsonb('antes'),
    despues: jsonb('despues'),
  },
  (t) => [index('audit_log_fecha_idx').on(t.fecha)],
);

/** Every version of a city's pico y placa rules written by the console (version 0 is the seed's). */
export const picoPlacaVersions = pgTable(
  'pico_placa_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('pico_placa_versions_key_version_uq').on(t.key, t.version)],
);

/** A branch closed for a whole day: no slots are offered and nothing can be booked. */
export const branchClosures = pgTable(
  'branch_closures',
  {
    branchId: text('branch_id')
      .notNull()
      .references(() => bookingBranches.id, { onDelete: 'cascade' }),
    fecha: date('fecha').notNull(),
    motivo: text('motivo').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.fecha] })],
);
