import { z } from 'zod';
import type { RtmBookingVehicle } from '../../lib/rtm-booking.ts';

/** Checks a company's vehicle given to the RTM wizard (navigation state, saved flow state). Decision 040. */
export const rtmBookingVehicleSchema = z.object({
  id: z.number().int().positive(),
  placa: z.string().min(1),
  city: z.number().int().positive().optional(),
  city_data: z.object({ name: z.string().min(1) }).optional(),
  origen: z.literal('flota'),
  rtm_vence: z.string().nullable().optional(),
}) satisfies z.ZodType<RtmBookingVehicle>;

export const isRtmBookingVehicle = (value: unknown): value is RtmBookingVehicle =>
  rtmBookingVehicleSchema.safeParse(value).success;

/** The booking vehicle a navigation state carries (navigation state is untyped: anything may come), or null. */
export function navigationBookingVehicle(state: unknown): RtmBookingVehicle | null {
  if (!state || typeof state !== 'object' || !('vehiculo' in state)) return null;
  const parsed = rtmBookingVehicleSchema.safeParse(state.vehiculo);
  return parsed.success ? parsed.data : null;
}
