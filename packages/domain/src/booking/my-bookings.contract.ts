import { z } from 'zod';
import { bookingDateSchema, franjaSchema } from './booking.primitives.ts';
import { myBookingSchema } from './booking-mine.contract.ts';

/**
 * 'Mis agendamientos' (beyond the spec): the user's bookings with what each one allows, and the calls of the
 * detail screen (reschedule, a fresh payment link, the calendar file). See docs/decisions/023-drivers-loop.md.
 */
export const MY_BOOKINGS_PATHS = {
  list: '/api/togo/agendamientos/',
  one: (id: string) => `/api/togo/agendamientos/${encodeURIComponent(id)}/`,
  reschedule: (id: string) => `/api/togo/agendamientos/${encodeURIComponent(id)}/reprogramar/`,
  pay: (id: string) => `/api/togo/agendamientos/${encodeURIComponent(id)}/pagar/`,
  payOnSite: (id: string) => `/api/togo/agendamientos/${encodeURIComponent(id)}/pagar-en-sitio/`,
  calendar: (id: string) => `/api/togo/agendamientos/${encodeURIComponent(id)}/calendario.ics`,
} as const;

export const MY_BOOKINGS_MSG = {
  notFound: 'Agendamiento no encontrado.',
  cancelWindowClosed: (hours: number) =>
    `Solo puedes cancelar o reprogramar sin costo hasta ${hours} horas antes de tu cita.`,
  notReschedulable: 'Este agendamiento ya no se puede reprogramar.',
  sameSlot: 'Elige una fecha u hora distinta a la de tu cita actual.',
  notPayable: 'Este agendamiento no tiene un pago pendiente.',
  changedMeanwhile: 'Tu agendamiento cambió mientras lo modificabas, intenta de nuevo.',
  dayClosed: 'La sede estará cerrada ese día. Elige otra fecha.',
} as const;

/** A booking of 'Mis agendamientos': the list's item plus what the policy allows now. */
export const myBookingItemSchema = myBookingSchema.extend({
  /** ISO instant until which cancelling or rescheduling is free (null when it no longer applies). */
  cancelable_hasta: z.string().nullable(),
  puede_cancelar: z.boolean(),
  puede_reprogramar: z.boolean(),
  /** Refund state of a cancelled paid booking, when the server knows it (optional on the wire). */
  estado_reembolso: z.string().nullable().optional(),
});
export type MyBookingItem = z.infer<typeof myBookingItemSchema>;
export const myBookingItemsResponseSchema = z.object({ results: z.array(myBookingItemSchema) });
export type MyBookingItemsResponse = z.infer<typeof myBookingItemsResponseSchema>;

/** POST …/reprogramar/ — another date and hour at the same branch. Answers the updated booking. */
export const rescheduleRequestSchema = z.object({
  fecha_agenda: bookingDateSchema,
  franja: franjaSchema,
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;

/** POST …/pagar/ — a fresh payment link for a booking waiting for its payment; the hold restarts. */
export const payAgainResponseSchema = z.object({
  linkPago: z.string(),
  expira_en: z.string(),
});
export type PayAgainResponse = z.infer<typeof payAgainResponseSchema>;
