import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.schema.ts';

/** A vehicle in a user's garage (or a company's fleet), by plate. Soft-deleted. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    placa: text('placa').notNull(),
    documentoPropietario: text('documento_propietario').notNull(),
    // document_types, departments and cities ids without foreign keys (migration 0009): every write checks
    // them in its service (garage create, fleet import, driver assignment) and the reference tables are
    // seeded and never deleted; each foreign-key check cost more than the insert itself in a fleet import
    // (docs/decisions/011-fleet-import.md).
    tipoDocumentoPropietario: smallint('tipo_documento_propietario').notNull(),
    kilometrajeDigitado: integer('kilometraje_digitado').notNull().default(0),
    departmentId: integer('department_id'),
    cityId: integer('city_id'),
    imageFileId: uuid('image_file_id'),
    licenceFileId: uuid('licence_file_id'),
    isSelected: boolean('is_selected').notNull().default(false),
    score: smallint('score'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vehicles_user_plate_live_uq')
      .on(t.userId, t.placa)
      .where(sql`${t.deletedAt} is null`),
    index('vehicles_user_idx').on(t.userId),
    // Operator support look-up by plate (decision 022).
    index('vehicles_placa_live_idx')
      .on(t.placa)
      .where(sql`${t.deletedAt} is null`),
    // At most one selected live vehicle per user: the database guards the invariant.
    uniqueIndex('vehicles_user_selected_uq')
      .on(t.userId)
      .where(sql`${t.isSelected} and ${t.deletedAt} is null`),
  ],
);

/**
 * Live (not deleted) vehicles per user, kept by statement triggers on vehicles (migration 0011): the fleet list's
 * total without counting a company's 100,000 vehicles on every page read (docs/decisions/011-fleet-import.md).
 */
export const vehicleCounts = pgTable('vehicle_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  live: integer('live').notNull().default(0),
});

/**
 * What an outside provider answered for a vehicle: kind 'registry' (RUNT-like: vehicle data, SOAT, RTM,
 * licence), 'fines' (SIMIT-like) or 'value'. status pending → ok | failed; data is the provider's
 * answer parsed by its zod contract.
 */
export const providerSnapshots = pgTable(
  'provider_snapshots',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    data: jsonb('data'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provider_snapshots_vehicle_kind_uq').on(t.vehicleId, t.kind)],
);

/** Uploaded files, stored under generated names; served only to their owner. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    extension: text('extension').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_owner_idx').on(t.ownerUserId)],
);
