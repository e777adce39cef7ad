import { sql } from 'drizzle-orm';
import {
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
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.schema.ts';
import { storedFiles, vehicles } from './garage.schema.ts';
import { documentTypes } from './reference.schema.ts';

/**
 * A company's fleet spreadsheet upload (docs/decisions/011-fleet-import.md). The file is stored under a
 * generated key and imported by the 'fleet-import' job; rows_done / rows_total feed the progress bar.
 * One live upload per (company, file SHA-256): uploading the same file again answers the first upload.
 */
export const fleetUploads = pgTable(
  'fleet_uploads',
  {
    id: serial('id').primaryKey(),
    companyUserId: integer('company_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileSha256: text('file_sha256').notNull(),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    /** 'en_cola' | 'procesando' | 'terminado' | 'fallido' */
    status: text('status').notNull().default('en_cola'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    /** Vehicles new to the fleet (decision 107: added, updated, unchanged and refused are counted apart). */
    vehiclesAdded: integer('vehicles_added').notNull().default(0),
    /** Vehicles already in the fleet whose data or driver this upload changed. */
    vehiclesUpdated: integer('vehicles_updated').notNull().default(0),
    /** Header cells of the template sheet that match no template column, as written (decision 107). */
    ignoredColumns: jsonb('ignored_columns').$type<string[]>().notNull().default([]),
    errorRows: integer('error_rows').notNull().default(0),
    message: text('message'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    started: timestamp('started', { withTimezone: true }),
    finished: timestamp('finished', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fleet_uploads_company_sha_live_uq')
      .on(t.companyUserId, t.fileSha256)
      .where(sql`${t.status} <> 'fallido'`),
    index('fleet_uploads_company_idx').on(t.companyUserId, t.id),
  ],
);

/**
 * A rejected row of an upload (SPPF §3 'Fleet error record'). `valores` keeps the row's cells (template
 * order) for the errors download. Removed when a later upload imports the same plate.
 */
export const fleetUploadErrors = pgTable(
  'fleet_upload_errors',
  {
    id: serial('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => fleetUploads.id, { onDelete: 'cascade' }),
    companyUserId: integer('company_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    placa: text('placa').notNull(),
    /** Upper-cased plate without spaces/hyphens, to resolve the error when the plate is imported later. */
    placaNormalizada: text('placa_normalizada').notNull(),
    message: text('message').notNull(),
    kilometraje: text('kilometraje').notNull(),
    documentoPropietario: text('documento_propietario').notNull(),
    valores: jsonb('valores').$type<string[]>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fleet_upload_errors_upload_row_uq').on(t.uploadId, t.rowNumber),
    index('fleet_upload_errors_company_idx').on(t.companyUserId, t.id),
    index('fleet_upload_errors_company_plate_idx').on(t.companyUserId, t.placaNormalizada),
  ],
);

/** The driver of a fleet vehicle when it is not the owner: from the spreadsheet ('archivo') or assigned. */
export const fleetDrivers = pgTable('fleet_drivers', {
  vehicleId: integer('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  /** 'archivo' | 'asignado' */
  origin: text('origin').notNull(),
  nombre: text('nombre'),
  /** document_types / cities ids, checked by the import and the assignment (no foreign key: see vehicles). */
  tipoDocumento: smallint('tipo_documento').notNull(),
  documento: text('documento').notNull(),
  telefono: text('telefono'),
  cityId: integer('city_id'),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A driver's photo as a person of the company: keyed by (company, document type, document number), so the same
 * driver on several vehicles shows one photo and the owner-as-driver case (no fleet_drivers row) works too
 * (docs/decisions/015-fleet-driver-photo.md). The bytes are a stored_files row ('fleet-driver-photo').
 */
export const fleetPersonPhotos = pgTable(
  'fleet_person_photos',
  {
    companyUserId: integer('company_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipoDocumento: smallint('tipo_documento')
      .notNull()
      .references(() => documentTypes.id),
    /** Upper-cased, as fleet_drivers.documento and vehicles.documento_propietario. */
    documento: text('documento').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyUserId, t.tipoDocumento, t.documento] }),
    index('fleet_person_photos_file_idx').on(t.fileId),
  ],
);
