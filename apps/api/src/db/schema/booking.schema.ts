import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
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
import { cities } from './reference.schema.ts';

/**
 * Service booking (RTM, peritaje, trámites). Branches, combos, trámites and RTM prices are seeded from
 * apps/api/seed-data/booking.json; slots, bookings, payments, payment events and idempotency keys are written
 * by the booking feature.
 */

/** A branch offering one service in one city; `id` is the code the client sends back as `sede`. */
export const bookingBranches = pgTable(
  'booking_branches',
  {
    id: text('id').primaryKey(),
    servicio: text('servicio').notNull(),
    nombre: text('nombre').notNull(),
    direccion: text('direccion').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    telefono: text('telefono').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    maps: text('maps').notNull(),
    imagen: text('imagen').notNull(),
    /** { lunes_viernes: {apertura, cierre}, sabado: {apertura, cierre} | null } */
    horario: jsonb('horario').notNull(),
    /** Bookings one hourly slot can hold. */
    capacidad: smallint('capacidad').notNull(),
    /** Vehicle groups served: LIVIANOS, MOTOS, PESADOS. */
    atiende: jsonb('atiende').notNull().default([]),
    aDomicilio: boolean('a_domicilio').notNull().default(false),
    activo: boolean('activo').notNull().default(true),
    /** Changed in the console: the seed no longer updates it (decision 022). */
    edited: boolean('edited').notNull().default(false),
    orden: integer('orden').notNull().default(0),
    /** Incremented by every console save: the If-Match of the next one (decision 096). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('booking_branches_city_service_idx').on(t.cityId, t.servicio),
    check('booking_branches_capacity_ck', sql`${t.capacidad} between 1 and 100`),
  ],
);

/** RTM price by vehicle class (RUNT clase), COP with taxes. */
export const rtmPrices = pgTable('rtm_prices', {
  clase: text('clase').primaryKey(),
  grupo: text('grupo').notNull(),
  precio: integer('precio').notNull(),
  /** Changed in the console: the seed no longer updates or deletes it (decision 037). */
  edited: boolean('edited').notNull().default(false),
  /** Incremented by every console save: the If-Match of the next one (decision 096). */
  version: integer('version').notNull().default(0),
});

/** Peritaje combos by group and fuel (SPPF §3 table). */
export const peritajeCombos = pgTable('peritaje_combos', {
  id: text('id').primaryKey(),
  grupo: text('grupo').notNull(),
  combustible: text('combustible').notNull(),
  shortName: text('short_name').notNull(),
  text: text('text').notNull(),
  precio: integer('precio').notNull(),
  proveedor: text('proveedor').notNull(),
  tasks: jsonb('tasks').notNull().default([]),
  orden: integer('orden').notNull().default(0),
  /** Changed in the console: the seed no longer updates or deletes it (decision 037). */
  edited: boolean('edited').notNull().default(false),
  /** Incremented by every console save: the If-Match of the next one (decision 096). */
  version: integer('version').notNull().default(0),
});

/** Procedures (trámites); `id` matches the TRAMITES_TOGO catalogue clave. */
export const tramites = pgTable('tramites', {
  id: text('id').primaryKey(),
  nombre: text('nombre').notNull(),
  precio: integer('precio').notNull(),
  descripcion: text('descripcion').notNull(),
  icono: text('icono').notNull(),
  orden: integer('orden').notNull().default(0),
  /** Changed in the console: the seed no longer updates or deletes it (decision 037). */
  edited: boolean('edited').notNull().default(false),
  /** Incremented by every console save: the If-Match of the next one (decision 096). */
  version: integer('version').notNull().default(0),
});

/**
 * One bookable hour of a branch, created on its first booking. `taken` counts confirmed bookings and live holds;
 * the CHECK makes over-booking impossible whatever the application does.
 */
export const bookingSlots = pgTable(
  'booking_slots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    branchId: text('branch_id')
      .notNull()
      .references(() => bookingBranches.id),
    fecha: date('fecha').notNull(),
    hora: smallint('hora').notNull(),
    capacity: smallint('capacity').notNull(),
    taken: smallint('taken').notNull().default(0),
  },
  (t) => [
    uniqueIndex('booking_slots_branch_date_hour_uq').on(t.branchId, t.fecha, t.hora),
    check('booking_slots_taken_ck', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
  ],
);

/**
 * A booking. estado: pendiente_pago (hold until `expira_en`) → confirmada | rechazada | expirada; confirmada or
 * pendiente_pago → cancelada. Only pendiente_pago and confirmada occupy their slot.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referencia: text('referencia').notNull(),
    servicio: text('servicio').notNull(),
    branchId: text('branch_id')
      .notNull()
      .references(() => bookingBranches.id),
    slotId: bigint('slot_id', { mode: 'number' })
      .notNull()
      .references(() => bookingSlots.id),
    fecha: date('fecha').notNull(),
    hora: smallint('hora').notNull(),
    placa: text('placa').notNull(),
    tipoVehiculo: text('tipo_vehiculo').notNull(),
    tipoAtencion: text('tipo_atencion').notNull(),
    metodoPago: text('metodo_pago').notNull(),
    estado: text('estado').notNull(),
    precio: integer('precio').notNull(),
    /** Combo name or trámite names. */
    detalle: jsonb('detalle').notNull().default([]),
    /** Everything else the client sent (result delivery, contact, stored trámites details). */
    datos: jsonb('datos').notNull().default({}),
    direccionServicio: text('direccion_servicio'),
    correo: text('correo'),
    expiraEn: timestamp('expira_en', { withTimezone: true }),
    /** Why staff changed the state (check-in, no-show, cancellation). */
    motivoEstado: text('motivo_estado'),
    /** Refund of a paid booking cancelled by staff: pendiente | realizado | fallido. */
    estadoReembolso: text('estado_reembolso'),
    reembolsoIntentos: smallint('reembolso_intentos').notNull().default(0),
    reembolsoError: text('reembolso_error'),
    /** Incremented by each console state change: the If-Match of the next one (decision 096). */
    version: integer('version').notNull().default(0),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_referencia_uq').on(t.referencia),
    index('bookings_user_idx').on(t.userId, t.fecha),
    index('bookings_branch_date_idx').on(t.branchId, t.fecha, t.hora),
    index('bookings_refund_failed_idx')
      .on(t.estadoReembolso)
      .where(sql`${t.estadoReembolso} in ('pendiente', 'fallido')`),
    index('bookings_slot_active_idx')
      .on(t.slotId)
      .where(sql`${t.estado} in ('pendiente_pago', 'confirmada')`),
    index('bookings_hold_expiry_idx')
      .on(t.expiraEn)
      .where(sql`${t.estado} = 'pendiente_pago'`),
  ],
);

