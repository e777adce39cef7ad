import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Operator-edited catalogues (banners, URL aliases, service catalogues), seeded from a versioned file. */
export const catalogEntries = pgTable(
  'catalog_entries',
  {
    id: serial('id').primaryKey(),
    clavePadre: text('clave_padre').notNull(),
    clave: text('clave').notNull(),
    valor: text('valor').notNull().default(''),
    valorJson: jsonb('valor_json').notNull().default({}),
    detalleArchivos: jsonb('detalle_archivos').notNull().default([]),
    orden: integer('orden').notNull().default(0),
    activo: boolean('activo').notNull().default(true),
    /** Written by the console: the seed never overwrites or deletes it (decisions 022, 030). */
    edited: boolean('edited').notNull().default(false),
    /** Deleted in the console: kept as a tombstone so the seed does not bring it back; never served. */
    deleted: boolean('deleted').notNull().default(false),
    /** Incremented by every console save: the If-Match of the next one (decision 096). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('catalog_entries_parent_key_uq').on(t.clavePadre, t.clave),
    index('catalog_entries_parent_idx').on(t.clavePadre, t.orden),
  ],
);

/** Named URLs (blog, poliza, facil_pass, financiacion, pico y placa base …). */
export const urlConfigs = pgTable('url_configs', {
  name: text('name').primaryKey(),
  url: text('url').notNull(),
  /** Written by the console: the seed never overwrites or deletes it (decisions 022, 030). */
  edited: boolean('edited').notNull().default(false),
  /** Deleted in the console: a tombstone the seed leaves alone; never served. */
  deleted: boolean('deleted').notNull().default(false),
  /** Incremented by every console save: the If-Match of the next one (decision 096). */
  version: integer('version').notNull().default(0),
});
