import { z } from 'zod';
import { BOOKING_MSG } from './booking.messages.ts';
import { fromFlowSchema, requiredString, optionalString, bookingDateSchema } from './booking.primitives.ts';

// ───────────────────────────── slots ─────────────────────────────

/**
 * POST wh/transversal/ejecutar-accion/?accion=obtener_horarios_disponibles — plain body. `servicio` (peritaje:
 * combo id; trámites: trámite id) is optional; dates inclusive, at most 31 days.
 */
export const slotsRequestSchema = z
  .object({
    sede: requiredString(100),
    servicio: optionalString(200),
    fecha_agenda_desde: bookingDateSchema,
    fecha_agenda_hasta: bookingDateSchema,
    from_flow: fromFlowSchema,
  })
  .superRefine((v, ctx) => {
    if (v.fecha_agenda_hasta < v.fecha_agenda_desde) {
      ctx.addIssue({ code: 'custom', path: ['fecha_agenda_hasta'], message: BOOKING_MSG.invalidRange });
    } else if ((Date.parse(v.fecha_agenda_hasta) - Date.parse(v.fecha_agenda_desde)) / 86_400_000 > 30) {
      ctx.addIssue({ code: 'custom', path: ['fecha_agenda_hasta'], message: BOOKING_MSG.rangeTooLong });
    }
  });
export type SlotsRequest = z.input<typeof slotsRequestSchema>;

/** A free slot: `id` like '7:00 AM' (the `franja` to book), `bloque` its AM/PM toggle, seats left. */
export const slotSchema = z.object({
  id: z.string(),
  hora: z.string(),
  bloque: z.enum(['AM', 'PM']),
  disponibles: z.number().int().positive(),
});
export type Slot = z.infer<typeof slotSchema>;
/** One item per date of the range, in order ([0] = fecha_agenda_desde); full or past slots are left out. */
export const slotsDaySchema = z.object({ fecha: z.string(), slots: z.array(slotSchema) });
export const slotsResponseSchema = z.array(slotsDaySchema);
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;