/**
 * The payment record of a booking, created in the booking's transaction. status: PENDING → APPROVED | DECLINED |
 * VOIDED | ERROR (the gateway's, final); EXPIRED (hold released) and CANCELLED (by the user) still accept a late
 * APPROVED; EN_SITIO for 'Pagar en sitio'.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    amountInCents: bigint('amount_in_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('COP'),
    status: text('status').notNull(),
    link: text('link'),
    providerTransactionId: text('provider_transaction_id'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_reference_uq').on(t.reference),
    uniqueIndex('payments_booking_uq').on(t.bookingId),
  ],
);

/** Every verified webhook event, once: the primary key de-duplicates retries. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    reference: text('reference').notNull(),
    status: text('status').notNull(),
    /** What the event did: applied, ignored (stale or out of order), unknown_reference. */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    received: timestamp('received', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Idempotency-Key per user: the first successful answer, replayed for the same key and request. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * A price set in the console to take effect on a future day (Bogotá, issue 38, decision 118). From that day the
 * first quote, booking or console read applies it to its price row (version bumped, audited) and marks it applied;
 * a pending one can be cancelled.
 */
export const priceSchedules = pgTable(
  'price_schedules',
  {
    id: serial('id').primaryKey(),
    /** 'rtm' | 'combos' | 'tramites'. */
    tipo: text('tipo').notNull(),
    clave: text('clave').notNull(),
    precio: integer('precio').notNull(),
    /** YYYY-MM-DD, Bogotá: in effect from the start of that day. */
    vigenteDesde: date('vigente_desde', { mode: 'string' }).notNull(),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
    applied: timestamp('applied', { withTimezone: true }),
    cancelled: timestamp('cancelled', { withTimezone: true }),
  },
  (t) => [
    index('price_schedules_pending_idx')
      .on(t.vigenteDesde)
      .where(sql`${t.applied} is null and ${t.cancelled} is null`),
  ],
);
