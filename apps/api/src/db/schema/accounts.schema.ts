import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NAME_FOLD_FROM, NAME_FOLD_TO } from '@togo/domain/operator/support-search.rules';

export const userGroups = pgTable('user_groups', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /**
     * The email was proven by a code sent to it (sign-up, verified change, emailed reset) or vouched for by
     * a provider that says so; only such accounts are linked to a Google/Facebook sign-in by email.
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** A requested email change waiting for the code sent to the new address (the old one still signs in). */
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash'),
    nombres: text('nombres').notNull(),
    apellidos: text('apellidos').notNull(),
    telefono: text('telefono'),
    tipoDocumento: text('tipo_documento').notNull().default('CC'),
    identificacion: text('identificacion'),
    /** Business name (tercero.razon_social at sign-up, intermediaryy.bussines_name in the profile). */
    razonSocial: text('razon_social'),
    /**
     * A company account's NIT with its check digit, stored as "900123456-8" (issue 37, decision 123); set by an
     * administrador of its organisation. Not identificacion: that is the signing-up person's own document.
     */
    nit: text('nit'),
    groupId: smallint('group_id')
      .notNull()
      .references(() => userGroups.id),
    isFirstLoginTogo: boolean('is_first_login_togo').notNull().default(true),
    profilePicture: text('profile_picture'),
    /** Uploaded profile picture (stored_files.id), served through a signed URL; wins over profilePicture. */
    profilePictureFileId: uuid('profile_picture_file_id'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
    /** Account deleted by its owner: no session, no sign-in; personal data purged 30 days later (decision 021). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When the purge job anonymised the row (email, phone, names, document cleared). */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_telefono_idx').on(t.telefono),
    index('users_deleted_pending_purge_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null and ${t.purgedAt} is null`),
    // Operator support look-up by document (decision 022).
    index('users_identificacion_idx').on(t.identificacion),
    // Support look-up by the start of a name, accents and case ignored (issue 38; support-search.rules.ts folds
    // the query the same way, and operator-support.repository.ts writes the same expressions).
    index('users_nombre_folded_idx').on(
      sql.raw(
        `translate(lower(trim(nombres || ' ' || apellidos)), '${NAME_FOLD_FROM}', '${NAME_FOLD_TO}') text_pattern_ops`,
      ),
    ),
    index('users_apellidos_folded_idx').on(
      sql.raw(`translate(lower(apellidos), '${NAME_FOLD_FROM}', '${NAME_FOLD_TO}') text_pattern_ops`),
    ),
  ],
);

/** Social sign-in identities, keyed by (provider, subject). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_uq').on(t.provider, t.subject)],
);

/** Session tokens: only the SHA-256 of the 32 random bytes is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/** One-time codes: stored as HMAC(secret, process|identifier||code), bound to identifier + process (decision 016). */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    process: text('process').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHmac: text('code_hmac').notNull(),
    /** HMAC of the data the code is bound to (the phone of a registration); null when unbound. */
    bindingHmac: text('binding_hmac'),
    attempts: smallint('attempts').notNull().default(0),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('otp_codes_identifier_idx').on(t.identifier, t.created)],
);

/** Failed code checks per identifier, for the 10-per-24-h lock. */
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_failures_identifier_idx').on(t.identifier, t.created)],
);

/** Sign-in throttling counters, shared by every API process through the database. */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** The last attempt taken; the count restarts only after a quiet period since it (decision 016). */
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
});

/** Hits of the request limits (code requests per phone, per IP, SMS per hour…), decision 016. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.created)],
);
