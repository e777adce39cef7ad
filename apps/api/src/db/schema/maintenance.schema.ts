import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.schema.ts';
import { vehicles } from './garage.schema.ts';

/**
 * Maintenance, fuel and service reminders of a vehicle (issue 39, decision 075). Every record carries an odometer
 * reading (the odometer rule is checked under a lock of the vehicle row); amounts are whole pesos.
 */

/** A service or repair. `origen` 'importacion' rows come from a company's spreadsheet (deduplicated). */
export const maintenanceRecords = pgTable(
  'maintenance_records',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    fecha: date('fecha').notNull(),
    kilometraje: integer('kilometraje').notNull(),
    tipo: text('tipo').notNull(),
    descripcion: text('descripcion'),
    costo: integer('costo').notNull(),
    taller: text('taller'),
    correccion: boolean('correccion').notNull().default(false),
    /** stored_files id of the invoice photo or PDF (no foreign key, like vehicles.image_file_id). */
    facturaFileId: uuid('factura_file_id'),
    origen: text('origen').notNull().default('app'),
    /** Who recorded it (the driver, or the company member). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('maintenance_records_vehicle_fecha_idx').on(t.vehicleId, t.fecha),
    // Importing the same past service twice adds it once.
    uniqueIndex('maintenance_records_import_uq')
      .on(t.vehicleId, t.fecha, t.tipo, t.kilometraje, t.costo)
      .where(sql`${t.origen} = 'importacion'`),
    check('maintenance_records_costo_ck', sql`${t.costo} >= 0`),
    check('maintenance_records_km_ck', sql`${t.kilometraje} >= 0`),
  ],
);

/** A fill-up. Fuel economy is computed on read, between full tanks. */
export const fuelRecords = pgTable(
  'fuel_records',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    fecha: date('fecha').notNull(),
    kilometraje: integer('kilometraje').notNull(),
    galones: numeric('galones', { precision: 6, scale: 3 }).notNull(),
    costo: integer('costo').notNull(),
    tanqueLleno: boolean('tanque_lleno').notNull(),
    correccion: boolean('correccion').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fuel_records_vehicle_fecha_idx').on(t.vehicleId, t.fecha),
    check('fuel_records_galones_ck', sql`${t.galones} > 0 and ${t.galones} <= 100`),
    check('fuel_records_costo_ck', sql`${t.costo} >= 0`),
  ],
);

/**
 * One reminder per vehicle and type. `proximo_km` / `proxima_fecha` are stored (computed by the domain rule when
 * the reminder is written or a service moves it forward) so the fleet view and the notice job compare them in SQL.
 * `ciclo` grows each time the reminder starts counting again; `aviso_ciclo` / `aviso_estado` say which notice
 * ('pronto', 'vencido') was last sent for which cycle, so each goes out once per cycle.
 */
export const maintenanceReminders = pgTable(
  'maintenance_reminders',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    cadaKm: integer('cada_km'),
    cadaMeses: smallint('cada_meses'),
    ultimoKm: integer('ultimo_km'),
    ultimaFecha: date('ultima_fecha'),
    proximoKm: integer('proximo_km'),
    proximaFecha: date('proxima_fecha'),
    ciclo: integer('ciclo').notNull().default(1),
    avisoCiclo: integer('aviso_ciclo'),
    avisoEstado: text('aviso_estado'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('maintenance_reminders_vehicle_tipo_uq').on(t.vehicleId, t.tipo),
    check('maintenance_reminders_every_ck', sql`${t.cadaKm} is not null or ${t.cadaMeses} is not null`),
  ],
);
