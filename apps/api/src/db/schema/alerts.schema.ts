import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.schema.ts';
import { vehicles } from './garage.schema.ts';

/**
 * Issue/expiry dates per vehicle and alert code, from two sources: 'registry' (written when a provider
 * look-up answers) and 'user' (entered in the app). The user's dates win.
 */
export const alertDates = pgTable(
  'alert_dates',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    source: text('source').notNull(),
    fechaExpedicion: date('fecha_expedicion'),
    fechaVencimiento: date('fecha_vencimiento'),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_dates_vehicle_code_source_uq').on(t.vehicleId, t.code, t.source),
    index('alert_dates_due_idx').on(t.fechaVencimiento),
  ],
);

/** Notifications shown on home and delivered by email/push; one per (vehicle, code, due date, step). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    dueDate: date('due_date').notNull(),
    step: smallint('step').notNull(),
    titulo: text('titulo').notNull(),
    message: text('message').notNull(),
    logoNotificacion: text('logo_notificacion').notNull(),
    urlRedireccion: text('url_redireccion').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_vehicle_code_due_step_uq').on(t.vehicleId, t.code, t.dueDate, t.step),
    index('notifications_vehicle_created_idx').on(t.vehicleId, t.created),
  ],
);

/** Web Push subscriptions of a user's browsers. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    keys: jsonb('keys').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint)],
);
