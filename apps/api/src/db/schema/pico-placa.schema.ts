import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.schema.ts';
import { vehicles } from './garage.schema.ts';
import { staff } from './operator.schema.ts';

/** Pico y placa rules per city (the JSON of shared/data/pico-y-placa.json `cities[]`), editable by an operator. */
export const picoPlacaCities = pgTable('pico_placa_cities', {
  key: text('key').primaryKey(),
  data: jsonb('data').notNull(),
  /** Written by the console: the seed never overwrites or deletes it (decision 022). */
  edited: boolean('edited').notNull().default(false),
  /** The current version in pico_placa_versions (0: the seed's). */
  version: integer('version').notNull().default(0),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cities of the embedded "pico y placa hoy" page (`embed.cities` of pico-y-placa.json): slug by DANE code.
 * Exactly one row has is_default (the fallback slug, 'bogota').
 */
export const picoPlacaEmbedCities = pgTable(
  'pico_placa_embed_cities',
  {
    slug: text('slug').primaryKey(),
    name: text('name').notNull(),
    daneCode: text('dane_code'),
    rulesCity: text('rules_city'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('pico_placa_embed_cities_dane_idx').on(t.daneCode)],
);

/**
 * The staff emails announcing a rule that ends or is due for review (issue 33, decision 083): one row per (city,
 * rule, date, notice 30 or 7 days before, staff member), claimed before sending, so each goes out once.
 */
export const picoPlacaReviewMails = pgTable(
  'pico_placa_review_mails',
  {
    cityKey: text('city_key').notNull(),
    regla: text('regla').notNull(),
    fecha: text('fecha').notNull(),
    aviso: integer('aviso').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    sent: timestamp('sent', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'pico_placa_review_mails_pk',
      columns: [t.cityKey, t.regla, t.fecha, t.aviso, t.staffId],
    }),
  ],
);

/**
 * Drivers' reports that a pico y placa answer is wrong (issue 33 item 8, decision 104), with what TOGO answered
 * then. One report per (user, city, day asked, digit, vehicle type, Bogotá day it was sent): the same report twice
 * the same day is the same row (the unique index, also under concurrent requests).
 */
export const picoPlacaReports = pgTable(
  'pico_placa_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    daneCode: text('dane_code').notNull(),
    cityName: text('city_name').notNull(),
    /** The day the answer was about ('YYYY-MM-DD'). */
    fecha: text('fecha').notNull(),
    digito: smallint('digito').notNull(),
    tipoVehiculo: text('tipo_vehiculo').notNull(),
    nota: text('nota'),
    /** What TOGO answered when the report was made (PicoPlacaReportAnswer). */
    answer: jsonb('answer').notNull(),
    /** The Bogotá day the report was sent ('YYYY-MM-DD'): part of the de-duplication key. */
    reportDay: text('report_day').notNull(),
    estado: text('estado').notNull().default('abierto'),
    respuesta: text('respuesta'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => staff.id, { onDelete: 'set null' }),
    resolvedByEmail: text('resolved_by_email'),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('pico_placa_reports_same_day_uq').on(
      t.userId,
      t.daneCode,
      t.fecha,
      t.digito,
      t.tipoVehiculo,
      t.reportDay,
    ),
    index('pico_placa_reports_estado_created_idx').on(t.estado, t.created),
    index('pico_placa_reports_vehicle_idx').on(t.vehicleId),
  ],
);
