import { useQuery } from '@tanstack/react-query';
import { bogotaInstant } from '@togo/domain/bogota-time';
import { slotHour } from '@togo/domain/booking/booking.rules';
import {
  MY_BOOKINGS_PATHS,
  myBookingItemsResponseSchema,
  type MyBookingItem,
} from '@togo/domain/booking/my-bookings.contract';
import { apiGet } from '../../../lib/api-client.ts';

const startOf = (b: MyBookingItem) => bogotaInstant(b.fecha_agenda, slotHour(b.franja) ?? 0);

/** The soonest booking still to come (confirmed or awaiting its payment), or null. */
function nextBooking(list: readonly MyBookingItem[], now: Date): MyBookingItem | null {
  let next: MyBookingItem | null = null;
  for (const b of list) {
    if (b.estado !== 'confirmada' && b.estado !== 'pendiente_pago') continue;
    if (startOf(b) <= now) continue;
    if (!next || startOf(b) < startOf(next)) next = b;
  }
  return next;
}

/**
 * The home's next appointment (issue 36): GET /api/togo/agendamientos/ under the key 'Mis agendamientos' uses,
 * so either screen finds the list the other loaded. A failure shows nothing (the home has other work).
 */
export const useNextBooking = () =>
  useQuery({
    queryKey: ['my-bookings'],
    queryFn: async ({ signal }) =>
      myBookingItemsResponseSchema.parse(await apiGet<unknown>(MY_BOOKINGS_PATHS.list, signal)).results,
    staleTime: 15_000,
    select: (list) => nextBooking(list, new Date()),
  });
