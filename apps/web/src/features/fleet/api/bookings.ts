import { useQuery } from '@tanstack/react-query';
import { myBookingItemsResponseSchema } from '@togo/domain/booking/my-bookings.contract';
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
