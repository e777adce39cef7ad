import { doublePrecision, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** DIVIPOLA departments; id = DANE department code (11 = Bogotá D.C.). */
export const departments = pgTable('departments', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  countryId: smallint('country_id').notNull().default(1),
});

/** DIVIPOLA municipalities; id = 5-digit DANE code as a number (11001 = Bogotá). */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    commonName: text('common_name'),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    slug: text('slug').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
  },
  (t) => [index('cities_department_idx').on(t.departmentId)],
);

export const documentTypes = pgTable('document_types', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/**
 * What the reference seed last applied: a checksum of the seed files and code constants, so a start-up with
 * unchanged files skips the seeding (src/db/seed/seed.ts).
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
