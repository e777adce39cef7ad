import { boolean, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

export const holidays = pgTable('holidays', {
  date: date('date').primaryKey(),
  name: text('name').notNull(),
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
