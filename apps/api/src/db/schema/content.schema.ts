import { boolean, date, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './operator.schema.ts';

/**
 * Images uploaded in the operator console (banners), re-encoded like avatars and public by nature: served at
 * /api/contenido/imagenes/{id}.{ext} to anyone, unlike stored_files (private, signed URLs, owned by a user).
 */
export const contentImages = pgTable('content_images', {
  id: uuid('id').primaryKey(),
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  contentType: text('content_type').notNull(),
  extension: text('extension').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Blog articles written in the console (issue 38): Markdown body rendered safely where it is shown. Drivers read
 * only published ones whose publish date (Bogotá) has come; drafts never leave the console.
 */
export const blogArticles = pgTable(
  'blog_articles',
  {
    id: serial('id').primaryKey(),
    titulo: text('titulo').notNull(),
    /** https URL of the cover image, or '' for none. */
    portada: text('portada').notNull().default(''),
    cuerpo: text('cuerpo').notNull(),
    /** YYYY-MM-DD (Bogotá): shown from that day on once published. */
    fechaPublicacion: date('fecha_publicacion', { mode: 'string' }).notNull(),
    publicado: boolean('publicado').notNull().default(false),
    /** Incremented by every save: the If-Match of the next one (decision 096). */
    version: integer('version').notNull().default(0),
    created: timestamp('created', { withTimezone: true }).notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull(),
  },
  (t) => [index('blog_articles_published_idx').on(t.publicado, t.fechaPublicacion)],
);
