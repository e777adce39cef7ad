import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { notifications } from './alerts.schema.ts';
import { vehicles } from './garage.schema.ts';

/**
 * Scheduled refresh of a vehicle's registry data ('registry', weekly) and fines ('fines', daily): when it is
 * next due, the lease of the worker refreshing it, the last success and the consecutive failures (migration
 * 0023; rows are created by a trigger on vehicles). docs/decisions/032-scheduled-refresh.md.
 */
export const vehicleRefresh = pgTable(
  'vehicle_refresh',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    failures: smallint('failures').notNull().default(0),
    lastError: text('last_error'),
    /** The ProviderError kind of the last failure ('timeout', 'rate_limited'…): the screens' reason (decision 072). */
    lastErrorKind: text('last_error_kind'),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.kind] }),
    index('vehicle_refresh_kind_due_idx').on(t.kind, t.dueAt),
  ],
);

/** The last manual "Actualizar" of a vehicle (one per hour). */
export const vehicleManualRefresh = pgTable('vehicle_manual_refresh', {
  vehicleId: integer('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
});

/** Provider calls per provider and minute, shared by every API instance. */
export const providerQuota = pgTable(
  'provider_quota',
  {
    provider: text('provider').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
    lastGrant: integer('last_grant').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provider, t.minute] })],
);

/** A detected change of a vehicle, once per (vehicle, kind, event key); its notification if one was made. */
export const vehicleChangeEvents = pgTable(
  'vehicle_change_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vehicle_change_events_key_uq').on(t.vehicleId, t.kind, t.eventKey)],
);
