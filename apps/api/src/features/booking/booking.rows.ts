import { sql } from 'drizzle-orm';
import { bookingBranches, bookings, cities } from '../../db/schema.ts';

/** The booking rows the repositories read and write, and the column sets they select. */

export interface BranchRow {
  id: string;
  servicio: string;
  nombre: string;
  direccion: string;
  cityId: number;
  cityName: string;
  telefono: string;
  lat: number;
  lng: number;
  maps: string;
  imagen: string;
  horario: unknown;
  capacidad: number;
  atiende: unknown;
  aDomicilio: boolean;
}

export interface VehicleFacts {
  placa: string;
  clase: string | null;
  combustible: string | null;
}

export interface SlotOccupancy {
  fecha: string;
  hora: number;
  capacity: number;
  ocupados: number;
}

export interface BookingRow {
  id: string;
  userId: number;
  referencia: string;
  servicio: string;
  branchId: string;
  slotId: number;
  fecha: string;
  hora: number;
  placa: string;
  tipoVehiculo: string;
  tipoAtencion: string;
  metodoPago: string;
  estado: string;
  precio: number;
  detalle: unknown;
  direccionServicio: string | null;
  correo: string | null;
  expiraEn: Date | null;
  estadoReembolso: string | null;
  /** The calendar SEQUENCE of the booking's event (0 until it changes). */
  icsSequence: number;
  created: Date;
}

export interface BookingView extends BookingRow {
  branchNombre: string;
  branchDireccion: string;
  branchTelefono: string;
  branchMaps: string;
  branchCity: string;
  paymentLink: string | null;
  /** The payment's status (PENDING, APPROVED, DECLINED, EN_SITIO…), null without a payment row. */
  paymentStatus: string | null;
}

export type NewBooking = Omit<BookingRow, 'slotId' | 'created' | 'estadoReembolso' | 'icsSequence'> & {
  datos: Record<string, unknown>;
};

export interface NewPayment {
  id: string;
  provider: string;
  reference: string;
  amountInCents: number;
  status: 'PENDING' | 'EN_SITIO';
  link: string | null;
}

export type BookOutcome =
  | { kind: 'booked'; bookingId: string }
  | { kind: 'full' }
  | { kind: 'replay'; requestHash: string; statusCode: number; response: unknown };

export interface PaymentEventInput {
  provider: string;
  eventId: string;
  reference: string;
  status: 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';
  transactionId: string | null;
  payload: unknown;
}

export type PaymentEventOutcome =
  | 'duplicate'
  | 'unknown_reference'
  | 'ignored'
  | 'confirmed'
  | 'declined'
  | 'approved_without_slot'
  | 'approved_after_cancel';

export const branchColumns = {
  id: bookingBranches.id,
  servicio: bookingBranches.servicio,
  nombre: bookingBranches.nombre,
  direccion: bookingBranches.direccion,
  cityId: bookingBranches.cityId,
  cityName: sql<string>`coalesce(${cities.commonName}, ${cities.name})`,
  telefono: bookingBranches.telefono,
  lat: bookingBranches.lat,
  lng: bookingBranches.lng,
  maps: bookingBranches.maps,
  imagen: bookingBranches.imagen,
  horario: bookingBranches.horario,
  capacidad: bookingBranches.capacidad,
  atiende: bookingBranches.atiende,
  aDomicilio: bookingBranches.aDomicilio,
};

export const bookingColumns = {
  id: bookings.id,
  userId: bookings.userId,
  referencia: bookings.referencia,
  servicio: bookings.servicio,
  branchId: bookings.branchId,
  slotId: bookings.slotId,
  fecha: bookings.fecha,
  hora: bookings.hora,
  placa: bookings.placa,
  tipoVehiculo: bookings.tipoVehiculo,
  tipoAtencion: bookings.tipoAtencion,
  metodoPago: bookings.metodoPago,
  estado: bookings.estado,
  precio: bookings.precio,
  detalle: bookings.detalle,
  direccionServicio: bookings.direccionServicio,
  correo: bookings.correo,
  expiraEn: bookings.expiraEn,
  estadoReembolso: bookings.estadoReembolso,
  icsSequence: sql<number>`coalesce((${bookings.datos}->>'ics_sequence')::int, 0)`,
  created: bookings.created,
};

/** `datos` with the calendar SEQUENCE one higher: every change of a booking (reschedule, cancel) bumps it. */
export const bumpedIcsSequence = sql`jsonb_set(${bookings.datos}, '{ics_sequence}',
  to_jsonb(coalesce((${bookings.datos}->>'ics_sequence')::int, 0) + 1))`;
