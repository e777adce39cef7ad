import type { BookingState } from './booking/booking-states.ts';
import type { FromFlow, PeritajeFuel } from './booking/booking.primitives.ts';

/**
 * The Spanish names of the codes the wire carries, one map per kind, shared by the drivers' app, the operator
 * console and the API's exports and messages (decision 086). Each `…Label(code)` answers the code itself for a
 * code it does not know, so a new code shows as it is rather than as nothing. Type-only imports: no zod here.
 */
const label =
  <K extends string>(map: Record<K, string>) =>
  (code: string): string =>
    (map as Record<string, string>)[code] ?? code;

/** The three booked services (`servicio`). */
export const SERVICE_LABELS: Record<FromFlow, string> = {
  rtm: 'Revisión técnico-mecánica',
  peritaje: 'Peritaje',
  tramites: 'Trámites',
};
export const serviceLabel = label(SERVICE_LABELS);

/** A booking's state as staff read it (console, agenda export); the drivers' own wording is in their app. */
export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  pendiente_pago: 'Pendiente de pago',
  confirmada: 'Confirmada',
  cancelada: 'Cancelada',
  expirada: 'Expirada',
  rechazada: 'Pago rechazado',
  atendido: 'Atendido',
  no_asistio: 'No asistió',
  afectada_cierre: 'Afectada por cierre',
};
export const bookingStateLabel = label(BOOKING_STATE_LABELS);

/** A refund's state (`estado_reembolso`) as staff read it. */
export const REFUND_STATE_LABELS: Record<'pendiente' | 'realizado' | 'fallido', string> = {
  pendiente: 'Reembolso pendiente',
  realizado: 'Reembolso realizado',
  fallido: 'Reembolso fallido',
};
export const refundStateLabel = label(REFUND_STATE_LABELS);

/** RUNT vehicle classes (`clase`, `vehicle_class_v2`, `tipo_vehiculo`), as written in Spanish. */
export const VEHICLE_CLASS_LABELS: Record<string, string> = {
  AUTOMOVIL: 'Automóvil',
  CAMIONETA: 'Camioneta',
  CAMPERO: 'Campero',
  MICROBUS: 'Microbús',
  BUSETA: 'Buseta',
  BUS: 'Bus',
  CAMION: 'Camión',
  VOLQUETA: 'Volqueta',
  TRACTOCAMION: 'Tractocamión',
  MOTOCICLETA: 'Motocicleta',
  MOTOCARRO: 'Motocarro',
  MOTOTRICICLO: 'Mototriciclo',
  CUATRIMOTO: 'Cuatrimoto',
  CICLOMOTOR: 'Ciclomotor',
  TRICIMOTO: 'Tricimoto',
};
export const vehicleClassLabel = label(VEHICLE_CLASS_LABELS);

/** The peritaje's vehicle types (`combustible` of a combo). */
export const PERITAJE_FUEL_LABELS: Record<PeritajeFuel, string> = {
  Gasolina: 'Gasolina',
  Diesel: 'Diésel',
  Hibrido: 'Híbrido',
  Electrico: 'Eléctrico',
  Urbana: 'Urbana',
  SuperBike: 'SuperBike',
};
export const peritajeFuelLabel = label(PERITAJE_FUEL_LABELS);
