import { useQuery } from '@tanstack/react-query';
import { ACTIVE_BOOKING_STATES } from '@togo/domain/booking/booking-states';
import { myBookingItemsResponseSchema, type MyBookingItem } from '@togo/domain/booking/my-bookings.contract';
import { FLEET_BULK_BOOKING_PATH } from '@togo/domain/fleet/fleet-bulk-booking.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** GET /api/togo/flota/agendamientos/ → the organisation's bookings, newest appointment first. */
export function useFleetBookingsQuery() {
  return useQuery({
    queryKey: ['fleet', 'bookings'],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar los agendamientos de la flota', () =>
        apiParse(myBookingItemsResponseSchema, FLEET_BULK_BOOKING_PATH, { signal }),
      ),
  });
}

const ACTIVE: ReadonlySet<string> = new Set(ACTIVE_BOOKING_STATES);

/**
 * The fleet's vehicles whose RTM is booked from `today` on, by plate, with the date and hour of the booking
 * (issue 37: 'Próximos servicios' no longer offers "Agendar" for them).
 */
export function bookedRtmByPlate(
  items: readonly MyBookingItem[],
  today: string,
): Map<string, Pick<MyBookingItem, 'fecha_agenda' | 'franja'>> {
  const booked = new Map<string, Pick<MyBookingItem, 'fecha_agenda' | 'franja'>>();
  for (const b of items) {
    if (b.servicio !== 'rtm' || !ACTIVE.has(b.estado) || b.fecha_agenda.slice(0, 10) < today) continue;
    const known = booked.get(b.placa);
    if (!known || b.fecha_agenda < known.fecha_agenda) {
      booked.set(b.placa, { fecha_agenda: b.fecha_agenda, franja: b.franja });
    }
  }
  return booked;
}
