import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
