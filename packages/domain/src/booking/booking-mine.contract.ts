import { z } from 'zod';
import { ATTENTION_TYPES, FROM_FLOWS, PAYMENT_METHODS, copSchema } from './booking.primitives.ts';
import { BOOKING_STATES } from './booking-states.ts';

// ───────────────────────────── the user's bookings (beyond the spec) ─────────────────────────────

/** GET /api/togo/agendamientos/ — the user's bookings, newest appointment first. */
export const myBookingSchema = z.object({
  id: z.string(),
  referencia: z.string(),
  servicio: z.enum(FROM_FLOWS),
  estado: z.enum(BOOKING_STATES),
  /** Refund of a paid booking cancelled by staff; null when none. */
  estado_reembolso: z.enum(['pendiente', 'realizado', 'fallido']).nullable().optional(),
  placa: z.string(),
  fecha_agenda: z.string(),
  franja: z.string(),
  tipo_atencion: z.enum(ATTENTION_TYPES),
  metodo_pago: z.enum(PAYMENT_METHODS),
  price: copSchema,
  /** Combo name or trámite names. */
  detalle: z.array(z.string()),
  sede: z.object({
    id: z.string(),
    nombre: z.string(),
    direccion: z.string(),
    telefono: z.string(),
    maps: z.string(),
    ciudad: z.string(),
  }),
  direccion_servicio: z.string().nullable(),
  linkPago: z.string().nullable(),
  expira_en: z.string().nullable(),
  /**
   * The last payment of a booking still waiting for one was declined (issue 36): it stays payable until
   * `expira_en`, with a new link (POST …/pagar/) or on site (POST …/pagar-en-sitio/).
   */
  pago_rechazado: z.boolean().optional(),
  /**
   * The refund of a paid booking that was cancelled (issue 36): null when there is none; `valor` in pesos.
   * 'pendiente' while the gateway is being asked, 'realizado' once it accepted, 'fallido' while it is retried.
   */
  reembolso: z.object({ estado: z.enum(['pendiente', 'realizado', 'fallido']), valor: copSchema }).nullable(),
  creado: z.string(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;
export const myBookingsResponseSchema = z.object({ results: z.array(myBookingSchema) });
export type MyBookingsResponse = z.infer<typeof myBookingsResponseSchema>;
/** DELETE /api/togo/agendamientos/{id}/ → 204; another user's or unknown id → 404; past/cancelled → 409. */
export const bookingIdParamsSchema = z.object({
  id: z.uuid({ error: 'Agendamiento no encontrado.' }).transform((id) => id.toLowerCase()),
});
